/**
 * `reflexion-hotpotqa`: Reflexion's HotpotQA log as a memory benchmark with an offline objective
 * the dataset defines (is the gold answer in the budgeted context an architecture retrieves from
 * the agent's earlier trials?). The log stays outside the repository.
 *
 * @module
 */
export * from "./answer_in_context.ts";
export * from "./benchmark.ts";
export * from "./default_path.ts";
