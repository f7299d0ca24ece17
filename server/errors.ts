/**
 * The one error type of the status server and the run reader. Each code maps to one HTTP status,
 * so routes never decide statuses themselves and a reader failure can never become a crash.
 *
 * @module
 */
import { AutomemError, type AutomemErrorOptions } from "../core/automem_error.ts";

/** Why a read of a run failed. */
export type ReadErrorCode =
  | "bad_request"
  | "unauthorized"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "internal";

/** HTTP statuses the server answers errors with. */
export type ErrorStatus = 400 | 401 | 404 | 405 | 409 | 500;

const STATUS: Readonly<Record<ReadErrorCode, ErrorStatus>> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  internal: 500,
};

/** A typed read error; `status` is the HTTP status the server answers with. */
export class RunReadError extends AutomemError {
  /** Machine-readable reason. */
  declare readonly code: ReadErrorCode;
  /** Builds the error. */
  constructor(code: ReadErrorCode, message: string, options?: AutomemErrorOptions) {
    super(code, message, options);
    this.name = "RunReadError";
  }

  /** The HTTP status for this error. */
  get status(): ErrorStatus {
    return STATUS[this.code];
  }
}

/** Shorthand for a 404. */
export function notFound(message: string): RunReadError {
  return new RunReadError("not_found", message);
}

/** Shorthand for a 409 (a file exists but is partial or does not match its schema). */
export function conflict(message: string, cause?: unknown): RunReadError {
  return new RunReadError("conflict", message, cause === undefined ? undefined : { cause });
}
