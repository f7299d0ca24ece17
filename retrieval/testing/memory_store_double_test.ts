import assert from "node:assert/strict";
import { MemoryStoreDouble } from "./memory_store_double.ts";
import { makeUnit, qvec, vec } from "./fixtures.ts";

Deno.test("MemoryStoreDouble: dedups by signature, soft-deletes, and honours filters", async () => {
  const store = new MemoryStoreDouble();
  const res = await store.add([makeUnit("a", { text: "same" }), makeUnit("b", { text: "same" })]);
  assert.deepEqual(res, { added: ["a"], deduped: [{ id: "b", existingId: "a" }] });
  await store.add([makeUnit("c", { task_outcome: "failure", source_task_id: "t9" })]);
  assert.equal(await store.remove(["a", "a"]), 1);
  assert.equal(await store.count(), 1);
  assert.equal(await store.count({ activeOnly: false }), 2);
  assert.equal(await store.count({ excludeTaskIds: ["t9"] }), 0);
  assert.equal(await store.count({ outcomes: ["success"] }), 0);
  assert.equal(await store.compact(), 1);
});

Deno.test("MemoryStoreDouble: remove is soft, list hides inactive units, compact drops them", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a"), makeUnit("b")]);
  assert.equal(await store.remove(["a", "a", "zz"]), 1);
  assert.deepEqual((await store.list()).map((u) => u.id), ["b"]);
  assert.equal((await store.get("a"))?.is_active, false);
  assert.equal(await store.count({ activeOnly: false }), 2);
  assert.equal(await store.compact(), 1);
  assert.equal(await store.get("a"), undefined);
});

Deno.test("MemoryStoreDouble: vectorSearch is exact cosine, textSearch is BM25, best first", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("near", { text: "alpha", vector: vec(0, 0.1) }),
    makeUnit("far", { text: "beta alpha gamma delta", vector: vec(0, 1) }),
    makeUnit("none", { text: "gamma" }),
  ]);
  assert.deepEqual((await store.vectorSearch(qvec(0), 5)).map((h) => h.id), ["near", "far"]);
  // Same term frequency: BM25's length normalisation ranks the shorter text first.
  assert.deepEqual((await store.textSearch("alpha", 5)).map((h) => h.id), ["near", "far"]);
  assert.deepEqual((await store.textSearch("gamma beta", 5)).map((h) => h.id), ["far", "none"]);
  assert.deepEqual(await store.textSearch("zeta", 5), []);
});

Deno.test("MemoryStoreDouble: graph neighbours run both ways and entities link units", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.8 }]);
  await store.graph!.linkEntities("a", [{ type: "tool", name: "Web Search!" }]);
  assert.deepEqual(await store.graph!.neighbours("m:b"), [
    { node: "m:a", type: "SIMILAR", weight: 0.8, direction: "in" },
  ]);
  assert.deepEqual((await store.graph!.neighbours("m:a")).map((n) => n.node), [
    "e:tool:web_search",
    "m:b",
  ]);
  assert.equal(await store.graph!.derivedEdgeCount(), 1);
  assert.equal(new MemoryStoreDouble().graph, undefined);
});

Deno.test("MemoryStoreDouble: graph update never touches edges; relations become edges on add", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([makeUnit("a")]);
  await store.add([
    makeUnit("b", {
      relations: [{ target_id: "a", relation_type: "reinforces", weight: 1, annotation: "" }],
    }),
  ]);
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 }]);
  const a = (await store.get("a"))!;
  a.relations = [];
  await store.update([a]);
  const types = (await store.graph!.listEdges()).map((e) => e.type).sort();
  assert.deepEqual(types, ["HAS_MEMORY", "HAS_MEMORY", "REINFORCES", "SIMILAR"]);
  assert.equal(await store.graph!.derivedEdgeCount(), 2);
  await store.graph!.linkEntities("a", [{ type: "Tag", name: "Web Search!" }]);
  assert.deepEqual((await store.graph!.neighbours("m:a", ["HAS_ENTITY"])).map((n) => n.node), [
    "e:tag:web_search",
  ]);
});

Deno.test("MemoryStoreDouble: compact also drops the edges of the units it deletes", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([makeUnit("a"), makeUnit("b")]);
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 }]);
  await store.remove(["a"]);
  assert.equal(await store.compact(), 1);
  assert.deepEqual((await store.graph!.listEdges()).map((e) => `${e.source}>${e.target}`), [
    "q:task-b>m:b",
  ]);
});

Deno.test("MemoryStoreDouble: units are copied in and out", async () => {
  const store = new MemoryStoreDouble();
  const unit = makeUnit("a");
  await store.add([unit]);
  unit.confidence = 0.1;
  const got = (await store.get("a"))!;
  got.confidence = 0.2;
  assert.equal((await store.get("a"))!.confidence, 1);
});

Deno.test("MemoryStoreDouble: handed-out units change the store only through update", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a")]);
  const u = (await store.get("a"))!;
  u.usage_count = 9;
  assert.equal((await store.get("a"))!.usage_count, 0);
  await store.update([u]);
  assert.equal((await store.get("a"))!.usage_count, 9);
  await assert.rejects(() => store.update([makeUnit("nope")]), /unknown unit/);
});

Deno.test("MemoryStoreDouble: an update naming an unknown unit writes nothing", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a")]);
  const u = (await store.get("a"))!;
  u.usage_count = 3;
  await assert.rejects(() => store.update([u, makeUnit("nope")]), /unknown unit 'nope'/);
  assert.equal((await store.get("a"))!.usage_count, 0);
  assert.equal(store.updateCalls, 1);
});

Deno.test("MemoryStoreDouble: records searches, flushes and the cold-start threshold", async () => {
  const store = new MemoryStoreDouble({ coldStartThreshold: 2 });
  await store.add([makeUnit("a", { vector: vec(0) })]);
  assert.equal((await store.health()).cold_start, true);
  await store.add([makeUnit("b")]);
  assert.equal((await store.health()).cold_start, false);
  await store.vectorSearch(qvec(0), 3, { types: ["tip"] });
  await store.textSearch("principle", 2);
  await store.flush();
  assert.deepEqual(store.calls.map((c) => [c.method, c.k]), [
    ["vectorSearch", 3],
    ["textSearch", 2],
  ]);
  assert.equal(store.flushes, 1);
});
