import assert from "node:assert/strict";
import { averageLinkage } from "./clustering.ts";
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
