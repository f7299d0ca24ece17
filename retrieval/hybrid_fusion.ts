/**
 * How the hybrid retriever combines its dense and keyword paths, and its optional dense
 * pseudo-relevance feedback. Kept apart from `hybrid.ts` so each choice is one small function a
 * test can pin.
 *
 * - **Weighted scores** (`rrf_k` 0, the default): each path's scores min-max normalised over its
 *   own hits, weighted and summed.
 * - **Reciprocal rank fusion** (`rrf_k` > 0): each path adds `weight / (rrf_k + rank)`; the
 *   scores themselves are ignored, so one path's outlier cannot flatten the other's spread.
 * - **Dense feedback** (`feedback_docs` > 0, `feedback_weight` > 0): Rocchio on the query vector,
 *   `q + w · mean(top documents)`, re-normalised, searched again: a paraphrase of the best hits
 *   is found even when it shares no word with the query.
 *
 * @module
 */
import { l2Normalize } from "../core/vectors.ts";
import type { MemoryUnit } from "../core/unit.ts";
import { minMaxNormalize } from "../stores/hybrid_store.ts";
import type { ScoredId } from "../stores/store_port.ts";

/** The fusion knobs of the hybrid retriever. */
export interface FusionParams {
  semanticWeight: number;
  keywordWeight: number;
  /** 0: weighted min-max scores; > 0: reciprocal rank fusion with this constant. */
  rrfK: number;
}

/**
 * The value a path's best hit contributes: 1 for weighted scores, `1 / (rrf_k + 1)` for RRF. A
 * bonus added to fused scores (the temporal one) is scaled by it to mean the same in both modes.
 */
export function fusionScale(params: FusionParams): number {
  return params.rrfK > 0 ? 1 / (params.rrfK + 1) : 1;
}

function rankScores(hits: readonly ScoredId[], k: number): Map<string, number> {
  const out = new Map<string, number>();
  hits.forEach((h, i) => {
    if (!out.has(h.id)) out.set(h.id, 1 / (k + i + 1));
  });
  return out;
}

/** Fused rank score per id (ids of both paths, dense first then keyword order). */
export function fuse(
  semantic: readonly ScoredId[],
  keyword: readonly ScoredId[],
  params: FusionParams,
): Map<string, number> {
  const sem = params.rrfK > 0 ? rankScores(semantic, params.rrfK) : minMaxNormalize(semantic);
  const kw = params.rrfK > 0 ? rankScores(keyword, params.rrfK) : minMaxNormalize(keyword);
  const out = new Map<string, number>();
  for (const id of [...sem.keys(), ...kw.keys()]) {
    if (out.has(id)) continue;
    out.set(
      id,
      params.semanticWeight * (sem.get(id) ?? 0) + params.keywordWeight * (kw.get(id) ?? 0),
    );
  }
  return out;
}

/** Adds a third path's hits (e.g. query expansion's) to `fused` with `weight`, in place. */
export function addPath(
  fused: Map<string, number>,
  hits: readonly ScoredId[],
  weight: number,
  params: FusionParams,
): void {
  const scores = params.rrfK > 0 ? rankScores(hits, params.rrfK) : minMaxNormalize(hits);
  for (const [id, v] of scores) fused.set(id, (fused.get(id) ?? 0) + weight * v);
}

/**
 * The Rocchio query vector: `query + weight · mean(embeddings of the docs best-fused first)`,
 * unit length; undefined when none of those units carries an embedding of the query's dimension.
 */
export function feedbackVector(
  query: Float32Array,
  fused: ReadonlyMap<string, number>,
  units: ReadonlyMap<string, MemoryUnit>,
  docs: number,
  weight: number,
): Float32Array | undefined {
  const top = [...fused].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, docs);
  const sum = new Float64Array(query.length);
  let n = 0;
  for (const [id] of top) {
    const e = units.get(id)?.embedding;
    if (!e || e.length !== query.length) continue;
    for (let i = 0; i < sum.length; i++) sum[i] += e[i];
    n++;
  }
  if (n === 0) return undefined;
  for (let i = 0; i < sum.length; i++) sum[i] = query[i] + (weight * sum[i]) / n;
  return l2Normalize(sum);
}
