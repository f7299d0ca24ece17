/**
 * Typed errors of the retrieval layer. Each names the offending field so a bad plan or call is
 * fixed at its source instead of surfacing as a silent empty result.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** Why a retriever could not be built or called. */
export type RetrieverErrorCode =
  | "missing_param"
  | "wrong_type"
  | "out_of_range"
  | "unknown_retriever"
  | "missing_dependency";

/** A retriever parameter, argument or dependency is unusable. */
export class RetrieverConfigError extends AutomemError {
  /** Machine-readable reason. */
  declare readonly code: RetrieverErrorCode;
  /** The field at fault, e.g. `params.semantic_weight`, `topK`, `deps.store.graph`. */
  readonly field: string;
  /** Builds the error; the message always starts with the field name. */
  constructor(code: RetrieverErrorCode, field: string, reason: string) {
    super(code, `${field}: ${reason}`);
    this.name = "RetrieverConfigError";
    this.field = field;
  }
}
