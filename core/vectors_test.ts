import assert from "node:assert/strict";
import { AutomemError } from "./automem_error.ts";
import {
  cosine,
  decodeFloat32Base64,
  isUsableVector,
  l2Normalize,
  norm,
  normalized,
  normalizedMean,
} from "./vectors.ts";

Deno.test("l2Normalize scales to unit length without touching the input", () => {
  const input = [3, 4];
  assert.deepEqual(Array.from(l2Normalize(input)), [0.6000000238418579, 0.800000011920929]);
  assert.deepEqual(input, [3, 4]);
});

Deno.test("l2Normalize keeps the zero vector at zero", () => {
  assert.deepEqual(Array.from(l2Normalize([0, 0, 0])), [0, 0, 0]);
});

Deno.test("decodeFloat32Base64 reads little-endian float32 values", () => {
  // 1.0 = 00 00 80 3F and -2.5 = 00 00 20 C0 in little-endian float32.
  const base64 = btoa(String.fromCharCode(0, 0, 0x80, 0x3f, 0, 0, 0x20, 0xc0));
  assert.deepEqual(Array.from(decodeFloat32Base64(base64)), [1, -2.5]);
});

Deno.test("decodeFloat32Base64 rejects data that is not a whole number of floats", () => {
  assert.throws(() => decodeFloat32Base64(btoa("abc")), AutomemError);
});

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
  assert.throws(() => normalizedMean([[1, 0], [1]]), AutomemError);
});

Deno.test("isUsableVector: rejects null, empty, zero and non-finite vectors", () => {
  assert.equal(isUsableVector(null), false);
  assert.equal(isUsableVector([]), false);
  assert.equal(isUsableVector([0, 0]), false);
  assert.equal(isUsableVector([NaN, 1]), false);
  assert.equal(isUsableVector(new Float32Array([0, 1])), true);
});
