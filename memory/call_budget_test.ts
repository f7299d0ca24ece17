import assert from "node:assert/strict";
import { ModelError } from "../core/ports.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { GUIDANCE_CALLS_PER_TASK, GuidanceCallBudget, ManagementCalls } from "./call_budget.ts";

const ask = (m: GuidanceCallBudget, purpose: string) =>
  m.chat({ messages: [{ role: "user", content: "x" }], purpose });

Deno.test("guidance calls past the task's budget are refused with call_budget; other tasks and untracked calls are not", async () => {
  const inner = new ScriptedModel({ rules: [() => "ok"] });
  const budget = new GuidanceCallBudget(inner);
  assert.equal(GUIDANCE_CALLS_PER_TASK, 2);
  await budget.within("t1", async () => {
    await ask(budget, "query_planner");
    await ask(budget, "composer");
  });
  await budget.within("t1", async () => {
    await assert.rejects(
      () => ask(budget, "query_planner"),
      (e) => e instanceof ModelError && e.code === "call_budget",
    );
  });
  assert.equal(budget.used("t1"), 2);
  await budget.within("t2", () => ask(budget, "composer"));
  await ask(budget, "query_planner");
  await ask(budget, "query_planner");
  await ask(budget, "query_planner");
  assert.equal(inner.calls.length, 6, "the refused call never reached the model");
  budget.forget("t1");
  await budget.within("t1", () => ask(budget, "composer"));
  assert.equal(inner.calls.length, 7);
});

Deno.test("a management call is repaid by the next task's first guidance call, which is refused", async () => {
  const inner = new ScriptedModel({ rules: [() => "ok"] });
  const budget = new GuidanceCallBudget(inner);
  const management = new ManagementCalls(inner, budget);
  await management.chat({ messages: [{ role: "user", content: "x" }], purpose: "manage:x" });
  await management.chat({ messages: [{ role: "user", content: "x" }], purpose: "manage:y" });
  assert.equal(budget.debt, 2);
  await budget.within("t1", async () => {
    await assert.rejects(
      () => ask(budget, "query_planner"),
      (e) => e instanceof ModelError && e.code === "call_budget" && /repays/.test(e.message),
    );
    await ask(budget, "composer");
    await assert.rejects(() => ask(budget, "composer"), ModelError);
  });
  assert.equal(budget.debt, 1);
  await budget.within("t2", async () => {
    await assert.rejects(() => ask(budget, "query_planner"), ModelError);
    await ask(budget, "composer");
  });
  assert.equal(budget.debt, 0);
  await budget.within("t3", async () => {
    await ask(budget, "query_planner");
    await ask(budget, "composer");
  });
  // 2 management calls + 1 + 1 + 2 guidance calls: 6 calls for 3 tasks.
  assert.equal(inner.calls.length, 6);
});
