/**
 * Case-based recall (docs/design.md#retriever-cbr, the CBR stage of `cbr_rerank`). A unit's case
 * score is the cosine between the query and the embedding of the task the unit came from
 * (`source_task_query`); its content score is the dense cosine of its own text. Candidates rank by
 * `max(case, content_weight · content)` and report `max(case, content)` as their similarity.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import type { Embedder } from "../core/ports.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import { admissible, byKeyThenId, excludedSet, queryFilter, searchQuery } from "./ranking.ts";
import type { RetrievalQuery, ScoredUnit } from "./retriever_port.ts";
import { cosine, isUsableVector } from "../core/vectors.ts";

/**
 * Source-task texts embedded per call. Bounded so one retrieval over a large store does not send
 * the embedder a single unbounded request (reference `encode_batch_size`).
 */
export const CASE_EMBED_BATCH = 64;

/** A CBR candidate with both component scores. */
export interface CbrCandidate extends ScoredUnit {
  /** Cosine between the query and the unit's source task, or undefined without one. */
  caseScore?: number;
  /** Dense cosine of the unit's content, or undefined when outside the dense recall. */
  contentScore?: number;
  /** `max(case, content_weight · content)`. */
  rank: number;
}

/**
 * Embeddings of source-task texts, keyed by the text itself so an edited source invalidates its
 * entry by construction. Entries whose text left the store are dropped after each refresh, which
 * bounds the cache by the store's distinct source tasks.
 */
export class CaseEmbeddingCache {
  #embedder: Embedder;
  #vectors = new Map<string, Float32Array>();

  /** A cache filled through `embedder`. */
  constructor(embedder: Embedder) {
    this.#embedder = embedder;
  }

  /** Number of cached texts. */
  get size(): number {
    return this.#vectors.size;
  }

  /** Embeds the uncached `texts` in batches, then forgets texts not in `texts`. */
  async refresh(texts: ReadonlySet<string>, signal?: AbortSignal): Promise<void> {
    const missing = [...texts].filter((t) => !this.#vectors.has(t)).sort();
    for (let i = 0; i < missing.length; i += CASE_EMBED_BATCH) {
      const batch = missing.slice(i, i + CASE_EMBED_BATCH);
      const vectors = await this.#embedder.embed(batch, signal);
      if (vectors.length !== batch.length) {
        throw new AutomemError(
          "embedder_output",
          `embedder returned ${vectors.length} vectors for ${batch.length} texts`,
        );
      }
      batch.forEach((t, j) => this.#vectors.set(t, vectors[j]));
    }
    for (const t of [...this.#vectors.keys()]) if (!texts.has(t)) this.#vectors.delete(t);
  }

  /** The cached embedding of `text`. */
  get(text: string): Float32Array | undefined {
    return this.#vectors.get(text);
  }
}

/** What the CBR stage needs. */
export interface CbrContext {
  store: MemoryStore;
  cache: CaseEmbeddingCache;
  contentWeight: number;
  signal?: AbortSignal;
}

/** The `poolK` best CBR candidates, best first (ties by id). */
export async function cbrCandidates(
  query: RetrievalQuery,
  poolK: number,
  ctx: CbrContext,
): Promise<CbrCandidate[]> {
  if (poolK <= 0 || !isUsableVector(query.embedding)) return [];
  const excluded = excludedSet(query);
  const filter = queryFilter(query);
  const units = (await ctx.store.list(filter)).filter((u) => admissible(u, excluded, query.scope));
  const texts = new Set(units.map((u) => u.source_task_query.trim()).filter((t) => t !== ""));
  await ctx.cache.refresh(texts, ctx.signal);

  const candidates = new Map<string, CbrCandidate>();
  for (const unit of units) {
    const source = unit.source_task_query.trim();
    const vec = source === "" ? undefined : ctx.cache.get(source);
    if (!vec) continue;
    const caseScore = cosine(query.embedding, vec);
    candidates.set(unit.id, {
      unit,
      caseScore,
      score: caseScore,
      rank: caseScore,
      method: "cbr_case",
    });
  }
  const dense = await searchQuery(ctx.store, query, { vector: query.embedding }, 3 * poolK);
  for (const h of dense.hits) {
    const existing = candidates.get(h.id);
    const unit = existing?.unit ?? dense.units.get(h.id)!;
    const caseScore = existing?.caseScore;
    const weighted = ctx.contentWeight * h.score;
    const caseWins = caseScore !== undefined && caseScore >= weighted;
    candidates.set(h.id, {
      unit,
      caseScore,
      contentScore: h.score,
      score: Math.max(caseScore ?? -Infinity, h.score),
      rank: Math.max(caseScore ?? -Infinity, weighted),
      method: caseWins ? "cbr_case" : "cbr_content",
    });
  }
  return [...candidates.values()]
    .sort(byKeyThenId((c) => c.rank, (c) => c.unit.id))
    .slice(0, poolK);
}
