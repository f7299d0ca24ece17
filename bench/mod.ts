/**
 * Task sources behind one in-process port: the `world` procedural benchmark, LoCoMo questions and
 * task files, their judges, and the registry the CLI and the search engine build them with.
 *
 * @module
 */
export * from "./answer.ts";
export * from "./benchmark_port.ts";
export * from "./errors.ts";
export * from "./games/mod.ts";
export * from "./judge.ts";
export * from "./locomo/mod.ts";
export * from "./registry.ts";
export * from "./task_file/mod.ts";
export * from "./task_identity.ts";
export * from "./task_result.ts";
export * from "./world/mod.ts";
