import assert from "node:assert/strict";
import { StoreError } from "./store_error.ts";
import { decodeVector, encodeVector, packVectors, unpackVectors } from "./vector_codec.ts";

Deno.test("encodeVector and decodeVector round-trip float32 bits", () => {
  const v = Float32Array.from([0.1, -2.5, 1e-30, 3]);
  assert.deepEqual(decodeVector(encodeVector(v), 4, []), v);
  assert.throws(
    () => decodeVector(encodeVector(v), 5, ["f", 2]),
    (e: unknown) =>
      e instanceof StoreError && e.code === "corrupt_file" && e.path.join(".") === "f.2",
  );
});

Deno.test("packVectors and unpackVectors round-trip ids and vectors, odd id lengths included", () => {
  const ids = ["a", "bé", "ccc"];
  const vectors = ids.map((_, i) => Float32Array.from([i, i + 0.5]));
  const bytes = packVectors(2, ids, vectors);
  const back = unpackVectors(bytes, 2, "v.f32");
  assert.deepEqual([...back.keys()], ids);
  ids.forEach((id, i) => assert.deepEqual(back.get(id), vectors[i]));
  // A copy at an unaligned offset still decodes.
  const shifted = new Uint8Array(bytes.length + 1);
  shifted.set(bytes, 1);
  assert.deepEqual(unpackVectors(shifted.subarray(1), 2, "v.f32").get("ccc"), vectors[2]);
});

Deno.test("unpackVectors refuses damaged files with the file name", () => {
  const bytes = packVectors(2, ["a"], [Float32Array.from([1, 2])]);
  const bad = (b: Uint8Array, dim = 2) =>
    assert.throws(
      () => unpackVectors(b, dim, "v.f32"),
      (e: unknown) => e instanceof StoreError && e.code === "corrupt_file" && e.path[0] === "v.f32",
    );
  bad(bytes.subarray(0, bytes.length - 1));
  bad(bytes, 3);
  bad(new Uint8Array(4));
  const wrongMagic = bytes.slice();
  wrongMagic[0] = 0;
  bad(wrongMagic);
});
