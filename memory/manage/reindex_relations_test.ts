import assert from "node:assert/strict";
import { reindexRelationsOp } from "./reindex_relations.ts";
import { axisVec, makeUnit, MemoryStoreDouble, opContext, runOp, tilted } from "./testing/mod.ts";

async function fixture(kind: "graph" | "json") {
  const store = new MemoryStoreDouble({ kind });
  await store.add([
    makeUnit("a", { embedding: axisVec(0), source_task_id: "t1" }),
    makeUnit("b", { embedding: tilted(0, 0.9), source_task_id: "t2", text: "b" }),
    makeUnit("c", { embedding: axisVec(3), source_task_id: "t1", text: "c" }),
    makeUnit("d", { embedding: tilted(0, 0.95), source_task_id: "t3", text: "d" }),
  ]);
  return store;
}

const derived = async (store: MemoryStoreDouble) =>
  (await store.graph!.listEdges(["SIMILAR", "COOCCURS"]))
    .map((e) => `${e.type} ${e.source}>${e.target} u${e.usage_count ?? "-"}`).sort();

Deno.test("reindex (graph): SIMILAR above the threshold keeps feedback counts, drops stale edges", async () => {
  const store = await fixture("graph");
  await store.graph!.upsertEdges([
    // Reverse direction with feedback: replaced by a→b, counts carried over, base dropped.
    {
      source: "m:b",
      target: "m:a",
      type: "SIMILAR",
      weight: 0.5,
      usage_count: 6,
      success_count: 5,
      base_weight: 0.5,
      feedback_multiplier: 1.1,
    },
    // Below threshold now: removed.
    { source: "m:a", target: "m:c", type: "SIMILAR", weight: 0.9 },
  ]);
  await store.remove(["d"]);
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:d", type: "SIMILAR", weight: 0.9 }]);
  const out = await runOp(reindexRelationsOp, opContext(store));
  assert.equal(out.triggered, true);
  assert.deepEqual(await derived(store), ["COOCCURS m:a>m:c u-", "SIMILAR m:a>m:b u6"]);
  const ab = (await store.graph!.listEdges(["SIMILAR"]))[0];
  assert.ok(Math.abs(ab.weight - 0.9) < 1e-6);
  assert.equal(ab.success_count, 5);
  assert.equal(ab.base_weight, undefined);
  const again = await runOp(reindexRelationsOp, opContext(store));
  assert.equal(again.affected, 0, "a second reindex writes nothing");
});

Deno.test("reindex (non-graph): similar/cooccurs relations both ways, links to inactive units pruned", async () => {
  const store = await fixture("json");
  const c = (await store.get("c"))!;
  c.relations = [
    { target_id: "d", relation_type: "reinforces", weight: 1, annotation: "" },
    { target_id: "d", relation_type: "supersedes", weight: 1, annotation: "" },
  ];
  await store.update([c]);
  await store.remove(["d"]);
  await runOp(reindexRelationsOp, opContext(store));
  const rel = async (id: string) =>
    (await store.get(id))!.relations.map((r) => `${r.relation_type}:${r.target_id}`);
  assert.deepEqual(await rel("a"), ["similar:b", "cooccurs:c"]);
  assert.deepEqual(await rel("b"), ["similar:a"]);
  assert.deepEqual(await rel("c"), ["supersedes:d", "cooccurs:a"]);
  const calls = store.updateCalls;
  assert.equal((await runOp(reindexRelationsOp, opContext(store))).affected, 0);
  assert.equal(store.updateCalls, calls, "nothing changed, nothing written");
});

Deno.test("reindex is skipped below two active units", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([makeUnit("a")]);
  assert.equal(
    (await runOp(reindexRelationsOp, opContext(store))).skipped_reason,
    "fewer than 2 active units",
  );
});
