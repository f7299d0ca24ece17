/**
 * The rules every retriever shares: the `retrieve` contract (checked `topK`, empty result for
 * `topK = 0`), the store filter built from the query, the re-check of the self-retrieval guard,
 * and the final ordering (score descending, ties by id, at most top_k).
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";
import { matchesScope, type UnitScope } from "../core/unit_scope.ts";
import type { MemoryStore, ScoredId, UnitFilter } from "../stores/store_port.ts";
import { RetrieverConfigError } from "./errors.ts";
import type { RetrievalQuery, RetrievalResult, Retriever, ScoredUnit } from "./retriever_port.ts";

/** The store filter of a query: active units only, never from an excluded task, in its scope. */
export function queryFilter(query: RetrievalQuery, extra: UnitFilter = {}): UnitFilter {
  const filter: UnitFilter = {
    ...extra,
    activeOnly: true,
    excludeTaskIds: [...query.excludeTaskIds],
  };
  if (query.scope) filter.scope = query.scope;
  return filter;
}

/**
 * Whether a unit may be returned for this query. Stores are asked to filter already; this
 * re-check keeps the guard even when a store (or its index) lags behind a soft delete.
 */
export function admissible(
  unit: MemoryUnit,
  excluded: ReadonlySet<string>,
  scope?: UnitScope,
): boolean {
  return unit.is_active && !excluded.has(unit.source_task_id) && matchesScope(unit, scope);
}

/** The excluded task ids of a query as a set. */
export function excludedSet(query: RetrievalQuery): ReadonlySet<string> {
  return new Set(query.excludeTaskIds);
}

/** Checks the `topK` argument of `retrieve`. */
export function checkTopK(topK: number): number {
  if (!Number.isInteger(topK) || topK < 0) {
    throw new RetrieverConfigError(
      "out_of_range",
      "topK",
      `must be a non-negative integer, got ${topK}`,
    );
  }
  return topK;
}

/** The per-call work of a retriever: `topK` is a positive integer and `result` starts empty. */
export type RetrieveBody = (
  query: RetrievalQuery,
  topK: number,
  result: RetrievalResult,
) => Promise<RetrievalResult>;

/**
 * A retriever from its per-call body, with the contract every retriever shares applied once:
 * `topK` is checked, the result starts empty under the retriever's name (carrying `variant` when
 * one is given, e.g. an offline fallback fixed at construction), and `topK = 0` is answered with
 * that empty result without touching the store or a model.
 */
export function defineRetriever(name: string, body: RetrieveBody, variant?: string): Retriever {
  return {
    name,
    async retrieve(query: RetrievalQuery, topK: number): Promise<RetrievalResult> {
      checkTopK(topK);
      const result: RetrievalResult = { units: [], retriever: name, used_edges: [], notes: [] };
      if (variant !== undefined) result.variant = variant;
      return topK === 0 ? result : await body(query, topK, result);
    },
  };
}

/** Comparator: higher key first, then id ascending (the deterministic tie-break). */
export function byKeyThenId<T>(key: (item: T) => number, id: (item: T) => string) {
  return (a: T, b: T): number => {
    const d = key(b) - key(a);
    if (d !== 0 && !Number.isNaN(d)) return d;
    const ia = id(a);
    const ib = id(b);
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };
}

/** Sorts candidates by `rank` (default: score), ties by id, and keeps the first `topK`. */
export function topByRank<T extends ScoredUnit>(
  items: readonly T[],
  topK: number,
  rank: (item: T) => number = (item) => item.score,
): T[] {
  return [...items].sort(byKeyThenId(rank, (item) => item.unit.id)).slice(0, topK);
}

/** Only the port's fields of ranked candidates, so ranking extras never leak into a result. */
export function asScoredUnits(items: readonly ScoredUnit[]): ScoredUnit[] {
  return items.map(({ unit, score, method }) => ({ unit, score, method }));
}

/**
 * Loads units by id, keeping only admissible ones, in the order of `ids`. Missing ids (removed
 * between search and load) are skipped.
 */
export async function loadUnits(
  store: MemoryStore,
  ids: readonly string[],
  excluded: ReadonlySet<string>,
  scope?: UnitScope,
): Promise<Map<string, MemoryUnit>> {
  const out = new Map<string, MemoryUnit>();
  for (const id of ids) {
    if (out.has(id)) continue;
    const unit = await store.get(id);
    if (unit && admissible(unit, excluded, scope)) out.set(id, unit);
  }
  return out;
}

/** Admissible hits of a search, best first, with their loaded units. */
export interface AdmissibleHits {
  hits: ScoredId[];
  units: Map<string, MemoryUnit>;
}

/**
 * Runs `search(window)` until it yields `k` admissible hits or runs dry, doubling the window when
 * the re-check dropped some (a store whose index lags a soft delete must not shrink the result).
 */
export async function searchAdmissible(
  store: MemoryStore,
  search: (window: number) => Promise<ScoredId[]>,
  k: number,
  excluded: ReadonlySet<string>,
  scope?: UnitScope,
): Promise<AdmissibleHits> {
  let window = k;
  for (;;) {
    const raw = await search(window);
    const units = await loadUnits(store, raw.map((h) => h.id), excluded, scope);
    const seen = new Set<string>();
    const hits = raw.filter((h) => units.has(h.id) && !seen.has(h.id) && seen.add(h.id));
    if (hits.length >= k || raw.length < window || window === 0) {
      return { hits: hits.slice(0, k), units };
    }
    window *= 2;
  }
}

/** What a search sends the store: a vector (dense search) or a text (keyword search). */
export type SearchProbe = { vector: Float32Array } | { text: string };

/**
 * Admissible hits for `query`: `probe` searched under the query's filter (plus `extra`), excluded
 * tasks re-checked, the window widened as {@linkcode searchAdmissible} does.
 */
export function searchQuery(
  store: MemoryStore,
  query: RetrievalQuery,
  probe: SearchProbe,
  k: number,
  extra: UnitFilter = {},
): Promise<AdmissibleHits> {
  const filter = queryFilter(query, extra);
  const search = "vector" in probe
    ? (window: number) => store.vectorSearch(probe.vector, window, filter)
    : (window: number) => store.textSearch(probe.text, window, filter);
  return searchAdmissible(store, search, k, excludedSet(query), query.scope);
}
