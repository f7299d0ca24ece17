/**
 * EGAS — experience-guided architecture search (docs/design.md#egas): the proposers (LLM, rules,
 * random) behind one port, proposal validation and repair, the three-objective Pareto archive,
 * the experience ledger, the observation graph, exploration coverage and component statistics,
 * the rules proposer's surrogate model, differential validation, and the label → module move
 * table shared with FGMD.
 *
 * @module
 */
export * from "./context.ts";
export * from "./differential.ts";
export * from "./ledger.ts";
export * from "./ledger_prose.ts";
export * from "./ledger_view.ts";
export * from "./llm_proposer.ts";
export * from "./moves.ts";
export * from "./obs_graph.ts";
export * from "./pareto.ts";
export * from "./proposal.ts";
export * from "./random_proposer.ts";
export * from "./rules_proposer.ts";
export * from "./schemas.ts";
export * from "./surrogate.ts";
export * from "./tracker.ts";
export * from "./validator.ts";
