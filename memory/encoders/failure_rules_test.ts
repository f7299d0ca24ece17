import assert from "node:assert/strict";
import {
  answerShape,
  classifyFailure,
  CORRECTIVE_STRATEGY,
  isValueAnswer,
  taskComplexity,
  taskTypeTags,
} from "./failure_rules.ts";
import { FAILURE_PATTERNS } from "../unit_content.ts";

const fail = (failure_reason: string, expected?: string) => ({
  success: false,
  score: 0,
  failure_reason,
  expected,
});

Deno.test("the divergence text decides the label before the failure reason", () => {
  assert.equal(
    classifyFailure("Search[x] → Could not find [x]. Similar: [...]", fail("Halted: budget")),
    "incomplete_search",
  );
  assert.equal(classifyFailure("", fail("Halted: the agent used its step budget")), "timeout");
  assert.equal(classifyFailure("I was stuck in a loop taking the mug", undefined), "tool_misuse");
  assert.equal(classifyFailure("However, the task says to heat it.", undefined), "scope_error");
  assert.equal(
    classifyFailure("Search[Creed] → Creed may refer to", undefined),
    "disambiguation_error",
  );
  assert.equal(classifyFailure("", undefined), "logic_error");
});

Deno.test("an answer mismatch is a wrong value for values and a wrong entity for names", () => {
  assert.equal(classifyFailure("", fail("Answer mismatch: 'x'", "2004")), "wrong_value");
  assert.equal(
    classifyFailure("", fail("Answer mismatch: 'x'", "Sam Boyd Stadium")),
    "wrong_entity",
  );
  assert.ok(isValueAnswer("yes") && isValueAnswer("3.5 km") && !isValueAnswer("Blue Rain"));
});

Deno.test("answer shapes never contain the answer", () => {
  assert.equal(answerShape("2004"), "a year");
  assert.equal(answerShape("12,000"), "a number");
  assert.equal(answerShape("Sam Boyd Stadium"), "a 3-word name");
  assert.equal(answerShape("No"), "yes/no");
});

Deno.test("every label has a corrective strategy", () => {
  for (const p of FAILURE_PATTERNS) assert.ok(CORRECTIVE_STRATEGY[p].length > 20, p);
});

Deno.test("tags come from tools, question words, observations and step count", () => {
  const trajectory = {
    task_id: "t",
    query: "",
    final_answer: "1999",
    steps: [
      {
        ref: "step:0",
        kind: "action" as const,
        tool: "Search",
        args: { q: "A" },
        observation: "A may refer to",
      },
      {
        ref: "step:1",
        kind: "action" as const,
        tool: "Search",
        args: { q: "A (band)" },
        observation: "...",
      },
      {
        ref: "step:2",
        kind: "action" as const,
        tool: "Finish",
        args: { a: "1999" },
        observation: "",
      },
    ],
  };
  const tags = taskTypeTags({ id: "t", text: "When was A formed?" }, trajectory);
  assert.deepEqual(tags, [
    "web_search",
    "multi_step_reasoning",
    "date_time",
    "entity_disambiguation",
    "lookup_factual",
    "simple",
  ]);
  assert.equal(taskComplexity({ id: "t", text: "", level: 3 }, trajectory), "complex");
  assert.equal(taskComplexity({ id: "t", text: "" }, { ...trajectory, steps: [] }), "unknown");
});
