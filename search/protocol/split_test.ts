import assert from "node:assert/strict";
import { SearchError } from "../errors.ts";
import { allocate, parseDataSplit, SPLIT_KEYS, stratifiedSplit } from "./split.ts";

const levels = Array.from({ length: 60 }, (_, i) => 1 + (i % 3));
const sizes = { warmup: 6, search: 24, validation: 15, test: 9 };

Deno.test("stratified split: exact sizes, disjoint, level-proportional", () => {
  const s = stratifiedSplit(levels, sizes, 7);
  assert.deepEqual(SPLIT_KEYS.map((k) => s[k].length), [6, 24, 15, 9]);
  const all = SPLIT_KEYS.flatMap((k) => s[k]);
  assert.equal(new Set(all).size, all.length);
  for (const k of SPLIT_KEYS) {
    const counts = [1, 2, 3].map((l) => s[k].filter((i) => levels[i] === l).length);
    assert.ok(Math.max(...counts) - Math.min(...counts) <= 1, `${k} is stratified: ${counts}`);
    assert.deepEqual(s[k], [...s[k]].sort((a, b) => a - b));
  }
});

Deno.test("stratified split is seeded: same seed same split, another seed another split", () => {
  assert.deepEqual(stratifiedSplit(levels, sizes, 7), stratifiedSplit(levels, sizes, 7));
  assert.notDeepEqual(
    stratifiedSplit(levels, sizes, 7).optimization_indices,
    stratifiedSplit(levels, sizes, 8).optimization_indices,
  );
  // Not the first rows of each level (docs/design.md#fix-stratified-split).
  assert.notDeepEqual(stratifiedSplit(levels, sizes, 7).profile_indices, [0, 1, 2, 3, 4, 5]);
});

Deno.test("a split larger than the dataset or a search split under two tasks is refused", () => {
  assert.throws(
    () => stratifiedSplit(levels, { ...sizes, search: 100 }, 1),
    (e) => e instanceof SearchError && e.code === "dataset_too_small",
  );
  assert.throws(() => stratifiedSplit(levels, { ...sizes, search: 1 }, 1), /search_n/);
});

Deno.test("allocate is largest-remainder with ties to the first key", () => {
  assert.deepEqual([...allocate(5, new Map([["1", 3], ["2", 3], ["3", 1]]))], [["1", 2], ["2", 2], [
    "3",
    1,
  ]]);
  assert.deepEqual([...allocate(4, new Map([["1", 1], ["2", 10]]))], [["1", 0], ["2", 4]]);
  assert.deepEqual([...allocate(1, new Map([["b", 1], ["a", 1]]))], [["a", 1], ["b", 0]]);
});

Deno.test("a data split file is validated: types, duplicates, range, overlap", () => {
  const good = parseDataSplit(
    { optimization_indices: [0, 1], validation_indices: [2], final_test_indices: [3] },
    5,
    1,
  );
  assert.ok(good.ok && good.value.profile_indices.length === 0 && good.value.method === "file");
  const bad = parseDataSplit(
    {
      profile_indices: [true],
      optimization_indices: [0, 0, 9],
      validation_indices: [-1, 1],
      final_test_indices: [1],
    },
    5,
    1,
  );
  assert.equal(bad.ok, false);
  const codes = bad.ok ? [] : bad.issues.map((i) => `${i.path[0]}:${i.code}`);
  assert.deepEqual(codes, [
    "profile_indices:wrong_type",
    "optimization_indices:duplicate",
    "optimization_indices:out_of_range",
    "validation_indices:out_of_range",
    "final_test_indices:overlap",
  ]);
  const missing = parseDataSplit({ optimization_indices: [0, 1] }, 5, 1);
  assert.equal(missing.ok ? "" : missing.issues[0].code, "missing_field");
});
