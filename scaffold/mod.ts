/**
 * Memory-as-files scaffolds: the declarative scaffold spec, the two-phase (LOG/PLAN) memory
 * agent over a game port, map analysis, sensors, metrics, scaffold evolution, data export and
 * the BALROG-shaped agent endpoint. The layer sits above `bench/` and `run_dir/` and below
 * `search/`, which plays the games as benchmarks through `game_benchmark.ts`.
 *
 * @module
 */
export * from "./action_repair.ts";
export * from "./agent.ts";
export * from "./env_lookup.ts";
export * from "./episode.ts";
export * from "./errors.ts";
export * from "./map_analysis.ts";
export * from "./metrics.ts";
export * from "./phases.ts";
export * from "./prompts.ts";
export * from "./sensors.ts";
export * from "./spec.ts";
export * from "./spec_file.ts";
export * from "./trace.ts";
export * from "./v0.ts";
