import assert from "node:assert/strict";
import { createContrastiveRetriever, poolQuotas, shareShortfall } from "./contrastive.ts";
import { RetrieverConfigError } from "./errors.ts";
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

/** Five units per pool: success ranks 0.60..0.54, neutral 0.25..0.21, failure 0.20..0.16. */
async function threePools(): Promise<MemoryStoreDouble> {
  const store = new MemoryStoreDouble();
  const at = (cos: number) => vec(0, Math.acos(cos));
  await store.add([0, 1, 2, 3, 4].flatMap((i) => [
    makeUnit(`s${i}`, { vector: at(1 - 0.025 * i) }),
    makeUnit(`n${i}`, { task_outcome: "", vector: at(0.5 - 0.02 * i) }),
    makeUnit(`f${i}`, { task_outcome: "failure", vector: at(0.5 - 0.02 * i) }),
  ]));
  return store;
}

Deno.test("contrastive: each pool offers at most its own k while the other pools can fill top_k", async () => {
  const res = await createContrastiveRetriever(planFor("contrastive"), {
    store: await threePools(),
    embedder,
  }).retrieve(makeQuery("q", qvec(0)), 4);
  // s3 (rank 0.555) outranks n0 (0.25) but success_k = 3 caps the success pool.
  assert.deepEqual(res.units.map((s) => s.unit.id), ["s0", "s1", "s2", "n0"]);
});

Deno.test("contrastive: pool sizes scale with the requested k", async () => {
  const res = await createContrastiveRetriever(planFor("contrastive"), {
    store: await threePools(),
    embedder,
  }).retrieve(makeQuery("q", qvec(0)), 8);
  // At k = 8 (twice the plan's top_k) the pools offer 6, 4 and 4 units.
  assert.deepEqual(res.units.map((s) => s.unit.id), [
    "s0",
    "s1",
    "s2",
    "s3",
    "s4",
    "n0",
    "n1",
    "n2",
  ]);
});

Deno.test("contrastive: pool sizes are stated for the plan's top_k, read from the plan", async () => {
  const store = await threePools();
  const plan = { ...planFor("contrastive"), top_k: 8 };
  const res = await createContrastiveRetriever(plan, { store, embedder })
    .retrieve(makeQuery("q", qvec(0)), 4);
  // k = 4 is half the plan's depth: ceil(3/2) = 2 success, 1 failure, 1 neutral.
  assert.deepEqual(res.units.map((s) => s.unit.id), ["s0", "s1", "n0", "f0"]);
  assert.throws(
    () => createContrastiveRetriever({ ...plan, top_k: 0 }, { store, embedder }),
    (e) => e instanceof RetrieverConfigError && e.field === "top_k",
  );
});

Deno.test("contrastive: conversation memory (only neutral units) fills any k", async () => {
  const store = new MemoryStoreDouble();
  await store.add(Array.from({ length: 25 }, (_, i) =>
    makeUnit(`c${String(i).padStart(2, "0")}`, {
      task_outcome: "",
      source_task_id: "",
      vector: vec(0, 0.05 * i),
    })));
  const r = createContrastiveRetriever(planFor("contrastive"), { store, embedder });
  const res = await r.retrieve(makeQuery("q", qvec(0)), 20);
  assert.deepEqual(
    res.units.map((s) => s.unit.id),
    Array.from({ length: 20 }, (_, i) => `c${String(i).padStart(2, "0")}`),
  );
  assert.ok(res.units.every((s) => s.method === "contrastive_neutral"));
});

Deno.test("contrastive: returns min(k, admissible units) for every k over uneven pools", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("s0", { vector: vec(0, 0.1) }),
    makeUnit("f0", { task_outcome: "failure", vector: vec(0, 0.2) }),
    makeUnit("f1", { task_outcome: "failure", vector: vec(0, 0.3) }),
    makeUnit("x", { vector: vec(0) }),
    ...Array.from(
      { length: 9 },
      (_, i) => makeUnit(`n${i}`, { task_outcome: "", vector: vec(0, 0.1 * i) }),
    ),
  ]);
  const r = createContrastiveRetriever(planFor("contrastive"), { store, embedder });
  for (let k = 1; k <= 16; k++) {
    const res = await r.retrieve(makeQuery("q", qvec(0), { excludeTaskIds: ["task-x"] }), k);
    const ids = res.units.map((s) => s.unit.id);
    assert.equal(ids.length, Math.min(k, 12), `k = ${k}`);
    assert.equal(new Set(ids).size, ids.length, `k = ${k}: no duplicates`);
    assert.ok(!ids.includes("x"), `k = ${k}: the excluded task stays excluded`);
  }
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
  // The failure pool offers 2 (strong, old); the empty neutral pool's share brings in weak.
  assert.deepEqual(res.units.map((s) => s.unit.id), ["ok", "strong", "old", "weak"]);
  assert.deepEqual(res.units.slice(1).map((s) => [s.score, s.method]), [
    [0, "contrastive_failure_fallback"],
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

Deno.test("contrastive: units without embeddings fill a pool after its cosine hits", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("e", { task_outcome: "", vector: vec(0, 1.2) }),
    makeUnit("bare1", { task_outcome: "", confidence: 0.9 }),
    makeUnit("bare2", { task_outcome: "", confidence: 0.3 }),
  ]);
  const res = await createContrastiveRetriever(planFor("contrastive"), {
    store,
    embedder,
    clock: { now: () => T0 },
  }).retrieve(makeQuery("q", qvec(0)), 3);
  assert.deepEqual(res.units.map((s) => [s.unit.id, s.method]), [
    ["e", "contrastive_neutral"],
    ["bare1", "contrastive_neutral_fallback"],
    ["bare2", "contrastive_neutral_fallback"],
  ]);
  assert.match(res.notes.join("\n"), /neutral pool has units without embeddings/);
});

Deno.test("poolQuotas scales by k / plan top_k rounding up; shareShortfall grows every open pool", () => {
  assert.deepEqual(poolQuotas([3, 2, 2], 4, 4), [3, 2, 2]);
  assert.deepEqual(poolQuotas([3, 2, 2], 20, 4), [15, 10, 10]);
  assert.deepEqual(poolQuotas([3, 2, 2], 1, 4), [1, 1, 1]);
  assert.deepEqual(shareShortfall(10, [3, 2]), [6, 4]);
  assert.deepEqual(shareShortfall(1, [3, 2]), [1, 1]);
});
