import assert from "node:assert/strict";
import { OP_DEFAULTS } from "../../core/presets.ts";
import { edgeStatsUpdate, edgeWeightOptimize, feedbackWeight } from "./edge_ops.ts";
import { makeUnit, MemoryStoreDouble, opContext, runOp } from "./testing/mod.ts";

const S = OP_DEFAULTS.edge_weight_optimize as unknown as Parameters<typeof feedbackWeight>[3];
const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} != ${b}`);

Deno.test("feedbackWeight: 0.8 with 9/10 successes gives 0.92, with 0/5 gives 0.64", () => {
  const up = feedbackWeight(0.8, 10, 9, S);
  close(up.weight, 0.92);
  close(up.multiplier, 1.15);
  const down = feedbackWeight(0.8, 5, 0, S);
  close(down.weight, 0.64);
  close(down.multiplier, 0.8);
  assert.equal(feedbackWeight(0.8, 10, 5, S).weight, 0.8);
  assert.equal(feedbackWeight(0.95, 10, 10, S).weight, 1);
});

async function graphStore() {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([makeUnit("a"), makeUnit("b", { text: "b" }), makeUnit("c", { text: "c" })]);
  await store.graph!.upsertEdges([
    {
      source: "m:a",
      target: "m:b",
      type: "SIMILAR",
      weight: 0.8,
      usage_count: 10,
      success_count: 9,
    },
    {
      source: "m:b",
      target: "m:c",
      type: "SIMILAR",
      weight: 0.8,
      usage_count: 5,
      success_count: 0,
    },
    {
      source: "m:a",
      target: "m:c",
      type: "SIMILAR",
      weight: 0.7,
      usage_count: 4,
      success_count: 0,
    },
  ]);
  return store;
}

Deno.test("edge_weight_optimize adjusts used edges, keeps the base, is idempotent, deletes nothing", async () => {
  const store = await graphStore();
  const first = await runOp(edgeWeightOptimize, opContext(store));
  assert.equal(first.affected, 2);
  const edges = new Map(
    (await store.graph!.listEdges(["SIMILAR"])).map((e) => [`${e.source}>${e.target}`, e]),
  );
  close(edges.get("m:a>m:b")!.weight, 0.92);
  assert.equal(edges.get("m:a>m:b")!.base_weight, 0.8);
  close(edges.get("m:b>m:c")!.weight, 0.64);
  assert.equal(edges.get("m:a>m:c")!.weight, 0.7);
  assert.equal(edges.get("m:a>m:c")!.base_weight, undefined);
  const second = await runOp(edgeWeightOptimize, opContext(store));
  assert.equal(second.affected, 0);
  close((await store.graph!.listEdges(["SIMILAR"])).find((e) => e.target === "m:b")!.weight, 0.92);
  assert.equal((await store.graph!.listEdges()).length, 6);
});

Deno.test("edge_stats_update bumps the stored edge in either direction, success only on success", async () => {
  const store = await graphStore();
  const used: [string, string, string][] = [["m:b", "m:a", "SIMILAR"], ["m:b", "m:a", "SIMILAR"], [
    "c",
    "b",
    "similar",
  ]];
  const ctx = (succeeded: boolean) =>
    opContext(store, {
      trigger: "post_task",
      task: { succeeded, used_edges: used },
    });
  assert.equal((await runOp(edgeStatsUpdate, ctx(true))).affected, 2);
  await runOp(edgeStatsUpdate, ctx(false));
  const e = (await store.graph!.listEdges(["SIMILAR"])).find((x) =>
    x.source === "m:a" && x.target === "m:b"
  )!;
  assert.equal(e.usage_count, 12);
  assert.equal(e.success_count, 10);
  const missing = await runOp(
    edgeStatsUpdate,
    opContext(store, { task: { succeeded: true, used_edges: [["m:x", "m:y", "SIMILAR"]] } }),
  );
  assert.equal(missing.triggered, false);
  assert.match(missing.skipped_reason!, /none of the 1 used edges/);
});

Deno.test("edge ops are skipped on stores without a graph", async () => {
  const store = new MemoryStoreDouble({ kind: "vector" });
  assert.deepEqual(await runOp(edgeWeightOptimize, opContext(store)), {
    triggered: false,
    skipped_reason: "store has no graph",
  });
  assert.equal(
    (await runOp(edgeStatsUpdate, opContext(store))).skipped_reason,
    "store has no graph",
  );
});
