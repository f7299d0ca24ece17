import assert from "node:assert/strict";
import { isoUtc } from "../../core/clock.ts";
import {
  accessStatsUpdate,
  boostOnSuccess,
  penalizeOnFailure,
  qualityCuration,
  timeDecay,
} from "./stats_ops.ts";
import { HOUR, makeUnit, MemoryStoreDouble, opContext, runOp, T0 } from "./testing/mod.ts";

const task = (succeeded: boolean, used: string[]) => ({
  task_id: "t",
  task_query: "q",
  succeeded,
  used_unit_ids: used,
  used_edges: [],
  failure_context: "",
});

Deno.test("access_stats_update counts one access per used unit in one batched update", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a"), makeUnit("b"), makeUnit("c")]);
  const out = await runOp(
    accessStatsUpdate,
    opContext(store, { task: task(true, ["a", "b", "a", "gone"]) }),
  );
  assert.deepEqual(out, { triggered: true, affected: 2 });
  assert.equal(store.updateCalls, 1);
  assert.equal((await store.get("a"))!.access_count, 1);
  assert.equal((await store.get("a"))!.last_accessed, isoUtc(T0));
  assert.equal((await store.get("c"))!.access_count, 0);
});

Deno.test("boost_on_success runs only on success; penalize_on_failure only on failure", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a", { confidence: 0.5 })]);
  const ok = opContext(store, { task: task(true, ["a"]) });
  const bad = opContext(store, { task: task(false, ["a"]) });
  assert.equal((await runOp(penalizeOnFailure, ok)).triggered, false);
  assert.equal((await runOp(boostOnSuccess, bad)).triggered, false);
  await runOp(boostOnSuccess, ok);
  let a = (await store.get("a"))!;
  assert.equal(a.usage_count, 1);
  assert.equal(a.success_count, 1);
  assert.ok(Math.abs(a.confidence - 0.55) < 1e-12);
  await runOp(penalizeOnFailure, bad);
  a = (await store.get("a"))!;
  assert.equal(a.usage_count, 2);
  assert.equal(a.success_count, 1);
  assert.ok(Math.abs(a.confidence - 0.4) < 1e-12);
  assert.ok(Math.abs(a.decay_weight - 0.9) < 1e-12);
});

Deno.test("boost caps confidence at 1 and penalize floors it at 0", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("hi", { confidence: 0.99 }),
    makeUnit("lo", { confidence: 0.1, text: "x" }),
  ]);
  await runOp(boostOnSuccess, opContext(store, { task: task(true, ["hi"]) }));
  await runOp(penalizeOnFailure, opContext(store, { task: task(false, ["lo"]) }));
  assert.equal((await store.get("hi"))!.confidence, 1);
  assert.equal((await store.get("lo"))!.confidence, 0);
});

Deno.test("time_decay decays stale units and refreshes units accessed within 24 h", async () => {
  const store = new MemoryStoreDouble();
  const old = isoUtc(T0 - 100 * HOUR);
  await store.add([
    makeUnit("stale", { created_at: old, decay_weight: 0.5 }),
    makeUnit("fresh", {
      created_at: old,
      last_accessed: isoUtc(T0 - HOUR),
      decay_weight: 0.5,
      text: "f",
    }),
    makeUnit("full", { created_at: isoUtc(T0 - HOUR), text: "g" }),
    makeUnit("floor", { created_at: old, decay_weight: 0.01, text: "h" }),
  ]);
  const out = await runOp(timeDecay, opContext(store));
  assert.equal(out.affected, 2);
  assert.ok(Math.abs((await store.get("stale"))!.decay_weight - 0.475) < 1e-12);
  assert.ok(Math.abs((await store.get("fresh"))!.decay_weight - 0.575) < 1e-12);
  assert.equal((await store.get("full"))!.decay_weight, 1);
  assert.equal((await store.get("floor"))!.decay_weight, 0.01);
  assert.equal(store.updateCalls, 1);
});

Deno.test("quality_curation blends success rate into confidence for used units only", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("used", { confidence: 1, usage_count: 4, success_count: 1 }),
    makeUnit("unused", { confidence: 0.3, text: "u" }),
  ]);
  const out = await runOp(qualityCuration, opContext(store));
  assert.equal(out.affected, 1);
  assert.ok(Math.abs((await store.get("used"))!.confidence - (0.7 * 0.25 + 0.3)) < 1e-12);
  assert.equal((await store.get("unused"))!.confidence, 0.3);
  const settled = new MemoryStoreDouble();
  await settled.add([makeUnit("s", { confidence: 0.5, usage_count: 2, success_count: 1 })]);
  assert.equal((await runOp(qualityCuration, opContext(settled))).affected, 0);
  assert.equal(settled.updateCalls, 0);
});
