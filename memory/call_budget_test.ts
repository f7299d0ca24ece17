import assert from "node:assert/strict";
import { ModelError } from "../core/ports.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { GUIDANCE_CALLS_PER_TASK, GuidanceCallBudget } from "./call_budget.ts";

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
