/**
 * Contrastive retrieval (docs/design.md#retriever-contrastive, with docs/design.md#fix-contrastive
 * fixed): three pools — units from successful tasks, units from failed tasks, and a neutral pool
 * for units synthesised by management ops or encoded from conversations (`task_outcome ""`), which
 * the reference could never return. Each pool yields its top-k by cosine; candidates are ranked by
 * `cosine · pool_weight` and report the raw cosine.
 *
 * Pool sizes are stated for the plan's `top_k`: asked for `k` units, a pool offers
 * `ceil(pool_k · k / plan.top_k)`, so the mix stays the same at any depth. A pool that runs out
 * (conversation memory has only neutral units) hands its shortfall to the pools that still have
 * units, in proportion to their sizes, so `retrieve(q, k)` returns `k` units whenever `k`
 * admissible units exist.
 *
 * Units without embeddings (or every unit, for a query without a usable embedding) are ranked
 * by effective score and report score 0, so the composer bands them VERY_LOW; they come after
 * every cosine hit of their pool.
 *
 * @module
 */
import type { RetrievePlan } from "../core/compiler.ts";
import { effectiveScore, type MemoryUnit } from "../core/unit.ts";
import { RetrieverConfigError } from "./errors.ts";
import { countParam, weightParam } from "./params.ts";
import {
  admissible,
  asScoredUnits,
  byKeyThenId,
  defineRetriever,
  excludedSet,
  queryFilter,
  searchQuery,
} from "./ranking.ts";
import type { RetrievalQuery, Retriever, RetrieverDeps, ScoredUnit } from "./retriever_port.ts";
import { isUsableVector } from "../core/vectors.ts";

/** One contrastive pool: which outcome it holds, its weight and how many units it offers. */
interface Pool {
  name: "success" | "failure" | "neutral";
  outcome: "success" | "failure" | "";
  weight: number;
  /** Units offered at the plan's `top_k`. */
  k: number;
}

/** A pool during one retrieval: its current quota and what it yielded. */
interface PoolDraw {
  pool: Pool;
  quota: number;
  got: PoolCandidate[];
  /** It yielded fewer than its quota: it has nothing more to give. */
  exhausted: boolean;
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

/**
 * Each pool's quota for `topK`: its `k` scaled by `topK / planTopK`, rounded up, so at the plan's
 * own depth the pools offer exactly their configured sizes.
 */
export function poolQuotas(ks: readonly number[], topK: number, planTopK: number): number[] {
  return ks.map((k) => Math.ceil((k * topK) / planTopK));
}

/**
 * Splits a shortfall over pools that can still give, in proportion to their sizes (rounded up,
 * so every open pool grows by at least one and the draw always terminates).
 */
export function shareShortfall(shortfall: number, ks: readonly number[]): number[] {
  const total = ks.reduce((a, b) => a + b, 0);
  return ks.map((k) => Math.ceil((shortfall * k) / total));
}

/** Builds the contrastive retriever from its plan. */
export function createContrastiveRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const planTopK = plan.top_k;
  if (!Number.isInteger(planTopK) || planTopK < 1) {
    throw new RetrieverConfigError(
      "out_of_range",
      "top_k",
      `pool sizes are stated for the plan's top_k, which must be a positive integer, got ${
        String(planTopK)
      }`,
    );
  }
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

  /** The pool's `limit` best units by effective score, skipping `skip`, all at score 0. */
  async function degradedPool(
    pool: Pool,
    limit: number,
    query: RetrievalQuery,
    excluded: ReadonlySet<string>,
    skip: ReadonlySet<string> = new Set(),
  ): Promise<PoolCandidate[]> {
    const units = (await deps.store.list(queryFilter(query, { outcomes: [pool.outcome] })))
      .filter((u) => admissible(u, excluded) && u.task_outcome === pool.outcome && !skip.has(u.id));
    const now = deps.clock ? deps.clock.now() : storeNow(units);
    const ranked = units.map((unit) => ({ unit, eff: effectiveScore(unit, now) }))
      .sort(byKeyThenId((c) => c.eff, (c) => c.unit.id))
      .slice(0, limit);
    // Rank score 0 for every degraded unit keeps them behind any real cosine hit.
    return ranked.map(({ unit, eff }) => ({
      unit,
      score: 0,
      rank: 0,
      eff,
      method: `contrastive_${pool.name}_fallback`,
    }));
  }

  /** The pool's best `quota` units: cosine hits, then units without embeddings. */
  async function drawPool(
    pool: Pool,
    quota: number,
    query: RetrievalQuery,
    excluded: ReadonlySet<string>,
    notes: Set<string>,
  ): Promise<PoolCandidate[]> {
    if (!isUsableVector(query.embedding)) return degradedPool(pool, quota, query, excluded);
    const inPool = { outcomes: [pool.outcome] };
    const probe = { vector: query.embedding };
    const { hits, units } = await searchQuery(deps.store, query, probe, quota, inPool);
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
    // Fewer dense hits than asked, yet more units in the pool: those have no embedding.
    if (
      scored.length >= quota || await deps.store.count(queryFilter(query, inPool)) <= scored.length
    ) {
      return scored;
    }
    const skip = new Set(scored.map((c) => c.unit.id));
    const rest = await degradedPool(pool, quota - scored.length, query, excluded, skip);
    if (rest.length > 0) {
      notes.add(
        scored.length === 0
          ? `${pool.name} pool has no embedded units: ranked by effective score`
          : `${pool.name} pool has units without embeddings: those ranked by effective score`,
      );
    }
    return [...scored, ...rest];
  }

  return defineRetriever("contrastive", async (query, topK, result) => {
    const excluded = excludedSet(query);
    if (!isUsableVector(query.embedding)) {
      result.notes.push("query has no usable embedding: all pools degraded");
    }
    const notes = new Set<string>();
    const quotas = poolQuotas(pools.map((p) => p.k), topK, planTopK);
    const draws: PoolDraw[] = pools.map((pool, i) => ({
      pool,
      quota: quotas[i],
      got: [],
      exhausted: false,
    }));
    for (;;) {
      for (const d of draws) {
        if (d.exhausted || d.got.length >= d.quota) continue;
        d.got = await drawPool(d.pool, d.quota, query, excluded, notes);
        d.exhausted = d.got.length < d.quota;
      }
      const shortfall = topK - draws.reduce((n, d) => n + d.got.length, 0);
      const open = draws.filter((d) => !d.exhausted);
      if (shortfall <= 0 || open.length === 0) break;
      const extra = shareShortfall(shortfall, open.map((d) => d.pool.k));
      open.forEach((d, i) => d.quota += extra[i]);
    }
    result.notes.push(...notes);
    result.units = asScoredUnits(draws.flatMap((d) => d.got).sort(comparePool).slice(0, topK));
    return result;
  });
}
