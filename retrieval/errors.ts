/**
 * Typed errors of the retrieval layer. Each names the offending field so a bad plan or call is
 * fixed at its source instead of surfacing as a silent empty result.
 *
 * @module
 */

/** Why a retriever could not be built or called. */
export type RetrieverErrorCode =
  | "missing_param"
  | "wrong_type"
  | "out_of_range"
  | "unknown_retriever"
  | "missing_dependency";

/** A retriever parameter, argument or dependency is unusable. */
export class RetrieverConfigError extends Error {
  /** Machine-readable reason. */
  readonly code: RetrieverErrorCode;
  /** The field at fault, e.g. `params.semantic_weight`, `topK`, `deps.store.graph`. */
  readonly field: string;
  /** Builds the error; the message always starts with the field name. */
  constructor(code: RetrieverErrorCode, field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.name = "RetrieverConfigError";
    this.code = code;
    this.field = field;
  }
}
