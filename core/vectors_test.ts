import assert from "node:assert/strict";
import { decodeFloat32Base64, l2Normalize } from "./vectors.ts";

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
  assert.throws(() => decodeFloat32Base64(btoa("abc")), RangeError);
});
