/**
 * Task sources behind one in-process port: the `world` procedural benchmark, LoCoMo questions,
 * Reflexion's HotpotQA trials, task files, the research agent with GAIA, WebWalkerQA and xBench-DeepSearch, their judges, and
 * the registry the CLI and the search engine build them with.
 * Task sources behind one in-process port: the `world` procedural benchmark, LoCoMo questions and
 * task files, their judges, and the registry the CLI and the search engine build them with; plus
 * `countModelCalls` (`automem bench calls`), the memory-side model calls per task.
 *
 * @module
 */
export * from "./agent/mod.ts";
export * from "./answer.ts";
export * from "./benchmark_port.ts";
export * from "./data_paths.ts";
export * from "./errors.ts";
export * from "./gaia/mod.ts";
export * from "./games/mod.ts";
export * from "./judge.ts";
export * from "./locomo/mod.ts";
export * from "./model_calls.ts";
export * from "./reflexion_hotpotqa/mod.ts";
export * from "./registry.ts";
export * from "./task_file/mod.ts";
export * from "./task_identity.ts";
export * from "./task_result.ts";
export * from "./web_bench/mod.ts";
export * from "./webwalker/mod.ts";
export * from "./world/mod.ts";
export * from "./xbench/mod.ts";
