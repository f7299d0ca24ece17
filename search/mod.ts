/**
 * The search engine. `runSearch(config, deps)` runs (or resumes) a search into
 * `<output_dir>/<run_name>/`, emitting the typed event stream `events.jsonl`; `runSweep` maps the
 * whole architecture landscape. `parseSearchConfig` validates CLI flags. The on-disk formats
 * are defined in `artifacts.ts` and `events.ts`; the shapes a run is made of (context,
 * dependencies, strategy points) in `run_context.ts`. Run directories and their lock come from
 * `run_dir/` (re-exported here).
 *
 * @module
 */
export * from "./artifacts.ts";
export * from "./config.ts";
export * from "./deps.ts";
export * from "./engine.ts";
export * from "./engine_state.ts";
export * from "./errors.ts";
export * from "./events.ts";
export * from "./load_winner.ts";
export * from "./prompts.ts";
export * from "../run_dir/mod.ts";
export * from "./run_search.ts";
export * from "./service_port.ts";
export * from "./services.ts";
export * from "./strategy_curves.ts";
export * from "./strategy_sources.ts";
export * from "./stop_rules.ts";
export { configuredProposer, type ProposerFactory } from "./protocol/proposals.ts";
export * from "./sweep.ts";
export * from "./usage_report.ts";
export * as egas from "./egas/mod.ts";
export * as fgmd from "./fgmd/mod.ts";
export * as protocol from "./protocol/mod.ts";
