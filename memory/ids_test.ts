import assert from "node:assert/strict";
import { sequentialIds } from "./ids.ts";

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
