import assert from "node:assert/strict";
import { agentView } from "./offline_encoder.ts";
import { describeChange, insightDraft, tipDrafts } from "./offline_lessons.ts";
import {
  haltedFailure,
  recoveredSuccess,
  reflectionFailure,
  wrongAnswer,
} from "./fixtures_test.ts";

Deno.test("a recovered error and a discovered bridge entity each yield one tip", () => {
  const tips = tipDrafts(agentView(recoveredSuccess()));
  assert.deepEqual(tips.map((t) => t.content.category), [
    "tool_and_search",
    "planning_and_decision",
  ]);
  const [tool, plan] = tips;
  assert.equal(
    tool.content.principle,
    'Do Search without quotation marks, because Search["<TARGET_ENTITY_1>"] failed with "Could not find ["<TARGET_ENTITY_1>"]."',
  );
  assert.deepEqual(tool.source_refs, ["step:0", "step:1"]);
  assert.match(
    String(plan.content.principle),
    /^Do Search\[<TARGET_ENTITY_1>\] before Search\[<RELATED_ENTITY_1>\]/,
  );
  assert.deepEqual(plan.source_refs, ["step:1", "step:2"]);
  for (const t of tips) assert.ok(!JSON.stringify(t.content).includes("Ann Lee"));
});

Deno.test("repeated unrecovered failures yield a change-strategy tip", () => {
  const [tip] = tipDrafts(agentView(haltedFailure()));
  assert.match(String(tip.content.principle), /^Do change the Search argument .* failed 3 times/);
  assert.deepEqual(tip.source_refs, ["step:0", "step:1", "step:2"]);
});

Deno.test("a stated correction becomes a planning tip with its reason", () => {
  const tips = tipDrafts(agentView(reflectionFailure()));
  assert.equal(tips.length, 1);
  assert.equal(
    tips[0].content.principle,
    "In the next trial, I will open drawer <N> before taking the mug (because I was stuck in a loop taking mug <N> from desk <N>)",
  );
  assert.deepEqual(tips[0].source_refs, ["step:2", "step:1"]);
});

Deno.test("the insight names the first unrecovered failure and its pattern", () => {
  const d = insightDraft(agentView(haltedFailure()))!;
  assert.equal(d.content.failure_pattern, "incomplete_search");
  assert.match(
    String(d.content.root_cause_conclusion),
    /and 2 later Search attempt\(s\) failed too, so the run ran out of steps/,
  );
  assert.equal(
    d.content.state_mismatch_analysis,
    "Gave no answer where a 1-word name was expected",
  );
  assert.deepEqual(d.source_refs, ["step:0", "step:1", "step:2"]);
  assert.ok(!JSON.stringify(d.content).includes("VIVA"));
});

Deno.test("a rejected answer points the insight at the evidence it rested on, without the expected answer", () => {
  const d = insightDraft(agentView(wrongAnswer()))!;
  assert.equal(d.content.failure_pattern, "wrong_entity");
  assert.match(
    String(d.content.root_cause_conclusion),
    /^The run answered Finish\[<RELATED_ENTITY_1>\] on the strength of Search\[<TARGET_ENTITY_1>\]/,
  );
  assert.deepEqual(d.source_refs, ["step:0", "step:1"]);
  assert.ok(!JSON.stringify(d.content).includes("Sam Boyd"));
});

Deno.test("a reflection's own correction is the corrective strategy", () => {
  const d = insightDraft(agentView(reflectionFailure()))!;
  assert.equal(d.content.failure_pattern, "tool_misuse");
  assert.equal(
    d.content.corrective_strategy,
    "In the next trial, I will open drawer <N> before taking the mug.",
  );
  assert.deepEqual(d.source_refs, ["step:1"]);
});

Deno.test("describeChange names how a recovering argument differs", () => {
  assert.equal(describeChange("Creed", "Creed (band)"), "with a type qualifier in parentheses");
  assert.equal(
    describeChange("VIVA Media AG 2004", "VIVA Media"),
    "with a shorter query (the core name only)",
  );
  assert.equal(
    describeChange("Creed", "Creed band members"),
    "with a more specific query (an added detail)",
  );
  assert.equal(describeChange("Creed", "Nickelback"), "with a different argument (a related name)");
});
