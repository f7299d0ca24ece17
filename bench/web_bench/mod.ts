/**
 * The three web benchmarks (GAIA, WebWalkerQA, xBench-DeepSearch) behind the benchmark port: the
 * loaded task shape, per-benchmark settings, judges, the toolkit they run with, redaction of
 * protected text, and the benchmark factory.
 *
 * @module
 */
export * from "./benchmark.ts";
export * from "./fixture_files.ts";
export * from "./judges.ts";
export * from "./kinds.ts";
export * from "./open.ts";
export * from "./redact.ts";
export * from "./toolkit.ts";
export * from "./web_task.ts";
