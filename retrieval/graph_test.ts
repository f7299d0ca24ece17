import assert from "node:assert/strict";
import { createGraphRetriever, supportingEdges } from "./graph.ts";
import { RetrieverConfigError } from "./errors.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, planFor, qvec, TableEmbedder, vec } from "./testing/fixtures.ts";

const embedder = new TableEmbedder({});
const QUERY = makeQuery("q", qvec(0));

/** a is the only seed (b and c are orthogonal to the query); the store is warm unless asked. */
async function fixture(coldStartThreshold = 1) {
  const store = new MemoryStoreDouble({ kind: "graph", coldStartThreshold });
  await store.add([
    makeUnit("a", { vector: vec(0) }),
    makeUnit("b", { vector: vec(2) }),
    makeUnit("c", { vector: vec(3) }),
  ]);
  return store;
}

Deno.test("graph: expansion reaches a unit connected only by a SIMILAR edge and records it", async () => {
  const store = await fixture();
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 }]);
  const res = await createGraphRetriever(planFor("graph"), { store, embedder }).retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => [s.unit.id, s.method]), [["a", "graph_seed"], [
    "b",
    "graph",
  ]]);
  assert.ok(Math.abs(res.units[1].score - 1 * 0.9 * 0.7) < 1e-6);
  assert.deepEqual(res.used_edges, [["m:a", "m:b", "SIMILAR"]]);
});

Deno.test("graph: expansion never crosses into another scope", async () => {
  const store = new MemoryStoreDouble({ kind: "graph", coldStartThreshold: 1 });
  await store.add([
    makeUnit("a", { vector: vec(0), user_id: "alice" }),
    makeUnit("b", { vector: vec(2), user_id: "bob" }),
    makeUnit("c", { vector: vec(3), user_id: "alice" }),
  ]);
  await store.graph!.upsertEdges([
    { source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 },
    { source: "m:a", target: "m:c", type: "SIMILAR", weight: 0.8 },
  ]);
  await store.graph!.linkEntities("a", [{ type: "tool", name: "shared" }]);
  await store.graph!.linkEntities("b", [{ type: "tool", name: "shared" }]);
  const retriever = createGraphRetriever(planFor("graph"), { store, embedder });
  const open = await retriever.retrieve(QUERY, 4);
  assert.deepEqual(open.units.map((s) => s.unit.id), ["a", "b", "c"], "unscoped, b is reached");
  const scoped = await retriever.retrieve({ ...QUERY, scope: { user_id: "alice" } }, 4);
  assert.deepEqual(scoped.units.map((s) => s.unit.id), ["a", "c"]);
});

Deno.test("graph: an incoming edge is followed and recorded in traversal order", async () => {
  const store = await fixture();
  await store.graph!.upsertEdges([{ source: "m:b", target: "m:a", type: "COOCCURS", weight: 1 }]);
  const res = await createGraphRetriever(planFor("graph"), { store, embedder }).retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a", "b"]);
  assert.deepEqual(res.used_edges, [["m:a", "m:b", "COOCCURS"]]);
});

Deno.test("graph: propagated scores below min_score and HAS_MEMORY edges reach nothing", async () => {
  const store = await fixture();
  await store.graph!.upsertEdges([
    { source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.1 },
    { source: "q:t", target: "m:a", type: "HAS_MEMORY", weight: 1 },
  ]);
  const res = await createGraphRetriever(planFor("graph"), { store, embedder }).retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a"]);
  assert.deepEqual(res.used_edges, []);
});

Deno.test("graph: entity bridges reach units sharing an entity, unrecorded in used_edges", async () => {
  const store = await fixture();
  await store.graph!.linkEntities("a", [{ type: "tool", name: "web_search" }]);
  await store.graph!.linkEntities("c", [{ type: "tool", name: "web_search" }]);
  const res = await createGraphRetriever(planFor("graph"), { store, embedder }).retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => [s.unit.id, s.method]), [["a", "graph_seed"], [
    "c",
    "graph",
  ]]);
  assert.ok(Math.abs(res.units[1].score - 0.7 * 0.7) < 1e-6);
  assert.deepEqual(res.used_edges, []);
});

