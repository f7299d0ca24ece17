/**
 * GAIA: the task-file loader (`Question, Final answer, file_name, task_id, Level`) and GAIA's
 * normalised answer scorer.
 *
 * @module
 */
export * from "./loader.ts";
export * from "./scorer.ts";
