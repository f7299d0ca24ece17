/**
 * The one error type the search engine throws for conditions a user can act on. `code` is
 * machine-readable and `exitCode` is what the CLI should exit with (2 for refusals of the run
 * directory, 1 otherwise).
 *
 * @module
 */
import { AutomemError, type AutomemErrorOptions } from "../core/automem_error.ts";

/** Why a search refused to start or stopped. */
export type SearchErrorCode =
  | "run_missing"
  | "protocol_mismatch"
  | "invalid_split"
  | "invalid_input"
  | "dataset_too_small"
  | "missing_model"
  | "corrupt_state"
  | "run_failed"
  | "no_winner"
  | "infrastructure";

const REFUSALS: ReadonlySet<SearchErrorCode> = new Set(["run_missing", "protocol_mismatch"]);

/** A typed search error; `details` carries structured context (e.g. what changed). */
export class SearchError extends AutomemError {
  /** Machine-readable reason. */
  declare readonly code: SearchErrorCode;
  /** Extra structured data (the changed protocol components, the lock holder...). */
  readonly details: Record<string, unknown>;
  /** Builds the error. */
  constructor(
    code: SearchErrorCode,
    message: string,
    details: Record<string, unknown> = {},
    options?: AutomemErrorOptions,
  ) {
    super(code, message, options);
    this.name = "SearchError";
    this.details = details;
  }

  /** The exit status the CLI should use: 2 for run-directory refusals, 1 otherwise. */
  get exitCode(): number {
    return REFUSALS.has(this.code) ? 2 : 1;
  }
}
