/**
 * The `hybrid` store: Orama BM25 full-text search (`textSearch`) plus exact cosine over the flat
 * vector index (`vectorSearch`). Retrievers fuse the two themselves; `hybridSearch` offers the
 * same min-max fusion for direct users.
 *
 * @module
 */
import { OramaIndex } from "./orama_adapter.ts";
import { OramaStore } from "./orama_store.ts";
import { baseOptionsOf, type StoreConfig, type StoreDeps, tableOptionsOf } from "./store_config.ts";
import type { ScoredId, UnitFilter } from "./store_port.ts";
import { checkTopK, StoreError } from "./store_error.ts";
import { compareRanked } from "./top_k.ts";
import { type TableChange, UnitTable } from "./unit_table.ts";

/** Weights of {@linkcode HybridStore.hybridSearch}. */
export interface HybridWeights {
  semanticWeight: number;
  keywordWeight: number;
  /** Candidates taken from each side (default max(k, 10)). */
  candidates?: number;
}

/**
 * Scales scores to [0, 1] (all equal → all 1); a repeated id keeps its best value. Shared by
 * {@linkcode HybridStore.hybridSearch} and the hybrid retriever's fusion.
 */
export function minMaxNormalize(hits: readonly ScoredId[]): Map<string, number> {
  const out = new Map<string, number>();
  if (hits.length === 0) return out;
  let lo = Infinity, hi = -Infinity;
  for (const h of hits) {
    lo = Math.min(lo, h.score);
    hi = Math.max(hi, h.score);
  }
  for (const h of hits) {
    const v = hi > lo ? (h.score - lo) / (hi - lo) : 1;
    out.set(h.id, Math.max(out.get(h.id) ?? 0, v));
  }
  return out;
}

/** The `hybrid` store. */
export class HybridStore extends OramaStore {
  private constructor(
    table: UnitTable,
    config: StoreConfig,
    deps: StoreDeps,
    orama: OramaIndex,
  ) {
    super(table, baseOptionsOf("hybrid", config, deps), orama);
  }

  /** Opens (or creates) a hybrid store in `config.dir`. */
  static async open(config: StoreConfig, deps: StoreDeps): Promise<HybridStore> {
    const table = await UnitTable.open(tableOptionsOf(config));
    const orama = await OramaIndex.create({ text: true });
    const store = new HybridStore(table, config, deps, orama);
    await store.indexAll();
    return store;
  }

  /**
   * Min-max fused ranking of the keyword and vector candidates:
   * `semanticWeight · norm(cosine) + keywordWeight · norm(bm25)`, a missing side counting 0.
   * Returned scores are the fused values (not absolute similarities).
   */
  async hybridSearch(
    text: string,
    vector: Float32Array,
    k: number,
    weights: HybridWeights,
    filter?: UnitFilter,
  ): Promise<ScoredId[]> {
    checkTopK(k);
    for (const key of ["semanticWeight", "keywordWeight"] as const) {
      const w = weights[key];
      if (typeof w !== "number" || !Number.isFinite(w) || w < 0) {
        throw new StoreError(
          "invalid_argument",
          ["weights", key],
          `must be a finite number ≥ 0, got ${w}`,
        );
      }
    }
    const pool = weights.candidates ?? Math.max(k, 10);
    const [semantic, keyword] = await Promise.all([
      this.vectorSearch(vector, pool, filter),
      this.textSearch(text, pool, filter),
    ]);
    const s = minMaxNormalize(semantic), kw = minMaxNormalize(keyword);
    const fused: ScoredId[] = [];
    for (const id of new Set([...s.keys(), ...kw.keys()])) {
      const score = weights.semanticWeight * (s.get(id) ?? 0) +
        weights.keywordWeight * (kw.get(id) ?? 0);
      fused.push({ id, score });
    }
    return fused.sort(compareRanked).slice(0, k);
  }

  protected async indexChanges(changes: readonly TableChange[]): Promise<void> {
    await this.indexOrama(changes);
  }

  protected async unindex(ids: readonly string[]): Promise<void> {
    await this.orama.remove(ids);
  }

  protected searchText(
    query: string,
    k: number,
    filter: UnitFilter | undefined,
  ): Promise<ScoredId[]> {
    return this.orama.textSearch(query, k, filter);
  }
}
