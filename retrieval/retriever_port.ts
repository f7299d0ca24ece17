/**
 * The retriever port. Scores are absolute similarities (raw cosine or BM25); weights only rank.
 * Retrievers never record access: only the management op `access_stats_update` does.
 *
 * @module
 */
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type { RetrievePlan } from "../core/compiler.ts";
import type { MemoryUnit } from "../core/unit.ts";
import type { UnitScope } from "../core/unit_scope.ts";
import type { MemoryStore } from "../stores/store_port.ts";

/** What a retriever is asked. */
export interface RetrievalQuery {
  /** The full literal task text (always kept: literal-preserving planning). */
  literal: string;
  /** The planner's abstract retrieval intent, or "". */
  abstract: string;
  /** Embedding of the query (literal, or the mean of literal and abstract), unit length. */
  embedding: Float32Array;
  /** Units from these tasks are never returned (self-retrieval guard). */
  excludeTaskIds: readonly string[];
  /** Only units of this scope and metadata (exact, AND); every path, graph expansion included. */
  scope?: UnitScope;
}

/** One retrieved unit. */
export interface ScoredUnit {
  unit: MemoryUnit;
  /** Absolute similarity used for banding; not the fused rank score. */
  score: number;
  /** Which path found it (`semantic`, `keyword`, `graph_seed`, `graph`, `cbr_case`...). */
  method: string;
}

/** What a retriever returns. */
export interface RetrievalResult {
  units: ScoredUnit[];
  /** Retriever name. */
  retriever: string;
  /** Set when an offline or degraded variant ran (e.g. `cbr_rerank:lexical`, `hyde:literal`). */
  variant?: string;
  /** Graph edges that supported the result, as (source, target, type). */
  used_edges: [string, string, string][];
  /** Human-readable notes for traces (fallbacks, skipped stages). */
  notes: string[];
}

/** Everything a retriever may use. */
export interface RetrieverDeps {
  store: MemoryStore;
  embedder: Embedder;
  /** Memory-side model; absent offline. */
  model?: ChatModel;
  /**
   * Time source for recency terms (contrastive's degraded pool ranks by effective score); when
   * absent, the newest timestamp among the ranked units stands in for "now".
   */
  clock?: Clock;
  signal?: AbortSignal;
}

/** The retriever port. */
export interface Retriever {
  readonly name: string;
  retrieve(query: RetrievalQuery, topK: number): Promise<RetrievalResult>;
}

/** Builds the retriever a plan names. */
export type RetrieverFactory = (plan: RetrievePlan, deps: RetrieverDeps) => Retriever;
