import assert from "node:assert/strict";
import { minMaxNormalize } from "../stores/hybrid_store.ts";
import { createHybridRetriever } from "./hybrid.ts";
import { RetrieverConfigError } from "./errors.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import {
  FUSION_ONLY,
  makeQuery,
  makeUnit,
  planFor,
  qvec,
  TableEmbedder,
  vec,
} from "./testing/fixtures.ts";

const embedder = new TableEmbedder({});

async function fixture() {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("a", { text: "alpha beta gamma", vector: vec(0) }),
    makeUnit("b", { text: "invoice parsing from pdf files", vector: vec(0, 0.8) }),
    makeUnit("c", { text: "delta epsilon", vector: vec(0, 1.2) }),
    makeUnit("d", { text: "invoice totals", vector: null }),
  ]);
  return store;
}

Deno.test("hybrid: the semantic/keyword weights decide which unit ranks first", async () => {
  const store = await fixture();
  const query = makeQuery("invoice parsing", qvec(0));
  const semHeavy = createHybridRetriever(
    planFor("hybrid", { ...FUSION_ONLY, semantic_weight: 0.9, keyword_weight: 0.1 }),
    { store, embedder },
  );
  const kwHeavy = createHybridRetriever(
    planFor("hybrid", { ...FUSION_ONLY, semantic_weight: 0.1, keyword_weight: 0.9 }),
    { store, embedder },
  );
  assert.equal((await semHeavy.retrieve(query, 4)).units[0].unit.id, "a");
  assert.equal((await kwHeavy.retrieve(query, 4)).units[0].unit.id, "b");
});

Deno.test("hybrid: reports the raw cosine, not the fused score", async () => {
  const store = await fixture();
  const r = createHybridRetriever(planFor("hybrid"), { store, embedder });
  const res = await r.retrieve(makeQuery("invoice parsing", qvec(0)), 4);
  const b = res.units.find((s) => s.unit.id === "b")!;
  assert.ok(Math.abs(b.score - Math.cos(0.8)) < 1e-6);
  assert.equal(b.method, "semantic+keyword");
});

Deno.test("hybrid: a keyword-only hit reports its min-max normalised keyword score", async () => {
  const store = await fixture();
  const r = createHybridRetriever(planFor("hybrid"), { store, embedder });
  const res = await r.retrieve(makeQuery("invoice totals", qvec(0)), 4);
  const d = res.units.find((s) => s.unit.id === "d")!;
  assert.equal(d.method, "keyword");
  assert.ok(d.score >= 0 && d.score <= 1);
  assert.equal(d.score, 1, "d is the best keyword hit, so it normalises to 1");
  assert.equal(res.units.length, 4);
});

Deno.test("hybrid: each path is asked for max(2·top_k, sub_k_min)", async () => {
  const store = await fixture();
  await createHybridRetriever(planFor("hybrid"), { store, embedder })
    .retrieve(makeQuery("invoice", qvec(0)), 4);
  await createHybridRetriever(planFor("hybrid", { sub_k_min: 3 }), { store, embedder })
    .retrieve(makeQuery("invoice", qvec(0)), 4);
  const ks = store.calls.filter((c) => c.method === "vectorSearch").map((c) => c.k);
  assert.deepEqual(ks, [10, 8]);
  assert.deepEqual(store.calls.filter((c) => c.method === "textSearch").map((c) => c.k), [10, 8]);
});

Deno.test("hybrid: rejects a negative weight and all-zero weights, naming the field", () => {
  const store = new MemoryStoreDouble();
  assert.throws(
    () => createHybridRetriever(planFor("hybrid", { semantic_weight: -1 }), { store, embedder }),
    (e) => e instanceof RetrieverConfigError && e.field === "params.semantic_weight",
  );
  assert.throws(
    () =>
      createHybridRetriever(planFor("hybrid", { semantic_weight: 0, keyword_weight: 0 }), {
        store,
        embedder,
      }),
    RetrieverConfigError,
  );
});

Deno.test("minMaxNormalize: equal scores all become 1, otherwise span [0, 1]", () => {
  assert.deepEqual([...minMaxNormalize([{ id: "x", score: 3 }, { id: "y", score: 3 }]).values()], [
    1,
    1,
  ]);
  const m = minMaxNormalize([{ id: "x", score: 4 }, { id: "y", score: 2 }, { id: "z", score: 3 }]);
  assert.deepEqual([m.get("x"), m.get("y"), m.get("z")], [1, 0, 0.5]);
});

Deno.test("hybrid: a question asking when ranks a unit that says when above an equal one that does not", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("plain", { text: "Maria adopted the puppy Coco", vector: vec(0) }),
    makeUnit("timed", { text: "Maria adopted the puppy Coco two weeks ago", vector: vec(0) }),
  ]);
  const r = createHybridRetriever(
    planFor("hybrid", { ...FUSION_ONLY, semantic_weight: 1, keyword_weight: 0 }),
    { store, embedder },
  );
  const when = await r.retrieve(makeQuery("When did Maria adopt Coco?", qvec(0)), 2);
  assert.deepEqual(when.units.map((u) => u.unit.id), ["timed", "plain"]);
  // Without temporal intent the tie stays a tie, broken by id.
  const what = await r.retrieve(makeQuery("What puppy did Maria adopt?", qvec(0)), 2);
  assert.deepEqual(what.units.map((u) => u.unit.id), ["plain", "timed"]);
  const off = createHybridRetriever(
    planFor("hybrid", {
      ...FUSION_ONLY,
      semantic_weight: 1,
      keyword_weight: 0,
      temporal_weight: 0,
    }),
    { store, embedder },
  );
  const noBonus = await off.retrieve(makeQuery("When did Maria adopt Coco?", qvec(0)), 2);
  assert.deepEqual(noBonus.units.map((u) => u.unit.id), ["plain", "timed"]);
});

/** The first unit the hybrid retriever returns for "automobile" (query vector along `axis`). */
async function firstForAutomobile(axis: number, params: Record<string, number>) {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("a-bread", { text: "I baked banana bread this morning", vector: vec(0) }),
    makeUnit("b-car", { text: "My car broke down on the highway", vector: vec(0, 0.5) }),
  ]);
  const plan = planFor("hybrid", { ...FUSION_ONLY, ...params });
  const res = await createHybridRetriever(plan, { store, embedder })
    .retrieve(makeQuery("automobile", qvec(axis)), 2);
  return res.units[0].unit.id;
}

Deno.test("hybrid: word-vector query expansion lets the keyword path find a paraphrase", async () => {
  // The query vector is orthogonal to both units, so the dense path ties them (ids decide).
  assert.equal(await firstForAutomobile(3, {}), "a-bread", "no unit says 'automobile': a tie");
  const expanded = { expansion_weight: 0.5, expansion_words: 5, expansion_min_cosine: 0.5 };
  assert.equal(await firstForAutomobile(3, expanded), "b-car", "'car' is an expansion term");
});

Deno.test("hybrid: the soft word match ranks a paraphrase above a closer dense neighbour", async () => {
  assert.equal(await firstForAutomobile(0, {}), "a-bread", "the dense path prefers the bread");
  assert.equal(await firstForAutomobile(0, { soft_match_weight: 1 }), "b-car");
});
