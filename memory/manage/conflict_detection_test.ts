import assert from "node:assert/strict";
import { conflictDetection } from "./conflict_detection.ts";
import { axisVec, makeUnit, MemoryStoreDouble, opContext, runOp, tilted } from "./testing/mod.ts";

Deno.test("conflict_detection links opposite-outcome near-twins and counts the conflict", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([
    makeUnit("old", { embedding: axisVec(0), task_outcome: "success", confidence: 0.8 }),
    makeUnit("new", {
      embedding: tilted(0, 0.9),
      task_outcome: "failure",
      confidence: 0.7,
      text: "n",
    }),
    makeUnit("made", { embedding: tilted(0, 0.99), task_outcome: "", text: "m" }),
    makeUnit("same", { embedding: tilted(0, 0.99), task_outcome: "failure", text: "s" }),
  ]);
  const out = await runOp(
    conflictDetection,
    opContext(store, { trigger: "on_insert", newUnitIds: ["new"] }),
  );
  assert.deepEqual(out, { triggered: true, affected: 2, deactivated: 0 });
  const n = (await store.get("new"))!, o = (await store.get("old"))!;
  assert.equal(n.conflict_count, 1);
  assert.equal(o.conflict_count, 1);
  assert.ok(Math.abs(n.relations[0].weight - 0.9) < 1e-6);
  assert.equal(n.relations[0].relation_type, "conflicts");
  assert.equal((await store.get("made"))!.conflict_count, 0, '"" is not an opposite outcome');
  const edges = (await store.graph!.listEdges(["CONFLICTS"])).map((e) => `${e.source}>${e.target}`)
    .sort();
  assert.deepEqual(edges, ["m:new>m:old", "m:old>m:new"]);
});

Deno.test("conflict_detection supersedes a much weaker side by the stronger", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("strong", { embedding: axisVec(0), task_outcome: "success", confidence: 1 }),
    makeUnit("weak", {
      embedding: tilted(0, 0.9),
      task_outcome: "failure",
      confidence: 0.2,
      text: "w",
    }),
  ]);
  const out = await runOp(conflictDetection, opContext(store, { newUnitIds: ["weak"] }));
  assert.equal(out.deactivated, 1);
  const weak = (await store.get("weak"))!;
  assert.equal(weak.is_active, false);
  assert.equal(weak.superseded_by, "strong");
  assert.equal(weak.conflict_count, 1);
});

Deno.test("conflict_detection ignores pairs below the threshold and runs only with new units", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("a", { embedding: axisVec(0), task_outcome: "success" }),
    makeUnit("b", { embedding: tilted(0, 0.8), task_outcome: "failure", text: "b" }),
  ]);
  assert.equal((await runOp(conflictDetection, opContext(store))).skipped_reason, "no new units");
  assert.equal(
    (await runOp(conflictDetection, opContext(store, { newUnitIds: ["b"] }))).skipped_reason,
    "no conflicts",
  );
});
