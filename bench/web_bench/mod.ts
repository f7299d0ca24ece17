/**
 * What the three web benchmarks share: the loaded task shape and the judges.
 *
 * @module
 */
export * from "./judges.ts";
export * from "./web_task.ts";
