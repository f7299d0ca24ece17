import assert from "node:assert/strict";
import { checkTopK, StoreError } from "./store_error.ts";

Deno.test("StoreError carries code and path and prefixes the message with the path", () => {
  const e = new StoreError("invalid_unit", ["units", 2, "confidence"], "too big");
  assert.equal(e.code, "invalid_unit");
  assert.deepEqual(e.path, ["units", 2, "confidence"]);
  assert.equal(e.message, "units.2.confidence: too big");
  assert.equal(new StoreError("closed", [], "closed store").message, "closed store");
});

Deno.test("checkTopK accepts natural numbers only", () => {
  checkTopK(0);
  checkTopK(10);
  for (const bad of [-1, 1.5, Number.NaN]) {
    assert.throws(
      () => checkTopK(bad),
      (e: unknown) => e instanceof StoreError && e.path[0] === "k",
    );
  }
});
