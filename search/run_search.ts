/**
 * The library entry point of a search: {@linkcode runSearch} runs the engine over the real
 * benchmarks and memory core (any service can still be replaced through `deps.services`).
 *
 * @module
 */
import type { RunSummary } from "./artifacts.ts";
import type { SearchConfig } from "./config.ts";
import type { SearchDeps } from "./deps.ts";
import { runSearchWith } from "./engine.ts";
import { defaultServices } from "./services.ts";

/**
 * Runs (or resumes) a search: writes `<output_dir>/<run_name>/` and `events.jsonl`, and resolves
 * with `summary.json`'s content. Status `interrupted` when `deps.signal` aborted the run; throws
 * `RunDirError` or `SearchError` for refusals (exit code in `error.exitCode`) and failed runs.
 */
export function runSearch(config: SearchConfig, deps: SearchDeps): Promise<RunSummary> {
  return runSearchWith(config, deps, defaultServices);
}
