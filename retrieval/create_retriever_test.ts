import assert from "node:assert/strict";
import type { RetrievePlan } from "../core/compiler.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { RETRIEVER_KINDS, type RetrieverKind } from "../core/space.ts";
import type { MemoryUnit } from "../core/unit.ts";
import type { ScoredId, UnitFilter } from "../stores/store_port.ts";
import { createRetriever } from "./create_retriever.ts";
import { RetrieverConfigError } from "./errors.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, planFor, qvec, TableEmbedder, vec } from "./testing/fixtures.ts";

/** A store whose searches ignore `activeOnly` and `excludeTaskIds`, like a lagging index. */
class LaggingStore extends MemoryStoreDouble {
  #loosen(filter?: UnitFilter): UnitFilter {
    return { ...filter, activeOnly: false, excludeTaskIds: [] };
  }
  override vectorSearch(v: Float32Array, k: number, f?: UnitFilter): Promise<ScoredId[]> {
    return super.vectorSearch(v, k, this.#loosen(f));
  }
  override textSearch(q: string, k: number, f?: UnitFilter): Promise<ScoredId[]> {
    return super.textSearch(q, k, this.#loosen(f));
  }
  override list(f?: UnitFilter): Promise<MemoryUnit[]> {
    return super.list(this.#loosen(f));
  }
  override count(f?: UnitFilter): Promise<number> {
    return super.count(this.#loosen(f));
  }
}

const SOURCES: Record<string, number[]> = {
  "parse the invoice": vec(0),
  "parse a receipt": vec(0, 0.3),
  "sum the totals": vec(0, 0.6),
  "draft a letter": vec(1),
};
const QUESTION = "parse the invoice totals";

async function seed(store: MemoryStoreDouble): Promise<void> {
  await store.add([
    // The best match for every retriever comes from the task being solved.
    makeUnit("self", {
      text: "invoice parsing totals",
      source_task_id: "T-self",
      source_task_query: "parse the invoice",
      vector: vec(0),
    }),
    makeUnit("dead", {
      text: "invoice parsing totals (old)",
      source_task_query: "parse the invoice",
      vector: vec(0, 0.05),
      is_active: false,
    }),
    makeUnit("o1", {
      text: "receipt parsing",
      source_task_query: "parse a receipt",
      vector: vec(0, 0.3),
    }),
    makeUnit("o2", {
      text: "totals summing",
      task_outcome: "failure",
      source_task_query: "sum the totals",
      vector: vec(0, 0.6),
    }),
    makeUnit("o3", {
      text: "invoice layout",
      task_outcome: "",
      source_task_id: "",
      vector: vec(0, 0.9),
    }),
    makeUnit("o4", {
      text: "letter drafting",
      source_task_query: "draft a letter",
      vector: vec(1),
    }),
    makeUnit("o5", {
      text: "invoice archive",
      source_task_query: "sum the totals",
      vector: vec(0, 1.1),
    }),
  ]);
  if (store.graph) {
    await store.graph.upsertEdges([
      { source: "m:o1", target: "m:self", type: "SIMILAR", weight: 1 },
      { source: "m:o1", target: "m:dead", type: "SIMILAR", weight: 1 },
      { source: "m:o1", target: "m:o2", type: "SIMILAR", weight: 1 },
    ]);
    await store.graph.linkEntities("o1", [{ type: "concept", name: "invoice" }]);
    await store.graph.linkEntities("self", [{ type: "concept", name: "invoice" }]);
  }
}

function modelFor(kind: RetrieverKind): ScriptedModel | undefined {
  if (kind === "hyde") {
    return new ScriptedModel({ rules: [() => ({ passages: ["parse a receipt"] })] });
  }
  if (kind === "cbr_rerank") {
    return new ScriptedModel({
      rules: [(req) => {
        const n = (req.messages[0].content.match(/^\[\d+\]/gm) ?? []).length;
        return { scores: Array.from({ length: n }, (_, index) => ({ index, score: 10 - index })) };
      }],
    });
  }
  return undefined;
}

for (const kind of RETRIEVER_KINDS) {
  for (const online of [false, true]) {
    const label = online ? "with a model" : "offline";
    Deno.test(`${kind} (${label}): honours excludeTaskIds, returns only active units, at most top_k`, async () => {
      for (
        const store of [
          new MemoryStoreDouble({ kind: "graph" }),
          new LaggingStore({ kind: "graph" }),
        ]
      ) {
        await seed(store);
        const embedder = new TableEmbedder({ ...SOURCES, [QUESTION]: vec(0) });
        const model = online ? modelFor(kind) : undefined;
        const retriever = createRetriever(planFor(kind), { store, embedder, model });
        assert.equal(retriever.name, kind);
        const query = makeQuery(QUESTION, qvec(0), { excludeTaskIds: ["T-self"] });
        for (const topK of [2, 4]) {
          const res = await retriever.retrieve(query, topK);
          assert.equal(res.retriever, kind);
          assert.ok(res.units.length > 0 && res.units.length <= topK, `${res.units.length} units`);
          for (const s of res.units) {
            assert.notEqual(
              s.unit.source_task_id,
              "T-self",
              `${kind} returned the task's own unit`,
            );
            assert.ok(s.unit.is_active, `${kind} returned an inactive unit`);
          }
          for (const [, target] of res.used_edges) assert.notEqual(target, "m:self");
        }
        if (!(store instanceof LaggingStore)) {
          const filtered = store.calls.filter((c) => c.filter);
          assert.ok(filtered.length > 0);
          for (const c of filtered) {
            assert.deepEqual(c.filter!.excludeTaskIds, ["T-self"], `${kind} ${c.method} filter`);
          }
        }
      }
    });
  }
}

Deno.test("createRetriever: ties are broken by id, so equal scores give a stable order", async () => {
  for (const kind of RETRIEVER_KINDS) {
    const store = new MemoryStoreDouble({ kind: "graph" });
    await store.add(
      ["c", "a", "b"].map((id) => makeUnit(id, { text: `same ${id}`, vector: vec(0) })),
    );
    const embedder = new TableEmbedder({ "principle of a": vec(0) });
    const res = await createRetriever(planFor(kind), { store, embedder })
      .retrieve(makeQuery("nothing", qvec(0)), 3);
    assert.deepEqual(res.units.map((s) => s.unit.id), ["a", "b", "c"], kind);
  }
});

Deno.test("createRetriever: an unknown kind and a bad parameter are typed errors", () => {
  const deps = { store: new MemoryStoreDouble(), embedder: new TableEmbedder({}) };
  assert.throws(
    () => createRetriever({ kind: "bm25", top_k: 4, params: {} } as unknown as RetrievePlan, deps),
    (e) =>
      e instanceof RetrieverConfigError && e.code === "unknown_retriever" && e.field === "kind",
  );
  assert.throws(
    () => createRetriever(planFor("contrastive", { success_k: 0 }), deps),
    (e) => e instanceof RetrieverConfigError && e.field === "params.success_k",
  );
  const graphDeps = { ...deps, store: new MemoryStoreDouble({ kind: "graph" }) };
  assert.throws(
    () => createRetriever(planFor("graph", { expand_edge_types: "SIMILAR" }), graphDeps),
    (e) => e instanceof RetrieverConfigError && e.field === "params.expand_edge_types",
  );
});

Deno.test("createRetriever: retrieve rejects a negative or fractional topK", async () => {
  const r = createRetriever(planFor("hybrid"), {
    store: new MemoryStoreDouble(),
    embedder: new TableEmbedder({}),
  });
  await assert.rejects(() => r.retrieve(makeQuery("q", qvec(0)), -1), RetrieverConfigError);
  await assert.rejects(() => r.retrieve(makeQuery("q", qvec(0)), 1.5), /topK/);
  assert.deepEqual((await r.retrieve(makeQuery("q", qvec(0)), 0)).units, []);
});
