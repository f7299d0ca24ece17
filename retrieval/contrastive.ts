/**
 * Contrastive retrieval (reference §5.4, with bug §10.4 fixed): three pools — units from
 * successful tasks, units from failed tasks, and a neutral pool for units synthesised by
 * management ops (`task_outcome ""`), which the reference could never return. Each pool yields
 * its top-k by cosine; candidates are ranked by `cosine · pool_weight` and report the raw cosine.
 *
 * A pool whose units have no embeddings (or a query without a usable embedding) degrades to
 * ranking by effective score and reports score 0, so the composer bands it VERY_LOW.
 *
 * @module
 */
import type { RetrievePlan } from "../core/compiler.ts";
import { effectiveScore, type MemoryUnit } from "../core/unit.ts";
import { countParam, weightParam } from "./params.ts";
import {
  admissible,
  byKeyThenId,
  checkTopK,
  excludedSet,
  queryFilter,
  searchAdmissible,
} from "./ranking.ts";
import type {
  RetrievalQuery,
  RetrievalResult,
  Retriever,
  RetrieverDeps,
  ScoredUnit,
} from "./retriever_port.ts";
import { isUsableVector } from "./vectors.ts";

/** One contrastive pool: which outcome it holds, its weight and how many units it offers. */
interface Pool {
  name: "success" | "failure" | "neutral";
  outcome: "success" | "failure" | "";
  weight: number;
  k: number;
}

interface PoolCandidate extends ScoredUnit {
  rank: number;
  /** Effective score of a degraded candidate: orders the rank-0 fallbacks among themselves. */
  eff: number;
}

/** Rank descending, then effective score descending, then id. */
function comparePool(a: PoolCandidate, b: PoolCandidate): number {
  return b.rank - a.rank || b.eff - a.eff ||
    (a.unit.id < b.unit.id ? -1 : a.unit.id > b.unit.id ? 1 : 0);
}

/**
 * "Now" for recency when no clock is injected: the newest timestamp among the units, which keeps
 * the ranking a pure function of the store's content.
 */
function storeNow(units: readonly MemoryUnit[]): number {
  let now = 0;
  for (const u of units) {
    for (const t of [u.created_at, u.last_accessed]) {
      const ms = t ? Date.parse(t) : NaN;
      if (Number.isFinite(ms)) now = Math.max(now, ms);
    }
  }
  return now;
}

/** Builds the contrastive retriever from its plan. */
export function createContrastiveRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const pools: Pool[] = [
    {
      name: "success",
      outcome: "success",
      weight: weightParam(plan, "success_weight"),
      k: countParam(plan, "success_k"),
    },
    {
      name: "failure",
      outcome: "failure",
      weight: weightParam(plan, "failure_weight"),
      k: countParam(plan, "failure_k"),
    },
    {
      name: "neutral",
      outcome: "",
      weight: weightParam(plan, "neutral_weight"),
      k: countParam(plan, "neutral_k"),
    },
  ];

  async function degradedPool(
    pool: Pool,
    query: RetrievalQuery,
    excluded: ReadonlySet<string>,
  ): Promise<PoolCandidate[]> {
    const units = (await deps.store.list(queryFilter(query, { outcomes: [pool.outcome] })))
      .filter((u) => admissible(u, excluded) && u.task_outcome === pool.outcome);
    const now = deps.clock ? deps.clock.now() : storeNow(units);
    const ranked = units.map((unit) => ({ unit, eff: effectiveScore(unit, now) }))
      .sort(byKeyThenId((c) => c.eff, (c) => c.unit.id))
      .slice(0, pool.k);
    // Rank score 0 for every degraded unit keeps them behind any real cosine hit.
    return ranked.map(({ unit, eff }) => ({
      unit,
      score: 0,
      rank: 0,
      eff,
      method: `contrastive_${pool.name}_fallback`,
    }));
  }

  return {
    name: "contrastive",
    async retrieve(query: RetrievalQuery, topK: number): Promise<RetrievalResult> {
      checkTopK(topK);
      const result: RetrievalResult = {
        units: [],
        retriever: "contrastive",
        used_edges: [],
        notes: [],
      };
      if (topK === 0) return result;
      const excluded = excludedSet(query);
      const queryUsable = isUsableVector(query.embedding);
      if (!queryUsable) result.notes.push("query has no usable embedding: all pools degraded");
      const candidates: PoolCandidate[] = [];
      for (const pool of pools) {
        const filter = queryFilter(query, { outcomes: [pool.outcome] });
        if (!queryUsable) {
          candidates.push(...await degradedPool(pool, query, excluded));
          continue;
        }
        const { hits, units } = await searchAdmissible(
          deps.store,
          (k) => deps.store.vectorSearch(query.embedding, k, filter),
          pool.k,
          excluded,
        );
        const scored: PoolCandidate[] = [];
        for (const h of hits) {
          const unit = units.get(h.id)!;
          if (unit.task_outcome !== pool.outcome) continue;
          scored.push({
            unit,
            score: h.score,
            rank: h.score * pool.weight,
            eff: 0,
            method: `contrastive_${pool.name}`,
          });
        }
        if (hits.length > 0) {
          candidates.push(...scored);
          continue;
        }
        // An empty dense result over a non-empty pool means none of its units has an embedding.
        if (await deps.store.count(filter) > 0) {
          result.notes.push(`${pool.name} pool has no embedded units: ranked by effective score`);
          candidates.push(...await degradedPool(pool, query, excluded));
        }
      }
      result.units = candidates.sort(comparePool).slice(0, topK).map(({ unit, score, method }) => ({
        unit,
        score,
        method,
      }));
      return result;
    },
  };
}
