import assert from "node:assert/strict";
import { abortRejection } from "./abort_rejection.ts";

Deno.test("abortRejection rejects with the given error on abort, and at once when already aborted", async () => {
  const c = new AbortController();
  const p = abortRejection(c.signal, () => new RangeError("stopped"));
  c.abort();
  await assert.rejects(p, RangeError);
  await assert.rejects(abortRejection(c.signal, () => new TypeError("late")), TypeError);
});

Deno.test("abortRejection without a signal never settles", async () => {
  const winner = await Promise.race([
    abortRejection(undefined, () => new Error("no")),
    Promise.resolve("other"),
  ]);
  assert.equal(winner, "other");
});
