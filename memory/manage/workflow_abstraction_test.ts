import assert from "node:assert/strict";
import { abstractText, abstractWorkflow, firstWords, stepsOf } from "./workflow_abstraction.ts";
import { makeUnit } from "./testing/mod.ts";

Deno.test("abstractText replaces task-specific values with typed placeholders", () => {
  assert.equal(
    abstractText("Searched the population of New York City in 2020 and found 8,336,817 people."),
    "Searched the population of <TARGET_ENTITY> in <TIME_RANGE> and found <COMPUTED_VALUE> people.",
  );
  assert.equal(
    abstractText('Open https://x.org/a and read data.xlsx. Then query "solar flux"'),
    "Open <SOURCE_URL> and read <FILE_PATH>. Then query <TOPIC_KEYWORD>",
  );
  assert.equal(
    abstractText("crawl_page(<SOURCE_URL>) gave 3 4 rows"),
    "crawl_page(<SOURCE_URL>) gave <COMPUTED_VALUE> rows",
  );
});

Deno.test("firstWords and stepsOf tolerate the shapes trajectories come in", () => {
  assert.equal(firstWords("a b c d", 2), "a b …");
  const t = makeUnit("t", {
    type: "trajectory",
    content: {
      steps: ["plain", { action: "act", observation: "obs" }, { observation: "no action" }],
    },
  });
  assert.deepEqual(stepsOf(t), [{ action: "plain", observation: "" }, {
    action: "act",
    observation: "obs",
  }]);
});

Deno.test("abstractWorkflow keeps every step in order, abstracted, with search steps split out", () => {
  const traj = makeUnit("t", {
    type: "trajectory",
    use_when: ["a yearly statistic is asked"],
    content: {
      key_decision: "Prefer the official statistics office",
      tool_strategy: "search then crawl",
      leakage_risk: "medium",
      steps: [
        {
          action: 'web_search("Norway GDP 2019")',
          observation: "Statistics Norway page lists 403 billion",
        },
        { action: "crawl_page(https://ssb.no/gdp)", observation: "Table with yearly values" },
        { action: "final_answer(403)", observation: "" },
      ],
    },
  });
  const wf = abstractWorkflow(traj);
  assert.deepEqual(wf.agent_workflow, [
    {
      step: 1,
      action: "Call web_search",
      rationale: "Expect: Statistics <TARGET_ENTITY> page lists <COMPUTED_VALUE> billion",
      generalized_execution: "web_search(<TOPIC_KEYWORD>)",
    },
    {
      step: 2,
      action: "Call crawl_page",
      rationale: "Expect: Table with yearly values",
      generalized_execution: "crawl_page(<SOURCE_URL>)",
    },
    {
      step: 3,
      action: "Call final_answer",
      rationale: "search then crawl",
      generalized_execution: "final_answer(<COMPUTED_VALUE>)",
    },
  ]);
  assert.deepEqual(wf.search_workflow, [
    {
      step: 1,
      query_formulation: "web_search(<TOPIC_KEYWORD>)",
      validation_criteria:
        "Result mentions Statistics <TARGET_ENTITY> page lists <COMPUTED_VALUE> billion",
    },
  ]);
  assert.equal(wf.chain_type, "web");
  assert.equal(wf.leakage_risk, "medium");
  assert.deepEqual(wf.use_when, ["a yearly statistic is asked"]);
  assert.ok(!JSON.stringify(wf).includes("Norway"), "no entity leaks");
});

Deno.test("abstractWorkflow caps long trajectories at 8 steps, keeping the last", () => {
  const steps = Array.from(
    { length: 12 },
    (_, i) => ({ action: `step number ${i}`, observation: "" }),
  );
  const wf = abstractWorkflow(makeUnit("t", { type: "trajectory", content: { steps } }));
  const agent = wf.agent_workflow as { generalized_execution: string }[];
  assert.equal(agent.length, 8);
  assert.equal(agent[7].generalized_execution, "step number <COMPUTED_VALUE>");
  const empty = abstractWorkflow(
    makeUnit("e", { type: "trajectory", content: { key_decision: "Use the archive" } }),
  );
  assert.equal((empty.agent_workflow as unknown[]).length, 1);
});
