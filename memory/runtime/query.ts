/**
 * Builds the retrieval query of a memory request (docs/design.md#provide-memory steps 3–4): the
 * literal task text is always kept; the literal-preserving planner (`retrieval/query_planner.ts`)
 * adds an abstract intent — from the model, or from the deterministic offline abstraction — and the
 * query embedding is the unit-length mean of both. HyDE skips planning: it starts from the literal
 * question and writes its own hypotheses.
 *
 * @module
 */
import type { ChatModel, Embedder } from "../../core/ports.ts";
import type { RetrieverKind } from "../../core/space.ts";
import { planQuery, queryEmbedding } from "../../retrieval/query_planner.ts";

/** A planned, embedded query. */
export interface BuiltQuery {
  literal: string;
  abstract: string;
  embedding: Float32Array;
  /** `model` when the model supplied the abstract; `literal` otherwise (offline or fallback). */
  planner: "model" | "literal";
}

/** What building a query needs. */
export interface QueryDeps {
  embedder: Embedder;
  model?: ChatModel;
  signal?: AbortSignal;
}

/** Plans (except for hyde and cbr_rerank) and embeds the query of a request. */
export async function buildQuery(
  retriever: RetrieverKind,
  literal: string,
  progress: string,
  deps: QueryDeps,
): Promise<BuiltQuery> {
  // hyde and cbr_rerank spend their model call on the question itself (hypotheses, rerank), so
  // a planner call would only add a third guidance call per request.
  const plan = retriever === "hyde" || retriever === "cbr_rerank"
    ? { literal: literal.trim(), abstract: "", source: "literal" as const }
    : await planQuery({ literal, progress }, { model: deps.model, signal: deps.signal });
  const embedding = await queryEmbedding(plan, deps.embedder, deps.signal);
  return {
    literal: plan.literal,
    abstract: plan.abstract,
    embedding,
    planner: plan.source === "model" ? "model" : "literal",
  };
}
