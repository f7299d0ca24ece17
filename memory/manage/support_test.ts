import assert from "node:assert/strict";
import { axisVec, KeywordEmbedder, makeUnit, MemoryStoreDouble, opContext } from "./testing/mod.ts";
import {
  addDrafts,
  asNode,
  commit,
  createUnit,
  entityOf,
  linkEdges,
  vectorsOf,
} from "./support.ts";

Deno.test("node and entity ids parse both ways", () => {
  assert.equal(asNode("abc"), "m:abc");
  assert.equal(asNode("m:abc"), "m:abc");
  assert.equal(asNode("e:tag:x"), "e:tag:x");
  assert.deepEqual(entityOf("e:concept:a:b"), { type: "concept", name: "a:b" });
  assert.equal(entityOf("m:x"), undefined);
});

Deno.test("commit updates first and removes last, so a victim keeps its last fields and is inactive", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("v")]);
  const v = (await store.get("v"))!;
  v.superseded_by = "w";
  const r = await commit(opContext(store), [v, v], ["v", "v"]);
  assert.deepEqual(r, { updated: 1, deactivated: 1 });
  const after = (await store.get("v"))!;
  assert.equal(after.superseded_by, "w");
  assert.equal(after.is_active, false);
});

Deno.test("linkEdges mirrors relations as upper-case edges and keeps existing feedback counts", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.graph!.upsertEdges([{
    source: "m:a",
    target: "m:b",
    type: "REINFORCES",
    weight: 0.2,
    usage_count: 3,
    success_count: 2,
  }]);
  await linkEdges(opContext(store), [{ from: "a", to: "b", type: "reinforces", weight: 0.9 }]);
  const [e] = await store.graph!.listEdges(["REINFORCES"]);
  assert.deepEqual(e, {
    source: "m:a",
    target: "m:b",
    type: "REINFORCES",
    weight: 0.9,
    usage_count: 3,
    success_count: 2,
  });
  await linkEdges(opContext(new MemoryStoreDouble()), [{
    from: "a",
    to: "b",
    type: "reinforces",
    weight: 1,
  }]);
});

Deno.test("vectorsOf embeds only units without a stored embedding, in one call", async () => {
  const embedder = new KeywordEmbedder(8, [["alpha", axisVec(2)]]);
  const units = [
    makeUnit("a", { embedding: axisVec(0) }),
    makeUnit("b", { text: "alpha" }),
    makeUnit("c", { text: "x" }),
  ];
  const vs = await vectorsOf(opContext(new MemoryStoreDouble(), { embedder }), units);
  assert.deepEqual(embedder.seen, ["alpha", "x"]);
  assert.deepEqual(Array.from(vs.get("b")!), axisVec(2));
  assert.deepEqual(vs.get("a"), axisVec(0));
});

Deno.test("createUnit signs, embeds and timestamps a valid unit with a seeded id", async () => {
  const ctx = opContext(new MemoryStoreDouble());
  const u = await createUnit(ctx, "cluster_merge", {
    type: "tip",
    content: { principle: "Do Y" },
    source_task_id: "cluster_merge",
    task_outcome: "",
    confidence: 1.4,
    source_refs: ["a"],
    extraction_model: "offline",
  }, ["a", "b"]);
  assert.equal(u.id, "cluster_merge(a,b)");
  assert.equal(u.confidence, 1);
  assert.equal(u.created_at, "2026-01-01T00:00:00.000Z");
  assert.equal(u.embedding?.length, 8);
  assert.match(u.signature, /^[0-9a-f]{16}$/);
});

Deno.test("addDrafts adds in one batch and keeps only the drafts whose unit the store kept", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("old", { text: "same" })]);
  const drafts = [
    { unit: makeUnit("n1", { text: "fresh" }), tag: 1 },
    { unit: makeUnit("n2", { text: "same" }), tag: 2 },
  ];
  const kept = await addDrafts(opContext(store), drafts);
  assert.deepEqual(kept.map((d) => d.tag), [1]);
  assert.equal(kept[0], drafts[0]);
  assert.equal(await store.count(), 2);
});
