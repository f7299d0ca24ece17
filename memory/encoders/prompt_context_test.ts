import assert from "node:assert/strict";
import { ENCODE_TYPES } from "../../core/space.ts";
import { promptPlaceholders, renderPrompt } from "../../retrieval/render_prompt.ts";
import {
  BATCH_PROMPT,
  CONVERSATION_PROMPT,
  formatTrajectory,
  promptVars,
  replyShape,
  ruleSection,
  singlePrompt,
} from "./prompt_context.ts";
import { recoveredSuccess, wrongAnswer } from "./fixtures_test.ts";

Deno.test("every single-type prompt renders with exactly the shared variables", () => {
  const vars = promptVars(recoveredSuccess());
  for (const t of ENCODE_TYPES) {
    const text = renderPrompt(singlePrompt(t), vars);
    assert.ok(text.includes("Which band did Ann Lee join in 1999?"), t);
    assert.ok(!text.includes("<!--"), t);
    assert.ok(ruleSection(t).startsWith(`## ${t}`), t);
  }
});

Deno.test("the batch and conversation prompts declare the variables the encoder fills", () => {
  assert.deepEqual(promptPlaceholders(BATCH_PROMPT).sort(), [
    "failure_reason",
    "final_result",
    "outcome",
    "raw_trajectory",
    "reply_shape",
    "task_complexity",
    "task_query",
    "type_rules",
  ]);
  assert.deepEqual(
    promptPlaceholders(CONVERSATION_PROMPT).sort(),
    ["raw_trajectory", "reply_shape", "task_query"].sort(),
  );
  assert.equal(
    replyShape(["tip", "insight"]),
    '{"tip": [ ...tip items... ], "insight": { ...insight... } or null}',
  );
});

Deno.test("the rendered trajectory shows refs, thoughts, calls and observations", () => {
  const text = formatTrajectory(recoveredSuccess().trajectory);
  assert.ok(
    text.startsWith(
      '[step:0] Action (rejected):\nThinking: Thought about Search.\nTool call: Search({"query":"\\"Ann Lee\\""})',
    ),
  );
  assert.equal(text.split("\n\n").length, 4);
  const vars = promptVars(wrongAnswer());
  assert.equal(vars.outcome, "failure");
  assert.equal(vars.final_result, "Grizzly Stadium");
  assert.equal(vars.task_complexity, "simple");
});
