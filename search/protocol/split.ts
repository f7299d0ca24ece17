/**
 * Data splits: four disjoint lists of task positions (warm-up, search, validation, final test),
 * either seeded and level-stratified (fixing docs/design.md#fix-stratified-split: the reference
 * took the first rows of each level) or read from a `--data_split` file and validated.
 *
 * @module
 */
import { createRng, shuffle } from "../../core/rng.ts";
import type { Issue, ParseResult } from "../../core/issues.ts";
import { ARTIFACT_SCHEMA_VERSION, type DataSplit } from "../artifacts.ts";
import { SearchError } from "../errors.ts";

/** Requested split sizes. */
export interface SplitSizes {
  warmup: number;
  search: number;
  validation: number;
  test: number;
}

/** The reference's list names, in allocation order. */
export const SPLIT_KEYS = [
  "profile_indices",
  "optimization_indices",
  "validation_indices",
  "final_test_indices",
] as const;

/** Minimum size of the search split (two folds of at least one task). */
export const MIN_SEARCH_TASKS = 2;

/**
 * Largest-remainder allocation of `n` over groups with `available` items each, proportional to
 * availability; ties go to the group that sorts first by key. Never exceeds availability.
 */
export function allocate(n: number, available: Map<string, number>): Map<string, number> {
  const keys = [...available.keys()].sort();
  const total = keys.reduce((s, k) => s + available.get(k)!, 0);
  const out = new Map(keys.map((k) => [k, 0]));
  if (total === 0 || n === 0) return out;
  const exact = keys.map((k) => (n * available.get(k)!) / total);
  keys.forEach((k, i) => out.set(k, Math.floor(exact[i])));
  let left = n - keys.reduce((s, k) => s + out.get(k)!, 0);
  const order = keys.map((k, i) => ({ k, frac: exact[i] - Math.floor(exact[i]) }))
    .sort((a, b) => b.frac - a.frac || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  while (left > 0) {
    let progressed = false;
    for (const { k } of order) {
      if (left === 0) break;
      if (out.get(k)! < available.get(k)!) {
        out.set(k, out.get(k)! + 1);
        left--;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return out;
}

/**
 * Seeded, level-stratified split: each level's positions are shuffled once, then each bucket in
 * the order warm-up → search → validation → test takes a share of every level proportional to
 * what remains of it. Throws `dataset_too_small` when the sizes exceed the task count.
 */
export function stratifiedSplit(
  levels: readonly number[],
  sizes: SplitSizes,
  seed: number,
): DataSplit {
  const need = sizes.warmup + sizes.search + sizes.validation + sizes.test;
  if (need > levels.length) {
    throw new SearchError(
      "dataset_too_small",
      `the benchmark has ${levels.length} tasks but --warmup_n + --search_n + --validation_n + ` +
        `--test_n = ${need}`,
    );
  }
  if (sizes.search < MIN_SEARCH_TASKS) {
    throw new SearchError("dataset_too_small", `--search_n must be at least ${MIN_SEARCH_TASKS}`);
  }
  const rng = createRng(`split:${seed}`);
  const byLevel = new Map<string, number[]>();
  levels.forEach((level, i) => {
    const key = String(level);
    if (!byLevel.has(key)) byLevel.set(key, []);
    byLevel.get(key)!.push(i);
  });
  const remaining = new Map<string, number[]>();
  for (const key of [...byLevel.keys()].sort()) {
    remaining.set(key, shuffle(rng.fork(`level:${key}`), byLevel.get(key)!));
  }
  const take = (n: number): number[] => {
    const quotas = allocate(n, new Map([...remaining].map(([k, v]) => [k, v.length])));
    const out: number[] = [];
    for (const [key, q] of quotas) out.push(...remaining.get(key)!.splice(0, q));
    return out.sort((a, b) => a - b);
  };
  return {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    method: "stratified",
    seed,
    n_tasks: levels.length,
    profile_indices: take(sizes.warmup),
    optimization_indices: take(sizes.search),
    validation_indices: take(sizes.validation),
    final_test_indices: take(sizes.test),
  };
}

/**
 * Validates a `--data_split` document against `nTasks` tasks: the three required lists (and the
 * optional `profile_indices`) must hold integers (not booleans) in range, without duplicates,
 * and be pairwise disjoint; the search list needs at least two tasks.
 */
export function parseDataSplit(
  value: unknown,
  nTasks: number,
  seed: number,
): ParseResult<DataSplit> {
  const issues: Issue[] = [];
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      issues: [{ code: "not_object", path: [], message: "a data split must be a JSON object" }],
    };
  }
  const doc = value as Record<string, unknown>;
  const lists: Record<string, number[]> = {};
  const owner = new Map<number, string>();
  for (const key of SPLIT_KEYS) {
    const raw = doc[key];
    if (raw === undefined && key === "profile_indices") {
      lists[key] = [];
      continue;
    }
    if (!Array.isArray(raw)) {
      issues.push({
        code: raw === undefined ? "missing_field" : "wrong_type",
        path: [key],
        message: `${key} must be a list of task positions`,
      });
      continue;
    }
    const seen = new Set<number>();
    raw.forEach((v, i) => {
      if (typeof v !== "number" || !Number.isInteger(v)) {
        issues.push({
          code: "wrong_type",
          path: [key, i],
          message: `${key}[${i}] must be an integer, got ${JSON.stringify(v)}`,
        });
      } else if (v < 0 || v >= nTasks) {
        issues.push({
          code: "out_of_range",
          path: [key, i],
          message: `${key}[${i}] = ${v} is outside 0..${nTasks - 1}`,
        });
      } else if (seen.has(v)) {
        issues.push({ code: "duplicate", path: [key, i], message: `${key} lists ${v} twice` });
      } else {
        seen.add(v);
        const other = owner.get(v);
        if (other) {
          issues.push({
            code: "overlap",
            path: [key, i],
            message: `${v} is in both ${other} and ${key}`,
          });
        }
        owner.set(v, key);
      }
    });
    lists[key] = [...seen].sort((a, b) => a - b);
  }
  if (!issues.length && lists.optimization_indices.length < MIN_SEARCH_TASKS) {
    issues.push({
      code: "too_small",
      path: ["optimization_indices"],
      message: `optimization_indices needs at least ${MIN_SEARCH_TASKS} tasks`,
    });
  }
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      schema_version: ARTIFACT_SCHEMA_VERSION,
      method: "file",
      seed,
      n_tasks: nTasks,
      profile_indices: lists.profile_indices,
      optimization_indices: lists.optimization_indices,
      validation_indices: lists.validation_indices,
      final_test_indices: lists.final_test_indices,
    },
  };
}
