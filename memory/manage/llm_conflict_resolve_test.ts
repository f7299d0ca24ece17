import assert from "node:assert/strict";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { llmConflictResolve, offlineDecision, oppositeOutcomes } from "./llm_conflict_resolve.ts";
import {
  axisVec,
  makeUnit,
  MemoryStoreDouble,
  opContext,
  runOp,
  T0,
  tilted,
} from "./testing/mod.ts";

Deno.test('oppositeOutcomes: success against failure only; "" is not an outcome', () => {
  const u = (o: "success" | "failure" | "") => makeUnit("x", { task_outcome: o });
  assert.equal(oppositeOutcomes(u("success"), u("failure")), true);
  assert.equal(oppositeOutcomes(u("failure"), u("success")), true);
  assert.equal(oppositeOutcomes(u(""), u("failure")), false);
  assert.equal(oppositeOutcomes(u("success"), u("success")), false);
});

Deno.test("offlineDecision keeps the higher effective score, both within 10 %", () => {
  const a = makeUnit("a", { confidence: 1 });
  assert.equal(offlineDecision(a, makeUnit("b", { confidence: 0.5 }), T0), "keep_a");
  assert.equal(offlineDecision(makeUnit("b", { confidence: 0.5 }), a, T0), "keep_b");
  assert.equal(offlineDecision(a, makeUnit("b", { confidence: 0.91 }), T0), "keep_both");
});

async function fixture() {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("win", {
      embedding: axisVec(0),
      task_outcome: "success",
      confidence: 1,
      usage_count: 4,
      success_count: 4,
    }),
    makeUnit("lose", {
      embedding: tilted(0, 0.9),
      task_outcome: "failure",
      confidence: 0.4,
      usage_count: 3,
      success_count: 1,
      text: "l",
    }),
    makeUnit("op", { embedding: tilted(0, 0.95), task_outcome: "", confidence: 0.1, text: "o" }),
    makeUnit("tie_a", {
      embedding: axisVec(4),
      task_outcome: "success",
      confidence: 0.8,
      text: "ta",
    }),
    makeUnit("tie_b", {
      embedding: tilted(4, 0.85),
      task_outcome: "failure",
      confidence: 0.78,
      text: "tb",
    }),
  ]);
  return store;
}

Deno.test("llm_conflict_resolve (offline) supersedes the weaker side and marks kept pairs", async () => {
  const store = await fixture();
  const out = await runOp(llmConflictResolve, opContext(store));
  assert.deepEqual(out, { triggered: true, affected: 2, deactivated: 1 });
  assert.equal((await store.get("lose"))!.superseded_by, "win");
  assert.equal((await store.get("op"))!.is_active, true, '"" never conflicts');
  const ta = (await store.get("tie_a"))!;
  assert.deepEqual(ta.relations.map((r) => `${r.relation_type}:${r.target_id}:${r.annotation}`), [
    "conflicts:tie_b:keep_both",
  ]);
  const again = await runOp(llmConflictResolve, opContext(store));
  assert.equal(again.triggered, false, "a kept pair is not judged again");
});

Deno.test("llm_conflict_resolve follows the model's verdict and shows real failure counts", async () => {
  const store = await fixture();
  const model = new ScriptedModel({
    replies: [{ decision: "keep_a", reasoning: "r" }, { decision: "maybe" }],
  });
  const out = await runOp(llmConflictResolve, opContext(store, { model }));
  assert.equal(out.deactivated, 1);
  // Pairs are (a, b) in id order: a = "lose", so keep_a keeps the failure-side unit.
  assert.equal((await store.get("win"))!.is_active, false, "the model chose the failure-side unit");
  assert.equal((await store.get("win"))!.superseded_by, "lose");
  assert.match(model.calls[0].messages[0].content, /used: 4; successes: 4; failures: 0/);
  assert.match(model.calls[0].messages[0].content, /used: 3; successes: 1; failures: 2/);
  assert.match(out.error!, /model verdict rejected for 1 pair\(s\), offline rule used: schema/);
  assert.equal((await store.get("tie_a"))!.relations[0].annotation, "keep_both");
});

Deno.test("llm_conflict_resolve judges at most max_pairs_per_run pairs, most similar first", async () => {
  const store = await fixture();
  const out = await runOp(llmConflictResolve, opContext(store), { max_pairs_per_run: 1 });
  assert.equal(out.affected, 1);
  assert.equal((await store.get("lose"))!.is_active, false, "the 0.9 pair goes first");
  assert.equal((await store.get("tie_a"))!.relations.length, 0, "the 0.85 pair waits");
});
