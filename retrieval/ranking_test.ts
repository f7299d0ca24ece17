import assert from "node:assert/strict";
import type { UnitFilter } from "../stores/store_port.ts";
import { RetrieverConfigError } from "./errors.ts";
import { checkTopK, queryFilter, searchAdmissible, topByRank } from "./ranking.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, qvec, vec } from "./testing/fixtures.ts";

Deno.test("queryFilter: always active-only and carries the excluded tasks", () => {
  const f: UnitFilter = queryFilter(makeQuery("q", qvec(0), { excludeTaskIds: ["t1"] }), {
    outcomes: ["failure"],
    activeOnly: false,
  });
  assert.deepEqual(f, { outcomes: ["failure"], activeOnly: true, excludeTaskIds: ["t1"] });
});

Deno.test("topByRank: higher rank first, ties by id, cut at top_k", () => {
  const items = ["c", "a", "b"].map((id) => ({ unit: makeUnit(id), score: 0.5, method: "m" }));
  assert.deepEqual(topByRank(items, 2).map((s) => s.unit.id), ["a", "b"]);
});

Deno.test("checkTopK: only non-negative integers", () => {
  assert.equal(checkTopK(0), 0);
  assert.throws(() => checkTopK(-2), RetrieverConfigError);
  assert.throws(() => checkTopK(Number.NaN), RetrieverConfigError);
});

Deno.test("searchAdmissible: widens the window when the re-check drops hits", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("own", { vector: vec(0), source_task_id: "self" }),
    makeUnit("gone", { vector: vec(0, 0.1), is_active: false }),
    makeUnit("x", { vector: vec(0, 0.2) }),
    makeUnit("y", { vector: vec(0, 0.3) }),
  ]);
  const windows: number[] = [];
  // The search ignores every filter, like a stale index.
  const res = await searchAdmissible(
    store,
    (k) => {
      windows.push(k);
      return store.vectorSearch(qvec(0), k, { activeOnly: false });
    },
    2,
    new Set(["self"]),
  );
  assert.deepEqual(res.hits.map((h) => h.id), ["x", "y"]);
  assert.deepEqual(windows, [2, 4]);
});
