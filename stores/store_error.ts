/**
 * The one error type stores throw for bad input and damaged files. It carries a machine code and
 * the path of the offending field, like the parse issues in `core/issues.ts`, so callers can
 * report what was wrong without parsing messages.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** Why a store operation was refused. */
export type StoreErrorCode =
  | "invalid_unit"
  | "embedding_dim"
  | "duplicate_id"
  | "unknown_id"
  | "invalid_edge"
  | "unknown_node"
  | "invalid_argument"
  | "corrupt_file"
  | "read_only"
  | "store_busy"
  | "embedder_mismatch"
  | "sdk_unavailable"
  | "closed";

/** A typed store failure: `code`, the field `path`, and a message naming field and reason. */
export class StoreError extends AutomemError {
  /** Machine-readable reason. */
  declare readonly code: StoreErrorCode;
  /** Path to the offending field, e.g. `["units", 3, "embedding"]`. */
  readonly path: (string | number)[];

  /** Builds the error. */
  constructor(code: StoreErrorCode, path: (string | number)[], message: string) {
    super(code, path.length > 0 ? `${path.join(".")}: ${message}` : message);
    this.name = "StoreError";
    this.path = path;
  }
}

/** Throws `invalid_argument` unless `k` is a non-negative integer (a top-k size). */
export function checkTopK(k: number, field = "k"): void {
  if (!Number.isInteger(k) || k < 0) {
    throw new StoreError("invalid_argument", [field], `must be a non-negative integer, got ${k}`);
  }
}
