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

Deno.test("tool errors are labelled by their class, never by a lone word like 'format'", () => {
  const label = (text: string) => classifyFailure(text, undefined);
  assert.equal(
    label("error(precondition): export_report: precondition failed: needs loaded records first"),
    "tool_misuse",
  );
  assert.equal(
    label("error(bad_value): convert_format: format csv_file is not accepted for this request"),
    "wrong_value",
  );
  assert.equal(
    label(
      "error(not_applicable): convert_format: not applicable: the file is already in its delivery format",
    ),
    "scope_error",
  );
  assert.equal(
    label(
      "error(missing_flag): fetch_records: level-3 audits read archived partitions; set include_archived=true",
    ),
    "scope_error",
  );
  assert.equal(label("customer Initech is not part of this request"), "wrong_entity");
  assert.equal(label("realm 'moon' must be one of: prod_realm, staging_realm"), "wrong_value");
  assert.equal(label("authenticate: already done for this request"), "tool_misuse");
  // A lone "format" is no evidence of a format error; a stated format violation is.
  assert.equal(label("I picked the report format and sent it."), "logic_error");
  assert.equal(label("The answer was in the wrong format."), "format_error");
  assert.equal(label("dataset 'x' is not a valid dataset name"), "format_error");
});

Deno.test("a failure reason quoting a tool error is labelled by that error's class", () => {
  assert.equal(
    classifyFailure(
      "",
      fail(
        "stopped after 9 of 9 calls with 2/4 steps done; last error: error(bad_value): convert_format: format json_file is not accepted for this request",
      ),
    ),
    "wrong_value",
  );
});
