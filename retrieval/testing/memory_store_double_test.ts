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

Deno.test("MemoryStoreDouble: units are copied in and out", async () => {
  const store = new MemoryStoreDouble();
  const unit = makeUnit("a");
  await store.add([unit]);
  unit.confidence = 0.1;
  const got = (await store.get("a"))!;
  got.confidence = 0.2;
  assert.equal((await store.get("a"))!.confidence, 1);
});
