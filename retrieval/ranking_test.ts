import assert from "node:assert/strict";
import type { UnitFilter } from "../stores/store_port.ts";
import { RetrieverConfigError } from "./errors.ts";
import {
  asScoredUnits,
  checkTopK,
  defineRetriever,
  queryFilter,
  searchAdmissible,
  searchQuery,
  topByRank,
} from "./ranking.ts";
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

Deno.test("defineRetriever: topK 0 answers an empty named result without running the body", async () => {
  let runs = 0;
  const r = defineRetriever("probe", (_q, topK, result) => {
    runs++;
    result.notes.push(`asked ${topK}`);
    return Promise.resolve(result);
  }, "probe:offline");
  const q = makeQuery("q", qvec(0));
  assert.equal(r.name, "probe");
  assert.deepEqual(await r.retrieve(q, 0), {
    units: [],
    retriever: "probe",
    used_edges: [],
    notes: [],
    variant: "probe:offline",
  });
  assert.equal(runs, 0);
  assert.deepEqual((await r.retrieve(q, 3)).notes, ["asked 3"]);
  await assert.rejects(() => r.retrieve(q, 1.5), RetrieverConfigError);
  assert.equal(runs, 1);
  const plain = await defineRetriever("plain", (_q, _k, res) => Promise.resolve(res))
    .retrieve(q, 0);
  assert.equal("variant" in plain, false);
});

Deno.test("asScoredUnits: keeps only unit, score and method", () => {
  const ranked = [{ unit: makeUnit("a"), score: 0.4, method: "m", fused: 9, vector: [1] }];
  assert.deepEqual(asScoredUnits(ranked), [{ unit: ranked[0].unit, score: 0.4, method: "m" }]);
});

Deno.test("searchQuery: vector and text probes honour the query's filter plus the extra one", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("own", { text: "alpha", vector: vec(0), source_task_id: "self" }),
    makeUnit("ok", { text: "alpha beta", vector: vec(0, 0.2) }),
    makeUnit("bad", { text: "alpha gamma", vector: vec(0, 0.1), task_outcome: "failure" }),
  ]);
  const q = makeQuery("alpha", qvec(0), { excludeTaskIds: ["self"] });
  const dense = await searchQuery(store, q, { vector: q.embedding }, 5);
  assert.deepEqual(dense.hits.map((h) => h.id), ["bad", "ok"]);
  assert.deepEqual([...dense.units.keys()].sort(), ["bad", "ok"]);
  const text = await searchQuery(store, q, { text: "alpha" }, 5, { outcomes: ["success"] });
  assert.deepEqual(text.hits.map((h) => h.id), ["ok"]);
  assert.deepEqual(store.calls.map((c) => [c.method, c.filter]), [
    ["vectorSearch", { activeOnly: true, excludeTaskIds: ["self"] }],
    ["textSearch", { outcomes: ["success"], activeOnly: true, excludeTaskIds: ["self"] }],
  ]);
});
