/**
 * Grouping by cosine similarity: agglomerative clustering with average linkage on cosine
 * distance, cut at a distance — the reference's scipy `linkage(..., "average")` +
 * `fcluster(t, "distance")`, without scipy — and the similar pairs the pairwise ops judge.
 *
 * @module
 */
import { cosine, type VectorLike } from "../../core/vectors.ts";
import { byId } from "./support.ts";

/** Two units and their cosine. */
export type SimilarPair<T> = [T, T, number];

/**
 * Every pair `(a, b)`, `a` before `b` in `units`, that `eligible` admits and whose cosine is at
 * least `threshold`, most similar first, ties by the ids of `a` then `b`. A unit without a vector
 * counts as cosine 0 (so it pairs only under a threshold of 0 or less).
 */
export function similarPairs<T extends { id: string }>(
  units: readonly T[],
  vectors: ReadonlyMap<string, VectorLike>,
  threshold: number,
  eligible: (a: T, b: T) => boolean = () => true,
): SimilarPair<T>[] {
  const pairs: SimilarPair<T>[] = [];
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const a = units[i], b = units[j];
      if (!eligible(a, b)) continue;
      const va = vectors.get(a.id), vb = vectors.get(b.id);
      const c = va && vb ? cosine(va, vb) : 0;
      if (c >= threshold) pairs.push([a, b, c]);
    }
  }
  return pairs.sort((x, y) => y[2] - x[2] || byId(x[0], y[0]) || byId(x[1], y[1]));
}

/**
 * Clusters `vectors` so that every merge joins two clusters whose mean pairwise cosine distance
 * is at most `maxDistance`. Returns clusters of indices, each ascending, ordered by their first
 * index. Ties merge the lowest indices first, so the result depends only on the input order.
 */
export function averageLinkage(vectors: readonly VectorLike[], maxDistance: number): number[][] {
  const n = vectors.length;
  const dist = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = 1 - cosine(vectors[i], vectors[j]);
      dist[i * n + j] = d;
      dist[j * n + i] = d;
    }
  }
  const members: (number[] | undefined)[] = Array.from({ length: n }, (_, i) => [i]);
  // Float noise (1 - 0.8 = 0.19999999999999996) must not decide a cut exactly at the threshold.
  const limit = maxDistance + 1e-12;
  for (;;) {
    let bi = -1, bj = -1, best = Infinity;
    for (let i = 0; i < n; i++) {
      if (!members[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (!members[j]) continue;
        const d = dist[i * n + j];
        if (d < best) [bi, bj, best] = [i, j, d];
      }
    }
    if (bi < 0 || best > limit) break;
    const a = members[bi]!, b = members[bj]!;
    for (let k = 0; k < n; k++) {
      if (!members[k] || k === bi || k === bj) continue;
      // Lance–Williams update for average linkage.
      const d = (a.length * dist[bi * n + k] + b.length * dist[bj * n + k]) / (a.length + b.length);
      dist[bi * n + k] = d;
      dist[k * n + bi] = d;
    }
    members[bi] = [...a, ...b].sort((x, y) => x - y);
    members[bj] = undefined;
  }
  return members.filter((m): m is number[] => m !== undefined);
}
