/**
 * The one root of every error automem throws on purpose. Callers can catch `AutomemError` and
 * branch on `code` without knowing which layer failed; `cause` keeps the original error.
 *
 * @module
 */

/** Options of an {@linkcode AutomemError}. */
export interface AutomemErrorOptions {
  /** The error that led to this one (kept, already scrubbed of secrets by the thrower). */
  cause?: unknown;
}

/** Root class of automem's errors: a stable machine-readable `code` plus a message for people. */
export class AutomemError extends Error {
  /** Machine-readable reason, stable across releases (e.g. `store_corrupt`, `model_http`). */
  readonly code: string;
  /** Builds the error. */
  constructor(code: string, message: string, options: AutomemErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AutomemError";
    this.code = code;
  }
}

/** Is `e` one of automem's own errors (optionally with the given code)? */
export function isAutomemError(e: unknown, code?: string): e is AutomemError {
  return e instanceof AutomemError && (code === undefined || e.code === code);
}
