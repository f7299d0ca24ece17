import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../../core/clock.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { GraphStore } from "../../stores/graph_store.ts";
import { JsonStore } from "../../stores/json_store.ts";
import { createManagementPipeline } from "./pipeline.ts";
import { makeUnit, MemoryStoreDouble, postTask, presetPlan } from "./testing/mod.ts";

// End-to-end offline passes with the real lexical embedder: idempotence, determinism, and the
// pipeline against real stores.

const CORPUS: [string, string, string][] = [
  // Pairwise cosines 0.75-0.88 under HashEmbedder(384): one cluster, no semantic duplicate.
  ["t1", "tip", "Verify publication dates against the primary source before answering"],
  ["t2", "tip", "Verify publication dates against the primary source before you answer"],
  [
    "t3",
    "tip",
    "Always verify publication dates against the original primary source before answering",
  ],
  ["t1", "tip", "Convert all measurements to the same unit before comparing numbers"],
  ["t4", "tip", "Convert measurements to one unit before comparing the numbers"],
  ["t5", "insight", "Answer failed because the publication date was taken from a secondary source"],
  ["t6", "tip", "Read the spreadsheet header row before computing column totals"],
];

async function seeded(embedder: HashEmbedder): Promise<MemoryStoreDouble> {
  const store = new MemoryStoreDouble({ kind: "graph" });
  const vectors = await embedder.embed(CORPUS.map((c) => c[2]));
  const units = CORPUS.map(([task, type, text], i) =>
    makeUnit(`u${i}`, {
      type: type as "tip",
      source_task_id: task,
      task_outcome: type === "insight" ? "failure" : "success",
      content: type === "insight" ? { root_cause_conclusion: text } : { principle: text },
      embedding: Array.from(vectors[i]),
      usage_count: 4,
      success_count: 3,
    })
  );
  units.push(makeUnit("traj", {
    type: "trajectory",
    usage_count: 3,
    success_count: 3,
    content: {
      key_decision: "Search then crawl",
      steps: [{ action: 'web_search("x")', observation: "found" }, { action: "final_answer(1)" }],
    },
  }));
  await store.add(units);
  for (const [i, u] of units.entries()) {
    if (i < 3) await store.graph!.linkEntities(u.id, [{ type: "tag", name: "date_time" }]);
  }
  return store;
}

Deno.test("graph_consolidate offline: periodic creates units once, then never again; runs are byte-identical", async () => {
  const snapshot = async () => {
    const embedder = new HashEmbedder();
    const store = await seeded(embedder);
    const p = await createManagementPipeline(presetPlan("graph_consolidate"), {
      store,
      embedder,
      clock: logicalClock(Date.UTC(2026, 0, 2), 1000),
    });
    const first = await p.runPeriodic();
    const created = first.reduce((n, r) => n + r.created, 0);
    const count = await store.count({ activeOnly: false });
    for (let pass = 2; pass <= 4; pass++) {
      const again = await p.runPeriodic();
      for (const r of [...first, ...again]) assert.equal(r.error, undefined, `${r.op}: ${r.error}`);
      assert.equal(again.reduce((n, r) => n + r.created, 0), 0, `pass ${pass} creates nothing`);
      assert.equal(await store.count({ activeOnly: false }), count);
    }
    return { created, text: JSON.stringify(await store.exportAll()) };
  };
  const a = await snapshot();
  const b = await snapshot();
  assert.ok(a.created >= 3, `expected a merge, a workflow and a principle, got ${a.created}`);
  assert.equal(a.text, b.text);
});

Deno.test("json_full runs every trigger against the real json store without errors", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const embedder = new HashEmbedder();
    const clock = logicalClock(Date.UTC(2026, 0, 2), 1000);
    const store = await JsonStore.open(
      { dir: join(dir, "store_json"), embedding_dim: embedder.dim, cold_start_threshold: 5 },
      { embedder, clock },
    );
    const seed = await seeded(embedder);
    await store.add((await seed.exportAll()).units);
    const p = await createManagementPipeline(presetPlan("json_full"), { store, embedder, clock }, {
      dir: join(dir, "store_json"),
    });
    const records = [
      ...await p.onInsert([(await store.get("u5"))!]),
      ...await p.postTask(postTask(1, { succeeded: false, used_unit_ids: ["u0", "u1"] })),
      ...await p.runPeriodic(),
    ];
    for (const r of records) assert.equal(r.error, undefined, `${r.op}: ${r.error}`);
    const created = records.reduce((n, r) => n + r.created, 0);
    assert.equal(created, 2, "a merged tip and a workflow");
    assert.equal((await store.get("u0"))!.usage_count, 5, "penalize counted the failure");
    assert.ok((await store.get("u0"))!.relations.some((r) => r.relation_type === "similar"));
    await store.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("graph_consolidate against the real graph store: feedback survives updates and reindex", async () => {
  const dir = await Deno.makeTempDir();
  const embedder = new HashEmbedder();
  const clock = logicalClock(Date.UTC(2026, 0, 2), 1000);
  const store = await GraphStore.open(
    { dir: join(dir, "store_graph"), embedding_dim: embedder.dim, cold_start_threshold: 30 },
    { embedder, clock },
  );
  try {
    await store.add((await (await seeded(embedder)).exportAll()).units);
    for (const id of ["u0", "u1", "u2"]) {
      await store.graph.linkEntities(id, [{ type: "tag", name: "date_time" }]);
    }
    const p = await createManagementPipeline(presetPlan("graph_consolidate"), {
      store,
      embedder,
      clock,
    }, { dir: join(dir, "store_graph") });
    const first = await p.runPeriodic();
    const similar = await store.graph.listEdges(["SIMILAR"]);
    const edge = similar.find((e) => e.source === "m:u0" || e.target === "m:u0")!;
    assert.ok(edge, "reindex wrote SIMILAR edges");
    const used = [edge.source.slice(2), edge.target.slice(2)];
    const post1 = await p.postTask(postTask(1, {
      used_unit_ids: used,
      used_edges: [[edge.target, edge.source, "SIMILAR"]],
    }));
    assert.equal(post1.find((r) => r.op === "access_stats_update")!.affected, 2);
    assert.equal(post1.find((r) => r.op === "edge_stats_update")!.affected, 1);
    const second = await p.runPeriodic();
    for (const r of [...first, ...post1, ...second]) {
      assert.equal(r.error, undefined, `${r.op}: ${r.error}`);
    }
    const made = first.filter((r) => r.created > 0).map((r) => r.op);
    assert.deepEqual(made, ["cluster_merge", "trajectory_to_workflow", "cross_task_generalize"]);
    assert.equal(second.reduce((n, r) => n + r.created, 0), 0, "nothing new the second time");
    const after = (await store.graph.listEdges(["SIMILAR"])).find((e) =>
      e.source === edge.source && e.target === edge.target
    )!;
    assert.deepEqual([after.usage_count, after.success_count], [1, 1], "feedback kept by reindex");
  } finally {
    await store.close();
    await Deno.remove(dir, { recursive: true });
  }
});
