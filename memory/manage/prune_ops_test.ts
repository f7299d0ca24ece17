import assert from "node:assert/strict";
import { isoUtc } from "../../core/clock.ts";
import { OP_DEFAULTS } from "../../core/presets.ts";
import { effectiveScore } from "../../core/unit.ts";
import {
  isHarmful,
  scoreBasedPrune,
  sizeCappedPrune,
  utilityAudit,
  victimOrder,
} from "./prune_ops.ts";
import { HOUR, makeUnit, MemoryStoreDouble, opContext, runOp, T0 } from "./testing/mod.ts";

const AUDIT = OP_DEFAULTS.utility_audit as unknown as Parameters<typeof isHarmful>[2];

Deno.test("score_based_prune removes units under the floor, then the weakest over the cap", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("dead", { confidence: 0.05 }),
    makeUnit("a", { confidence: 0.9, text: "a" }),
    makeUnit("b", { confidence: 0.5, text: "b" }),
    makeUnit("c", { confidence: 0.7, text: "c" }),
  ]);
  const out = await runOp(scoreBasedPrune, opContext(store), { max_memory_count: 2 });
  assert.equal(out.deactivated, 2);
  assert.deepEqual((await store.list()).map((u) => u.id).sort(), ["a", "c"]);
});

Deno.test("utility_audit harmful rule: low rate and negative lift; high leakage waives the lift", () => {
  const u = (usage: number, success: number, leakage_risk = "low") =>
    makeUnit("x", {
      usage_count: usage,
      success_count: success,
      content: { principle: "p", leakage_risk },
    });
  assert.equal(isHarmful(u(10, 2), 0.6, AUDIT), true);
  assert.equal(isHarmful(u(10, 2), 0.25, AUDIT), false, "no negative lift against a weak baseline");
  assert.equal(isHarmful(u(10, 3), 0.9, AUDIT), false, "0.30 is not below the threshold");
  assert.equal(
    isHarmful(u(10, 3, "medium"), 0.9, AUDIT),
    true,
    "medium leakage raises the bar to 0.40",
  );
  assert.equal(
    isHarmful(u(10, 4, "high"), 0.3, AUDIT),
    true,
    "high leakage: 0.50 bar, lift waived",
  );
  assert.equal(isHarmful(u(10, 2), 0.25, { ...AUDIT, require_negative_lift: false }), true);
});

Deno.test("utility_audit deactivates harmful units and, on llm_graph too, their derived edges", async () => {
  const store = new MemoryStoreDouble({ kind: "llm_graph" });
  await store.add([
    makeUnit("bad", { usage_count: 5, success_count: 0 }),
    makeUnit("good1", { usage_count: 5, success_count: 5, text: "g1" }),
    makeUnit("good2", { usage_count: 4, success_count: 3, text: "g2" }),
    makeUnit("new", { usage_count: 1, success_count: 0, text: "n" }),
  ]);
  await store.graph!.upsertEdges([{
    source: "m:good1",
    target: "m:bad",
    type: "SIMILAR",
    weight: 0.9,
  }]);
  const out = await runOp(utilityAudit, opContext(store));
  assert.equal(out.deactivated, 1);
  assert.deepEqual((await store.list()).map((u) => u.id).sort(), ["good1", "good2", "new"]);
  assert.equal((await store.graph!.listEdges(["SIMILAR"])).length, 0);
});

Deno.test("utility_audit stale branch removes never-used units older than the window", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("old", { created_at: isoUtc(T0 - 48 * HOUR) }),
    makeUnit("young", { created_at: isoUtc(T0 - HOUR), text: "y" }),
  ]);
  assert.equal((await runOp(utilityAudit, opContext(store))).triggered, false);
  const out = await runOp(utilityAudit, opContext(store), { handle_stale_unused: true });
  assert.equal(out.deactivated, 1);
  assert.equal((await store.get("old"))!.is_active, false);
});

Deno.test("size_capped_prune victim order: conflicts, negatives, unused, score, age", () => {
  const base = { usage_count: 1, success_count: 1 };
  const units = [
    makeUnit("best", { ...base, confidence: 1 }),
    makeUnit("weak", { ...base, confidence: 0.2, text: "w" }),
    makeUnit("older", { ...base, confidence: 0.2, text: "o", created_at: isoUtc(T0 - HOUR) }),
    makeUnit("unused", { confidence: 1, text: "u" }),
    makeUnit("negative", { ...base, is_negative_example: true, text: "n" }),
    makeUnit("conflicted", { ...base, conflict_count: 2, text: "c" }),
    makeUnit("conflicted1", { ...base, conflict_count: 1, text: "c1" }),
  ];
  assert.ok(effectiveScore(units[1], T0) < effectiveScore(units[0], T0));
  const order = [...units].sort(victimOrder(T0)).map((u) => u.id);
  assert.deepEqual(order, [
    "conflicted",
    "conflicted1",
    "negative",
    "unused",
    "older",
    "weak",
    "best",
  ]);
});

Deno.test("size_capped_prune shrinks to floor(cap * ratio) only when over the cap", async () => {
  const store = new MemoryStoreDouble();
  await store.add(
    Array.from({ length: 12 }, (_, i) =>
      makeUnit(`u${String(i).padStart(2, "0")}`, {
        confidence: (i + 1) / 12,
        usage_count: 1,
        success_count: 1,
      })),
  );
  assert.equal((await runOp(sizeCappedPrune, opContext(store), { cap: 12 })).triggered, false);
  const out = await runOp(sizeCappedPrune, opContext(store), { cap: 10, shrink_to_ratio: 0.85 });
  assert.equal(out.deactivated, 4);
  assert.deepEqual((await store.list()).map((u) => u.id), [
    "u04",
    "u05",
    "u06",
    "u07",
    "u08",
    "u09",
    "u10",
    "u11",
  ]);
});
