import assert from "node:assert/strict";
import { checkPromptBudget, fixedPromptChars } from "./prompt_budget.ts";
import { budgetedPrompt } from "./prompts.ts";
import { v0Scaffold } from "./v0.ts";

Deno.test("the budget check counts instruction, observation and actions, and names what to raise", () => {
  const spec = { ...v0Scaffold("nethack"), context_budget_chars: 5000 };
  const needs = { instructionChars: 4051, actions: ["north", "south"], observationChars: 3000 };
  const fixed = fixedPromptChars(spec, "nethack", needs);
  assert.ok(fixed > 7051 && fixed < 9000, String(fixed));
  assert.throws(() => checkPromptBudget(spec, "nethack", needs), new RegExp(`at least ${fixed}`));
  checkPromptBudget({ ...spec, context_budget_chars: fixed }, "nethack", needs);
});

Deno.test("a budgeted prompt keeps its own parts whole and cuts memory to what is left", () => {
  const template = "OBS:\n{{observation}}\nFILES:\n{{file_index}}\n{{file_notes}}";
  const values = { observation: "o".repeat(300), file_index: "f".repeat(500), file_notes: "n" };
  const p = budgetedPrompt(template, values, 500)!;
  assert.ok(p.text.includes("o".repeat(300)));
  assert.ok(p.text.length <= 500);
  assert.match(p.text, /cut: context budget exhausted/);
  assert.equal(budgetedPrompt(template, values, 200), undefined);
});
