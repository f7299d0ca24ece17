import assert from "node:assert/strict";
import { taskIdentity } from "./task_identity.ts";

Deno.test("identity is hash:row and rejects malformed input", () => {
  const h = "a".repeat(64);
  assert.equal(taskIdentity(h, 3), `${h}:3`);
  assert.throws(() => taskIdentity("xyz", 0), RangeError);
  assert.throws(() => taskIdentity(h, -1), RangeError);
  assert.throws(() => taskIdentity(h, 1.5), RangeError);
});
