import assert from "node:assert/strict";
import cbrTemplate from "../prompts/cbr_rerank.md" with { type: "text" };
import hydeTemplate from "../prompts/hyde.md" with { type: "text" };
import plannerTemplate from "../prompts/query_planner.md" with { type: "text" };
import { promptPlaceholders, PromptRenderError, renderPrompt } from "./render_prompt.ts";

Deno.test("renderPrompt: fills {{name}} and {{ name }} with the given values", () => {
  assert.equal(
    renderPrompt("Q: {{question}} / {{ question }} ({{n}})", { question: "why?", n: 2 }),
    "Q: why? / why? (2)",
  );
});

Deno.test("renderPrompt: a placeholder without a value is an error naming it", () => {
  assert.throws(
    () => renderPrompt("Task: {{task}}", {}),
    (e) => e instanceof PromptRenderError && e.code === "missing_variable" && e.field === "task",
  );
});

Deno.test("renderPrompt: a value without a placeholder is an error (catches {query}-style slots)", () => {
  assert.throws(
    () => renderPrompt("Question: {query}", { query: "why?" }),
    (e) => e instanceof PromptRenderError && e.code === "unused_variable" && e.field === "query",
  );
});

Deno.test("renderPrompt: substituted text is never re-scanned for placeholders", () => {
  assert.equal(renderPrompt("{{a}} {{b}}", { a: "{{b}}", b: "x" }), "{{b}} x");
});

Deno.test("renderPrompt: rejects a variable name that could never be a placeholder", () => {
  assert.throws(() => renderPrompt("x", { "bad-name": "v" }), /not a valid variable name/);
});

Deno.test("the retrieval prompt files use exactly the variables their renderers pass", () => {
  assert.deepEqual(promptPlaceholders(hydeTemplate), ["count", "question"]);
  assert.deepEqual(promptPlaceholders(cbrTemplate), ["question", "candidates", "last_index"]);
  assert.deepEqual(promptPlaceholders(plannerTemplate), ["task", "progress"]);
});
