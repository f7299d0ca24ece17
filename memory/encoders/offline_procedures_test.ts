import assert from "node:assert/strict";
import { agentView } from "./offline_encoder.ts";
import {
  finalFormatCheck,
  shortcutDraft,
  trajectoryDraft,
  workflowDraft,
} from "./offline_procedures.ts";
import { haltedFailure, recoveredSuccess, wrongAnswer } from "./fixtures_test.ts";
import { parseContent } from "../unit_content.ts";

Deno.test("the trajectory keeps every action, marks errors and redacts the answer", () => {
  const d = trajectoryDraft(agentView(recoveredSuccess()))!;
  const steps = d.content.steps as { action: string; error?: boolean }[];
  assert.deepEqual(steps.map((s) => s.action), [
    'Search["Ann Lee"]',
    "Search[Ann Lee]",
    "Search[Blue Rain]",
    "Finish[Blue Rain]",
  ]);
  assert.equal(steps[0].error, true);
  assert.equal(d.content.tool_strategy, "Search ×3 → Finish");
  assert.equal(d.content.critical_observation, "<ANSWER> is a rock band formed in Ohio.");
  assert.equal(d.content.key_decision, "Thought about Search.");
  assert.deepEqual(d.source_refs, ["step:0", "step:1", "step:2", "step:3"]);
  assert.ok(parseContent("trajectory", d.content).ok);
});

Deno.test("repeated failures merge into one step and a failed run ends with FAIL", () => {
  const d = trajectoryDraft(agentView(haltedFailure()))!;
  const steps = d.content.steps as { action: string; observation: string }[];
  assert.equal(steps.length, 1);
  assert.equal(steps[0].action, "Search[VIVA Media AG] … Search[VIVA Media AG acronym] (×3)");
  assert.match(steps[0].observation, /\| FAIL: Halted/);
  assert.deepEqual(d.source_refs, ["step:0", "step:1", "step:2"]);
});

Deno.test("the workflow skips errors and abstracts every task literal", () => {
  const d = workflowDraft(agentView(recoveredSuccess()))!;
  const steps = d.content.agent_workflow as { generalized_execution: string }[];
  assert.deepEqual(steps.map((s) => s.generalized_execution), [
    "Search[<TARGET_ENTITY_1>]",
    "Search[<RELATED_ENTITY_1>]",
    "Finish[<RELATED_ENTITY_1>]",
  ]);
  assert.equal(
    d.content.final_format_check,
    "The answer is a short name of 2 word(s), without extra words",
  );
  assert.deepEqual(d.source_refs, ["step:1", "step:2", "step:3"]);
  assert.ok(parseContent("workflow", d.content).ok);
});

Deno.test("the shortcut maps the task signature to the verified answer and declares its inputs", () => {
  const d = shortcutDraft(agentView(recoveredSuccess()))!;
  assert.equal(d.content.task_signature, "Which band did <TARGET_ENTITY_1> join in <DATE>?");
  assert.equal(d.content.verified_answer, "Blue Rain");
  assert.deepEqual(d.content.test_invocation, { TARGET_ENTITY_1: "Ann Lee" });
  const seq = d.content.action_sequence as { tool_call: { args_pattern: string } }[];
  assert.deepEqual(seq.map((s) => s.tool_call.args_pattern), [
    "<TARGET_ENTITY_1>",
    "<RELATED_ENTITY_1>",
    "<RELATED_ENTITY_1>",
  ]);
  assert.ok(parseContent("shortcut", d.content).ok);
});

Deno.test("the answer's shape is described without its value", () => {
  assert.equal(
    finalFormatCheck(agentView(wrongAnswer())),
    "The answer is a short name of 2 word(s), without extra words",
  );
  const own = recoveredSuccess();
  own.trajectory.final_answer = "Ann Lee";
  assert.equal(
    finalFormatCheck(agentView(own)),
    "The answer is <TARGET_ENTITY_1>, one of the entities the task names",
  );
});
