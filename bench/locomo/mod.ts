/**
 * `locomo`: LoCoMo questions as tasks, scored by evidence recall@k offline and by a judge with a
 * model. The data file stays outside the repository.
 *
 * @module
 */
export * from "./benchmark.ts";
export * from "./default_path.ts";