Deno.test("graph: an entity with more neighbours than entity_bridge_max_degree is skipped", async () => {
  const store = await fixture();
  for (const id of ["a", "b", "c"]) {
    await store.graph!.linkEntities(id, [{ type: "tag", name: "hub" }]);
  }
  const plan = planFor("graph", { entity_bridge_max_degree: 2 });
  const res = await createGraphRetriever(plan, { store, embedder }).retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a"]);
  assert.match(res.notes.join("\n"), /e:tag:hub skipped as a hub/);
});

Deno.test("graph: entity bridges keep the top entity_bridge_top_k by p·confidence", async () => {
  const store = await fixture();
  await store.add([makeUnit("d", { vector: vec(4), confidence: 0.5 })]);
  for (const id of ["a", "b", "c", "d"]) {
    await store.graph!.linkEntities(id, [{ type: "tool", name: "x" }]);
  }
  await store.update([{ ...(await store.get("b"))!, confidence: 0.4 }]);
  const plan = planFor("graph", { entity_bridge_top_k: 2 });
  const res = await createGraphRetriever(plan, { store, embedder }).retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a", "c", "d"]);
});

Deno.test("graph: on a cold store, only SIMILAR/COOCCURS edges or entity bridges enable expansion", async () => {
  const store = await fixture(30);
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "REINFORCES", weight: 1 }]);
  const r = createGraphRetriever(planFor("graph"), { store, embedder });
  const cold = await r.retrieve(QUERY, 4);
  assert.deepEqual(cold.units.map((s) => s.unit.id), ["a"]);
  assert.match(cold.notes.join("\n"), /no expansion/);
  await store.graph!.upsertEdges([{ source: "m:b", target: "m:c", type: "SIMILAR", weight: 1 }]);
  const warmed = await r.retrieve(QUERY, 4);
  assert.deepEqual(warmed.units.map((s) => s.unit.id), ["a", "b"]);
  assert.deepEqual(warmed.used_edges, [["m:a", "m:b", "REINFORCES"]]);
});

Deno.test("graph: inactive neighbours are neither returned nor recorded", async () => {
  const store = await fixture();
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 1 }]);
  await store.remove(["b"]);
  const res = await createGraphRetriever(planFor("graph"), { store, embedder }).retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a"]);
  assert.deepEqual(res.used_edges, []);
});

Deno.test("graph: two hops propagate the decayed score and keep the whole path", async () => {
  const store = await fixture();
  await store.graph!.upsertEdges([
    { source: "m:a", target: "m:b", type: "SIMILAR", weight: 1 },
    { source: "m:b", target: "m:c", type: "SIMILAR", weight: 1 },
  ]);
  const res = await createGraphRetriever(planFor("graph", { max_hops: 2 }), { store, embedder })
    .retrieve(QUERY, 4);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a", "b", "c"]);
  assert.ok(Math.abs(res.units[2].score - 0.49) < 1e-6);
  assert.deepEqual(res.used_edges, [["m:a", "m:b", "SIMILAR"], ["m:b", "m:c", "SIMILAR"]]);
});

Deno.test("graph: needs a store with graph operations", () => {
  assert.throws(
    () => createGraphRetriever(planFor("graph"), { store: new MemoryStoreDouble(), embedder }),
    (e) => e instanceof RetrieverConfigError && e.field === "deps.store.graph",
  );
});

Deno.test("supportingEdges: keeps only edges on a path to a returned unit", () => {
  const edges: [string, string, string][] = [
    ["m:a", "m:b", "SIMILAR"],
    ["m:b", "m:c", "SIMILAR"],
    ["m:a", "m:d", "COOCCURS"],
  ];
  assert.deepEqual(supportingEdges(edges, ["c"]), edges.slice(0, 2));
});
