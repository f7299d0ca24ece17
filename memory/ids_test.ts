import assert from "node:assert/strict";
import { continuingIds, sequentialIds } from "./ids.ts";

Deno.test("sequential ids are deterministic, padded and independent per generator", () => {
  const a = sequentialIds("run1");
  const b = sequentialIds("run1");
  assert.deepEqual([a(), a(), b()], ["run1-000001", "run1-000002", "run1-000001"]);
  assert.equal(sequentialIds()(), "u-000001");
});

Deno.test("a prefix with spaces or slashes is rejected", () => {
  assert.throws(() => sequentialIds("a b"), /id prefix must be/);
  assert.throws(() => sequentialIds("a/b"), /id prefix must be/);
});

Deno.test("continuing ids start after the highest stored id of the same prefix only", () => {
  const next = continuingIds("m", ["m-000007", "m-000002", "other-000099", "m-x", "mm-000050"]);
  assert.deepEqual([next(), next()], ["m-000008", "m-000009"]);
  assert.equal(continuingIds("a.b", ["aXb-000005"])(), "a.b-000001");
  assert.equal(continuingIds("m", [])(), "m-000001");
});
