import assert from "node:assert/strict";
import { SearchError } from "../errors.ts";
import { foldOf, makeFolds, validateFolds } from "./folds.ts";

const levelOf = (i: number) => 1 + (i % 3);

Deno.test("two folds cover min(pool, 2 × batch) tasks, disjoint, sorted, stratified", () => {
  const pool = Array.from({ length: 30 }, (_, i) => i * 2);
  const f = makeFolds(pool, levelOf, 10, 42);
  assert.deepEqual(f.fold_sizes, [10, 10]);
  const all = f.folds.flat();
  assert.equal(new Set(all).size, 20);
  assert.ok(all.every((i) => pool.includes(i)));
  for (const fold of f.folds) {
    assert.deepEqual(fold, [...fold].sort((a, b) => a - b));
    const per = [1, 2, 3].map((l) => fold.filter((i) => levelOf(i) === l).length);
    assert.ok(Math.max(...per) - Math.min(...per) <= 2, `fold levels ${per}`);
  }
  assert.deepEqual(makeFolds(pool, levelOf, 10, 42), f);
  assert.notDeepEqual(makeFolds(pool, levelOf, 10, 43).folds, f.folds);
});

Deno.test("small pools are covered whole, small levels spread over both folds", () => {
  const f = makeFolds([0, 1, 2, 5], (i) => [1, 1, 2, 2, 3, 3, 3][i], 2, 42);
  assert.deepEqual(f.folds.flat().sort(), [0, 1, 2, 5]);
  assert.deepEqual(f.fold_sizes, [2, 2]);
});

Deno.test("rounds rotate through the folds", () => {
  assert.deepEqual([1, 2, 3, 4].map((t) => foldOf(t)), [0, 1, 0, 1]);
  assert.deepEqual([1, 2, 3, 4].map((t) => foldOf(t, 3)), [0, 1, 2, 0]);
  assert.deepEqual([1, 2, 3].map((t) => foldOf(t, 1)), [0, 0, 0]);
});

Deno.test("one fold is the whole search split, so every round evaluates the same tasks", () => {
  const pool = [0, 1, 2, 3, 4, 5];
  const f = makeFolds(pool, levelOf, 6, 7, 1);
  assert.deepEqual(f.folds, [pool]);
  assert.equal(f.n_folds, 1);
  validateFolds(f, pool, 6, 7, 1);
  assert.throws(() => validateFolds(f, pool, 6, 7, 2), /fold count 1 ≠ 2/);
});

Deno.test("persisted folds are checked against the protocol", () => {
  const pool = [0, 1, 2, 3, 4, 5];
  const f = makeFolds(pool, levelOf, 3, 1);
  validateFolds(f, pool, 3, 1);
  assert.throws(
    () => validateFolds(f, pool, 3, 2),
    (e) => e instanceof SearchError && /seed/.test(e.message),
  );
  const overlap = { ...f, folds: [f.folds[0], [...f.folds[1].slice(1), f.folds[0][0]]] };
  assert.throws(() => validateFolds(overlap, pool, 3, 1), /twice/);
  assert.throws(
    () => validateFolds({ ...f, folds: [[0, 1, 99], f.folds[1]] }, pool, 3, 1),
    /not in the search split/,
  );
});
