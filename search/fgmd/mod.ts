/**
 * FGMD — failure-guided module diagnosis (docs/design.md#fgmd): TF-IDF relevance against the
 * round-start pool, rule attribution of every task over the full taxonomy (plus a store-side
 * label), the computed summary, layer status and verdict (the text gradient
 * `bottleneck → evidence → action`), and the optional LLM stages that only add prose.
 *
 * @module
 */
export * from "./diagnose.ts";
export * from "./relevance.ts";
export * from "./rules.ts";
export * from "./schemas.ts";
export * from "./verdict.ts";
