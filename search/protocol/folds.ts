/**
 * The rotating folds over the search split (docs/design.md#folds): level-stratified, seeded, each
 * fold sorted; round `t` evaluates fold `(t − 1) mod n`. The reference fixes n = 2; `--folds 1`
 * makes every round evaluate the same tasks (a fixed objective, e.g. to compare search
 * strategies against a sweep of exactly those tasks).
 *
 * @module
 */
import { createRng, shuffle } from "../../core/rng.ts";
import { ARTIFACT_SCHEMA_VERSION, type Folds } from "../artifacts.ts";
import { DEFAULT_FOLDS } from "../config.ts";
import { SearchError } from "../errors.ts";
import { allocate } from "./split.ts";

/** The fold a round evaluates. */
export function foldOf(round: number, nFolds = DEFAULT_FOLDS): number {
  return (round - 1) % nFolds;
}

/**
 * Builds the folds: when the pool exceeds `nFolds × batchSize` each level is subsampled by a
 * largest-remainder quota after a seeded shuffle; each level (sorted by name) is then dealt
 * round-robin into the folds with a rotating start so small levels spread over both folds.
 */
export function makeFolds(
  pool: readonly number[],
  levelOf: (index: number) => number,
  batchSize: number,
  seed: number,
  nFolds = DEFAULT_FOLDS,
): Folds {
  const rng = createRng(`folds:${seed}`);
  const byLevel = new Map<string, number[]>();
  for (const i of [...pool].sort((a, b) => a - b)) {
    const key = String(levelOf(i));
    if (!byLevel.has(key)) byLevel.set(key, []);
    byLevel.get(key)!.push(i);
  }
  const target = Math.min(pool.length, batchSize * nFolds);
  const quotas = allocate(target, new Map([...byLevel].map(([k, v]) => [k, v.length])));
  const folds: number[][] = Array.from({ length: nFolds }, () => []);
  let start = 0;
  for (const key of [...byLevel.keys()].sort()) {
    const chosen = shuffle(rng.fork(`sample:${key}`), byLevel.get(key)!).slice(0, quotas.get(key));
    const dealt = shuffle(rng.fork(`deal:${key}`), chosen);
    dealt.forEach((index, j) => folds[(start + j) % nFolds].push(index));
    start = (start + dealt.length) % nFolds;
  }
  for (const f of folds) f.sort((a, b) => a - b);
  return {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    folds,
    n_folds: nFolds,
    fold_sizes: folds.map((f) => f.length),
    seed,
    pool_size: pool.length,
  };
}

/**
 * Checks persisted folds against the current protocol (docs/design.md#resume): fold count, seed,
 * pool size, no duplicates, only pool members, and a union of exactly `min(pool, n × batch)` tasks.
 */
export function validateFolds(
  folds: Folds,
  pool: readonly number[],
  batchSize: number,
  seed: number,
  nFolds = DEFAULT_FOLDS,
): void {
  const problems: string[] = [];
  if (folds.n_folds !== nFolds || folds.folds.length !== nFolds) {
    problems.push(`fold count ${folds.folds.length} ≠ ${nFolds}`);
  }
  if (folds.seed !== seed) problems.push(`seed ${folds.seed} ≠ ${seed}`);
  if (folds.pool_size !== pool.length) {
    problems.push(`pool size ${folds.pool_size} ≠ ${pool.length}`);
  }
  const inPool = new Set(pool);
  const seen = new Set<number>();
  for (const f of folds.folds) {
    for (const i of f) {
      if (seen.has(i)) problems.push(`task ${i} appears twice`);
      if (!inPool.has(i)) problems.push(`task ${i} is not in the search split`);
      seen.add(i);
    }
  }
  const want = Math.min(pool.length, batchSize * nFolds);
  if (seen.size !== want) problems.push(`folds cover ${seen.size} tasks, expected ${want}`);
  if (problems.length) {
    throw new SearchError(
      "corrupt_state",
      `search_folds.json is inconsistent: ${problems.join("; ")}`,
    );
  }
}
