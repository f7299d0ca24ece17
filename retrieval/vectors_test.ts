import assert from "node:assert/strict";
import { cosine, isUsableVector, norm, normalized, normalizedMean } from "./vectors.ts";

Deno.test("cosine: divides out norms, and is 0 for zero or mismatched vectors", () => {
  assert.ok(Math.abs(cosine([2, 0], [1, 1]) - Math.SQRT1_2) < 1e-12);
  assert.equal(cosine([0, 0], [1, 0]), 0);
  assert.equal(cosine([1, 0], [1, 0, 0]), 0);
});

Deno.test("normalized / normalizedMean: unit length, undefined for zero input", () => {
  assert.ok(Math.abs(norm(normalized([3, 4])!) - 1) < 1e-6);
  assert.equal(normalized([0, 0]), undefined);
  const m = normalizedMean([[1, 0], [0, 1]])!;
  assert.ok(Math.abs(m[0] - Math.SQRT1_2) < 1e-6 && Math.abs(m[1] - Math.SQRT1_2) < 1e-6);
  assert.equal(normalizedMean([[1, 0], [-1, 0]]), undefined);
  assert.throws(() => normalizedMean([[1, 0], [1]]), RangeError);
});

Deno.test("isUsableVector: rejects null, empty, zero and non-finite vectors", () => {
  assert.equal(isUsableVector(null), false);
  assert.equal(isUsableVector([]), false);
  assert.equal(isUsableVector([0, 0]), false);
  assert.equal(isUsableVector([NaN, 1]), false);
  assert.equal(isUsableVector(new Float32Array([0, 1])), true);
});
