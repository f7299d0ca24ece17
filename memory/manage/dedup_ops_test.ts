import assert from "node:assert/strict";
import { isoUtc } from "../../core/clock.ts";
import { crossTypeDedup, semanticDedup, signatureDedup } from "./dedup_ops.ts";
import {
  axisVec,
  HOUR,
  makeUnit,
  MemoryStoreDouble,
  opContext,
  runOp,
  T0,
  tilted,
} from "./testing/mod.ts";

Deno.test("signature_dedup keeps the best of a signature group and absorbs the others' usage", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a", { confidence: 0.4, usage_count: 2, success_count: 1 })]);
  await store.add([makeUnit("b", { text: "other" })]);
  // Same signature as `a` after an in-place edit (add would have refused it).
  const b = (await store.get("b"))!;
  b.signature = (await store.get("a"))!.signature;
  b.usage_count = 3;
  b.success_count = 3;
  await store.update([b]);
  const calls = store.updateCalls;
  const out = await runOp(signatureDedup, opContext(store));
  assert.deepEqual(out, { triggered: true, affected: 1, deactivated: 1 });
  assert.equal(store.updateCalls, calls + 1, "one batched update");
  const survivor = (await store.get("b"))!;
  assert.equal(survivor.usage_count, 5);
  assert.equal(survivor.success_count, 4);
  assert.equal((await store.get("a"))!.is_active, false);
  assert.equal((await store.get("a"))!.superseded_by, "b");
  assert.equal((await runOp(signatureDedup, opContext(store))).triggered, false);
});

Deno.test("semantic_dedup merges same-type near-duplicates into the stronger unit", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([
    makeUnit("weak", { embedding: axisVec(0), confidence: 0.3, usage_count: 1, success_count: 1 }),
    makeUnit("strong", { embedding: tilted(0, 0.95), confidence: 0.9, text: "s" }),
    makeUnit("other", { embedding: tilted(0, 0.95), type: "insight", text: "o" }),
    makeUnit("n", { embedding: axisVec(4), text: "n" }),
  ]);
  await store.graph!.upsertEdges([{
    source: "m:n",
    target: "m:weak",
    type: "SIMILAR",
    weight: 0.8,
    usage_count: 2,
  }]);
  await store.graph!.linkEntities("weak", [{ type: "tag", name: "web_search" }]);
  const out = await runOp(semanticDedup, opContext(store));
  assert.equal(out.deactivated, 1);
  assert.equal((await store.get("weak"))!.is_active, false);
  assert.equal((await store.get("other"))!.is_active, true, "different type is never a duplicate");
  const strong = (await store.get("strong"))!;
  assert.equal(strong.usage_count, 1);
  assert.deepEqual(strong.relations.map((r) => `${r.relation_type}:${r.target_id}`), [
    "supersedes:weak",
  ]);
  const edges = (await store.graph!.listEdges()).map((e) => `${e.type} ${e.source}>${e.target}`);
  assert.ok(edges.includes("SIMILAR m:n>m:strong"), "in-edges move to the survivor");
  assert.ok(edges.includes("HAS_ENTITY m:strong>e:tag:web_search"), "entities move too");
  assert.ok(edges.includes("SUPERSEDES m:strong>m:weak"));
  assert.equal((await runOp(semanticDedup, opContext(store))).triggered, false);
});

Deno.test("cross_type_dedup: a tip supersedes a near-identical insight; a close one reinforces once", async () => {
  const store = new MemoryStoreDouble();
  const old = isoUtc(T0 - HOUR);
  await store.add([
    makeUnit("tip", { embedding: axisVec(0), created_at: old }),
    makeUnit("tip2", { embedding: axisVec(2), text: "t2" }),
    makeUnit("same", {
      type: "insight",
      embedding: tilted(0, 0.9),
      text: "i1",
      task_outcome: "failure",
    }),
    makeUnit("near", {
      type: "insight",
      embedding: tilted(2, 0.75),
      text: "i2",
      task_outcome: "failure",
    }),
    makeUnit("far", {
      type: "insight",
      embedding: axisVec(5),
      text: "i3",
      task_outcome: "failure",
    }),
  ]);
  const out = await runOp(crossTypeDedup, opContext(store));
  assert.equal(out.deactivated, 1);
  assert.equal((await store.get("same"))!.superseded_by, "tip");
  const rel = async (id: string) =>
    (await store.get(id))!.relations.map((r) => `${r.relation_type}:${r.target_id}`);
  assert.deepEqual(await rel("near"), ["reinforces:tip2"]);
  assert.deepEqual(await rel("tip2"), ["reinforces:near"]);
  assert.deepEqual(await rel("far"), []);
  const again = await runOp(crossTypeDedup, opContext(store));
  assert.equal(again.triggered, false, "reinforcement is added once only");
  assert.deepEqual(await rel("tip2"), ["reinforces:near"]);
});
