/**
 * The error a run directory raises for conditions a user can act on: it exists, it is missing,
 * another process holds it, or an artifact in it is corrupt. Search and scaffold evolution both
 * open run directories, so the error lives here, below both; `exitCode` is what the CLI exits
 * with (2 for refusals of the run directory, 1 otherwise).
 *
 * @module
 */
import { AutomemError, type AutomemErrorOptions } from "../core/automem_error.ts";

/** Why a run directory refused or could not be read. */
export type RunDirErrorCode = "run_exists" | "run_missing" | "locked" | "corrupt_state";

const REFUSALS: ReadonlySet<RunDirErrorCode> = new Set(["run_exists", "run_missing", "locked"]);

/** A typed run-directory error; `details` carries structured context (e.g. the lock holder). */
export class RunDirError extends AutomemError {
  /** Machine-readable reason. */
  declare readonly code: RunDirErrorCode;
  /** Extra structured data (the lock holder...). */
  readonly details: Record<string, unknown>;
  /** Builds the error. */
  constructor(
    code: RunDirErrorCode,
    message: string,
    details: Record<string, unknown> = {},
    options?: AutomemErrorOptions,
  ) {
    super(code, message, options);
    this.name = "RunDirError";
    this.details = details;
  }

  /** The exit status the CLI should use: 2 for run-directory refusals, 1 otherwise. */
  get exitCode(): number {
    return REFUSALS.has(this.code) ? 2 : 1;
  }
}
