import assert from "node:assert/strict";
import { createContrastiveRetriever } from "./contrastive.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, planFor, qvec, T0, TableEmbedder, vec } from "./testing/fixtures.ts";

const embedder = new TableEmbedder({});

Deno.test("contrastive: returns op-generated units (task_outcome '') from the neutral pool", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("s1", { vector: vec(0, 1.0) }),
    makeUnit("merged", { task_outcome: "", source_task_id: "", vector: vec(0, 0.1) }),
  ]);
  const res = await createContrastiveRetriever(planFor("contrastive"), { store, embedder })
    .retrieve(makeQuery("q", qvec(0)), 4);
  const merged = res.units.find((s) => s.unit.id === "merged");
  assert.ok(merged, "the op-generated unit is retrievable");
  assert.equal(merged.method, "contrastive_neutral");
  assert.equal(res.units[0].unit.id, "merged");
});

Deno.test("contrastive: ranks by cosine·pool_weight but reports the raw cosine", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("fail", { task_outcome: "failure", vector: vec(0, Math.acos(0.9)) }),
    makeUnit("ok", { task_outcome: "success", vector: vec(0, Math.acos(0.7)) }),
  ]);
  const res = await createContrastiveRetriever(planFor("contrastive"), { store, embedder })
    .retrieve(makeQuery("q", qvec(0)), 4);
  // 0.7·0.6 = 0.42 beats 0.9·0.4 = 0.36.
  assert.deepEqual(res.units.map((s) => s.unit.id), ["ok", "fail"]);
  assert.ok(Math.abs(res.units[1].score - 0.9) < 1e-6);
});

Deno.test("contrastive: each pool offers at most its own k", async () => {
  const store = new MemoryStoreDouble();
  await store.add(["x", "y", "z"].map((id, i) => makeUnit(id, { vector: vec(0, 0.1 * i) })));
  const res = await createContrastiveRetriever(planFor("contrastive", { success_k: 1 }), {
    store,
    embedder,
  }).retrieve(makeQuery("q", qvec(0)), 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["x"]);
});

Deno.test("contrastive: a pool without embeddings degrades to effective score, score 0", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("old", { task_outcome: "failure", confidence: 0.9 }),
    makeUnit("strong", {
      task_outcome: "failure",
      confidence: 1,
      usage_count: 2,
      success_count: 2,
    }),
    makeUnit("weak", { task_outcome: "failure", confidence: 0.2 }),
    makeUnit("ok", { vector: vec(0, 0.3) }),
  ]);
  const res = await createContrastiveRetriever(planFor("contrastive"), {
    store,
    embedder,
    clock: { now: () => T0 + 3_600_000 },
  }).retrieve(makeQuery("q", qvec(0)), 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["ok", "strong", "old"]);
  assert.deepEqual(res.units.slice(1).map((s) => [s.score, s.method]), [
    [0, "contrastive_failure_fallback"],
    [0, "contrastive_failure_fallback"],
  ]);
  assert.match(res.notes.join("\n"), /failure pool has no embedded units/);
});

Deno.test("contrastive: a query without a usable embedding degrades every pool", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("a", { vector: vec(0) }),
    makeUnit("b", { task_outcome: "", vector: vec(1) }),
  ]);
  const res = await createContrastiveRetriever(planFor("contrastive"), { store, embedder })
    .retrieve(makeQuery("q", new Float32Array(8)), 4);
  assert.deepEqual(res.units.map((s) => [s.unit.id, s.score]), [["a", 0], ["b", 0]]);
});
