import assert from "node:assert/strict";
import { median } from "./median.ts";

Deno.test("median takes the middle value, or the mean of the middle two", () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7]), 7);
});
