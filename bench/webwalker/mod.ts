/**
 * WebWalkerQA: the task-file loader (`question, answer, root_url`, optional `info`).
 *
 * @module
 */
export * from "./loader.ts";
