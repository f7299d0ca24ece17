import assert from "node:assert/strict";
import { isAutomemError } from "../../core/automem_error.ts";
import { decodeCursor, encodeCursor, pageOf } from "./mcp_pages.ts";

Deno.test("pageOf walks every unit once in id order, even when units change between pages", () => {
  const units = ["d", "a", "é", "c", "b"].map((id) => ({ id }));
  const first = pageOf(units, undefined, 2);
  assert.deepEqual(first.items.map((u) => u.id), ["a", "b"]);
  // "a" deleted and "bb" added before the next page: nothing is skipped or repeated.
  const changed = [...units.filter((u) => u.id !== "a"), { id: "bb" }];
  const second = pageOf(changed, first.nextCursor, 2);
  assert.deepEqual(second.items.map((u) => u.id), ["bb", "c"]);
  const third = pageOf(changed, second.nextCursor, 2);
  assert.deepEqual(third.items.map((u) => u.id), ["d", "é"]);
  assert.equal(third.nextCursor, undefined);
});

Deno.test("a cursor round-trips any id, and a foreign cursor is an invalid_cursor error", () => {
  assert.equal(decodeCursor(encodeCursor("unit/é+1")), "unit/é+1");
  for (const bad of ["", "!!", "bm90IGpzb24", encodeCursor("x").slice(0, 5), btoa("{}")]) {
    assert.throws(() => decodeCursor(bad), (e) => isAutomemError(e, "invalid_cursor"), bad);
  }
});
