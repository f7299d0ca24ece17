/**
 * The error the web tools throw. Tools turn it into a failed {@linkcode ToolResult} whose
 * `error` is the code, so the agent can react (try another URL, narrow a query) instead of
 * crashing the run.
 *
 * @module
 */
import { AutomemError } from "../../core/automem_error.ts";

/** Why a web tool call failed. */
export type WebErrorCode =
  | "bad_url"
  | "blocked_address"
  | "dns_failed"
  | "too_large"
  | "timeout"
  | "too_many_redirects"
  | "bad_content_type"
  | "http_status"
  | "network"
  | "aborted"
  | "cache_miss"
  | "no_provider"
  | "bad_response"
  | "unsupported"
  | "path_escape"
  | "archive_limit"
  | "not_found"
  | "bad_arguments";

/** A web tool failure with a machine-readable code; the message never holds a secret. */
export class WebToolError extends AutomemError {
  /** Narrowed code. */
  declare readonly code: WebErrorCode;
  /** HTTP status, when a server answered with an error status. */
  readonly status?: number;
  /** Builds the error. */
  constructor(
    code: WebErrorCode,
    message: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(code, message, { cause: options.cause });
    this.name = "WebToolError";
    if (options.status !== undefined) this.status = options.status;
  }
}
