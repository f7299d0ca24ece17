/**
 * Retrieval: the six public retrievers (hybrid, contrastive, cbr_rerank, graph, hyde, mmr) built
 * by {@linkcode createRetriever} from a compiled plan, and the literal-preserving query planner.
 *
 * Every retriever returns only active units, never from `excludeTaskIds`, at most `topK`, with
 * ties broken by id; reported scores are absolute similarities (raw cosine, or a normalised
 * keyword score for keyword-only hybrid hits), while weights only rank.
 *
 * @example
 * ```ts
 * const retriever = createRetriever(plan.retrieve, { store, embedder, model });
 * const planned = await planQuery({ literal: task.text, progress: "" }, { model });
 * const embedding = await queryEmbedding(planned, embedder);
 * const result = await retriever.retrieve(
 *   { literal: planned.literal, abstract: planned.abstract, embedding, excludeTaskIds: [task.id] },
 *   plan.retrieve.top_k,
 * );
 * ```
 *
 * @module
 */
export type {
  RetrievalQuery,
  RetrievalResult,
  Retriever,
  RetrieverDeps,
  RetrieverFactory,
  ScoredUnit,
} from "./retriever_port.ts";
export { createRetriever } from "./create_retriever.ts";
export { RetrieverConfigError, type RetrieverErrorCode } from "./errors.ts";
export { createHybridRetriever } from "./hybrid.ts";
export { createContrastiveRetriever } from "./contrastive.ts";
export {
  createCbrRerankRetriever,
  renderRerankPrompt,
  type RerankReply,
  RerankReplySchema,
  rerankScores,
} from "./cbr_rerank.ts";
export { CASE_EMBED_BATCH, CaseEmbeddingCache, type CbrCandidate, cbrCandidates } from "./cbr.ts";
export { LEXICAL_RERANK_WEIGHTS, lexicalRelevance, OUTCOME_PRIOR } from "./lexical_rerank.ts";
export { createGraphRetriever, supportingEdges } from "./graph.ts";
export { createHydeRetriever, HydeReplySchema, renderHydePrompt } from "./hyde.ts";
export { createMmrRetriever, mmrSelect } from "./mmr.ts";
export {
  PLANNER_MAX_TOKENS,
  PlannerReplySchema,
  planQuery,
  queryEmbedding,
  type QueryPlan,
  type QueryPlanInput,
  type QueryPlannerOptions,
  renderPlannerPrompt,
} from "./query_planner.ts";
export { ABSTRACT_MAX_WORDS, abstractQuery } from "./query_abstraction.ts";
export { promptPlaceholders, PromptRenderError, renderPrompt } from "./render_prompt.ts";
export { askJson, type AskJsonResult } from "./ask_json.ts";
export { coverage, jaccard, STOPWORDS, termSet } from "./lexical.ts";
export { addPath, feedbackVector, fuse, type FusionParams, fusionScale } from "./hybrid_fusion.ts";
export { expandableWords, type ExpansionParams, expansionText } from "./query_expansion.ts";
export { contentTokens, type SoftDoc, softDoc, softMatch } from "./soft_match.ts";
export {
  countParam,
  type NumberBounds,
  numberParam,
  stringListParam,
  weightParam,
} from "./params.ts";
export { admissible, byKeyThenId, queryFilter, topByRank } from "./ranking.ts";
