/**
 * The run status server: a read-only Hono app over run directories (JSON API, live event stream
 * as server-sent events, the dashboard page), `serve()` to run it with `Deno.serve`, and the
 * confined, schema-validated run reader that reports reuse.
 *
 * Routes (all `GET`; errors are `{error: {code, message}}`):
 * `/api/health`, `/api/runs`, `/api/runs/:id`, `/api/runs/:id/rounds`, `/api/runs/:id/rounds/:t`,
 * `/api/runs/:id/candidates/:t/:k`, `/api/runs/:id/pareto`, `/api/runs/:id/ledger`,
 * `/api/runs/:id/usage`, `/api/runs/:id/events` (SSE) and `/` (dashboard).
 *
 * @module
 */
export * from "./api_schemas.ts";
export { type AppOptions, createApp } from "./app.ts";
export { authorized, bearerToken } from "./auth.ts";
export { type ErrorStatus, type ReadErrorCode, RunReadError } from "./errors.ts";
export { EventFileCursor } from "./event_file.ts";
export {
  applyEvent,
  emptyProgress,
  foldEvents,
  type ProgressState,
  wallSeconds,
} from "./progress_state.ts";
export { isProtectedRun, isProtectedTaskRecord, PROTECTED_BENCHMARKS } from "./redact.ts";
export { RunReader, type RunReaderOptions } from "./run_reader.ts";
export { type DerivedStatus, deriveStatus, type LockInfo, readLock } from "./run_status.ts";
export { isValidRunId, RUN_ID_PATTERN } from "./safe_paths.ts";
export {
  hostGuard,
  type HostGuardOptions,
  hostnameOf,
  isLoopback,
  listFlag,
} from "./host_guard.ts";
export {
  checkBind,
  type RunningServer,
  serve,
  ServeError,
  type ServeErrorCode,
  type ServeOptions,
} from "./serve.ts";
