import assert from "node:assert/strict";
import { averageLinkage, similarPairs } from "./clustering.ts";
import { axisVec, tilted } from "./testing/mod.ts";

Deno.test("averageLinkage groups vectors within the cut and leaves the rest alone", () => {
  const vs = [axisVec(0), axisVec(3), tilted(0, 0.95), tilted(3, 0.9), tilted(0, 0.9), axisVec(6)];
  assert.deepEqual(averageLinkage(vs, 0.2), [[0, 2, 4], [1, 3], [5]]);
});

Deno.test("averageLinkage uses the average, not the closest, distance to a cluster", () => {
  // c is close to a (0.85) but far from b: average distance to {a, b} exceeds the cut.
  const a = [1, 0, 0], b = [0.9, Math.sqrt(1 - 0.81), 0];
  const c = [0.85, -Math.sqrt(1 - 0.85 ** 2), 0];
  assert.deepEqual(averageLinkage([a, b, c], 0.2), [[0, 1], [2]]);
  assert.deepEqual(averageLinkage([a, b, c], 0.5), [[0, 1, 2]]);
});

Deno.test("averageLinkage merges at exactly the cut despite float noise", () => {
  assert.deepEqual(averageLinkage([axisVec(0), tilted(0, 0.8)], 1 - 0.8), [[0, 1]]);
  assert.deepEqual(averageLinkage([], 0.2), []);
});

Deno.test("similarPairs keeps admitted pairs over the threshold, most similar first, ties by id", () => {
  const units = ["d", "a", "c", "b", "x"].map((id) => ({ id }));
  const vectors = new Map([
    ["a", axisVec(0)],
    ["b", tilted(0, 0.9)],
    ["c", tilted(0, 0.9)],
    ["d", tilted(0, 0.8)],
  ]);
  // c and b are identical (cosine 1), but the predicate rules that pair out.
  const pairs = similarPairs(units, vectors, 0.79, (p, q) => !(p.id === "c" && q.id === "b"));
  assert.deepEqual(pairs.map(([p, q]) => `${p.id}-${q.id}`), ["d-b", "d-c", "a-b", "a-c", "d-a"]);
  assert.ok(Math.abs(pairs[2][2] - 0.9) < 1e-12);
  // A unit without a vector counts as cosine 0: it pairs only under a threshold of 0 or less.
  const withX = (t: number) => similarPairs(units, vectors, t).filter(([, q]) => q.id === "x");
  assert.equal(withX(0.01).length, 0);
  assert.deepEqual(withX(-0.5).map(([p, , c]) => [p.id, c]), [["a", 0], ["b", 0], ["c", 0], [
    "d",
    0,
  ]]);
});
