import assert from "node:assert/strict";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { clusterMerge, offlineMerge } from "./cluster_merge.ts";
import { axisVec, makeUnit, MemoryStoreDouble, opContext, runOp, tilted } from "./testing/mod.ts";

async function fixture(kind: "json" | "graph" = "json") {
  const store = new MemoryStoreDouble({ kind });
  await store.add([
    makeUnit("d1", {
      source_refs: ["D1:1"],
      text: "Verify dates against primary sources",
      embedding: axisVec(0),
      confidence: 0.6,
    }),
    makeUnit("d2", {
      source_refs: ["D1:2"],
      text: "Verify publication dates in primary sources first",
      embedding: tilted(0, 0.95),
      confidence: 0.9,
    }),
    makeUnit("d3", {
      source_refs: ["D2:5"],
      type: "insight",
      content: { corrective_strategy: "Check dates using primary sources" },
      embedding: tilted(0, 0.9),
      confidence: 0.7,
      task_outcome: "failure",
    }),
    makeUnit("u1", {
      source_refs: ["D3:1"],
      text: "Convert units before comparing numbers",
      embedding: axisVec(3),
    }),
    makeUnit("u2", {
      source_refs: ["D3:2"],
      text: "Normalise units of numbers before comparing",
      embedding: tilted(3, 0.9),
    }),
    makeUnit("u3", {
      source_refs: ["D3:3"],
      text: "Compare numbers after converting units",
      embedding: tilted(3, 0.95),
    }),
    makeUnit("x", { source_refs: ["D4:1"], text: "Unrelated", embedding: axisVec(6) }),
  ]);
  return store;
}

Deno.test("offlineMerge: the most confident member's statement plus the shared terms", () => {
  const ms = [
    makeUnit("a", { text: "Verify dates against primary sources", confidence: 0.6 }),
    makeUnit("b", { text: "Verify publication dates in primary sources first", confidence: 0.9 }),
    makeUnit("c", { text: "Check dates using primary sources", confidence: 0.7 }),
  ];
  assert.equal(
    offlineMerge(ms),
    "Verify publication dates in primary sources first (Shared context: dates, primary, sources, verify.)",
  );
});

Deno.test("cluster_merge (offline) creates one superseding tip per cluster and decays members", async () => {
  const store = await fixture();
  const out = await runOp(clusterMerge, opContext(store));
  assert.equal(out.created, 2);
  assert.equal(out.affected, 6);
  const merged = (await store.list()).filter((u) => u.source_task_id === "cluster_merge");
  assert.equal(merged.length, 2);
  const dates = merged.find((u) => u.source_refs.includes("D1:1"))!;
  assert.deepEqual(dates.source_refs, ["D1:1", "D1:2", "D2:5"], "members' turns, not unit ids");
  assert.equal(dates.confidence, 0.9);
  assert.equal(dates.task_outcome, "");
  assert.equal(dates.content.source_count, 3);
  assert.match(
    dates.content.principle as string,
    /^Verify publication dates in primary sources first/,
  );
  assert.deepEqual(dates.relations.map((r) => `${r.relation_type}:${r.target_id}`), [
    "supersedes:d1",
    "supersedes:d2",
    "supersedes:d3",
  ]);
  assert.ok(Math.abs((await store.get("d1"))!.decay_weight - 0.3) < 1e-12);
  assert.equal((await store.get("x"))!.decay_weight, 1);
  assert.notEqual(merged[0].content.topic, merged[1].content.topic, "no shared hub topic");
  assert.equal(merged[0].embedding?.length, 8, "merged units are embedded");
});

Deno.test("cluster_merge run twice creates nothing the second time", async () => {
  const store = await fixture();
  await runOp(clusterMerge, opContext(store));
  const n = await store.count();
  const again = await runOp(clusterMerge, opContext(store));
  assert.equal(again.triggered, false);
  assert.equal(await store.count(), n);
});

Deno.test("cluster_merge on a graph store links SUPERSEDES edges and copies member entities", async () => {
  const store = await fixture("graph");
  await store.graph!.linkEntities("d1", [{ type: "tag", name: "date_time" }]);
  await runOp(clusterMerge, opContext(store));
  const id =
    (await store.list()).find((u) =>
      u.source_task_id === "cluster_merge" && u.source_refs.includes("D1:1")
    )!.id;
  const out = await store.graph!.neighbours(`m:${id}`);
  assert.deepEqual(out.map((n) => `${n.type}:${n.node}`), [
    "HAS_ENTITY:e:tag:date_time",
    "SUPERSEDES:m:d1",
    "SUPERSEDES:m:d2",
    "SUPERSEDES:m:d3",
    "HAS_MEMORY:q:cluster_merge",
  ]);
});

Deno.test("cluster_merge uses a valid model reply, and falls back offline on a malformed one", async () => {
  const store = await fixture();
  const model = new ScriptedModel({
    replies: [{ principle: "Merged by the model." }, "no json here"],
  });
  const out = await runOp(clusterMerge, opContext(store, { model }));
  assert.equal(out.created, 2);
  assert.match(
    out.error!,
    /model reply rejected for 1 cluster\(s\), offline merge used: invalid_json/,
  );
  assert.equal(model.calls.length, 2);
  assert.match(
    model.calls[0].messages[0].content,
    /- \[tip\] Verify dates against primary sources/,
  );
  const merged = (await store.list()).filter((u) => u.source_task_id === "cluster_merge");
  const byModel = merged.find((u) => u.content.principle === "Merged by the model.")!;
  assert.equal(byModel.extraction_model, "scripted");
  assert.equal(merged.find((u) => u !== byModel)!.extraction_model, "offline");
});

Deno.test("cluster_merge skips when too few tips and insights exist", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("a", { embedding: axisVec(0) }),
    makeUnit("b", { embedding: axisVec(0), text: "b" }),
  ]);
  assert.equal(
    (await runOp(clusterMerge, opContext(store))).skipped_reason,
    "too few tips and insights",
  );
});
