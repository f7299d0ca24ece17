import assert from "node:assert/strict";
import {
  candidateText,
  domainLabel,
  formatUnit,
  judgeHead,
  scoreBand,
  shownText,
} from "./unit_format.ts";
import { PRIOR_QUERY, priorUnit, sampleUnits } from "./testing/fixtures.ts";

const { tip, insight, traj } = sampleUnits();

Deno.test("score bands follow the reference thresholds", () => {
  assert.equal(scoreBand(0.4), "HIGH");
  assert.equal(scoreBand(0.399), "MEDIUM");
  assert.equal(scoreBand(0.1), "MEDIUM");
  assert.match(scoreBand(0.0999), /^VERY_LOW — IGNORE/);
});

Deno.test("formatted units show type fields and hide raw trajectory steps", () => {
  const t = formatUnit(traj, 0.5);
  assert.match(t, /^\[Match: HIGH \| raw=0\.500\]/);
  assert.match(t, /TRAJECTORY, 2 steps/);
  assert.match(t, /Key decision: Look up the infobox/);
  assert.doesNotMatch(t, /search\[x\]/);
  assert.match(formatUnit(insight, 0.2), /INSIGHT \[wrong_entity\][\s\S]*Corrective strategy/);
  assert.match(formatUnit(tip, 0.01), /VERY_LOW[\s\S]*Principle: Search the film page/);
});

Deno.test("candidate text never leaks the raw prior task query (bug 10.14)", () => {
  for (const u of [tip, insight, traj]) {
    const text = candidateText(u, 0.5);
    assert.ok(!text.includes("Zyxwv"), text);
    assert.ok(!text.includes(PRIOR_QUERY.slice(0, 40)), text);
    assert.match(
      text,
      /Source: past (success|failure) task \(domain: web_research, multi_hop_search\)/,
    );
  }
  assert.match(judgeHead(insight), /^\(\[NEG\] \| Apply when: /);
});

Deno.test("the domain label falls back to the category, then the type, never the query", () => {
  const bare = priorUnit("u-bare", "shortcut", { name: "x", action_sequence: [{ step: 1 }] }, {
    applicable_task_types: [],
    task_outcome: "",
  });
  assert.equal(domainLabel(bare), "past consolidated task (domain: shortcut)");
  const cat = priorUnit("u-cat", "tip", { principle: "p", category: "answer_format" }, {
    applicable_task_types: [],
  });
  assert.equal(domainLabel(cat), "past success task (domain: answer_format)");
});

Deno.test("workflow and shortcut units show their steps and description", () => {
  const wf = priorUnit("u-wf", "workflow", {
    chain_type: "web",
    agent_workflow: [{
      step: 1,
      action: "search <ENTITY>",
      generalized_execution: "search the entity",
    }],
    search_workflow: [{
      step: 1,
      query_formulation: "<ENTITY> director",
      validation_criteria: "infobox",
    }],
    final_format_check: "a full name",
  });
  const text = formatUnit(wf, 0.3);
  assert.match(
    text,
    /WORKFLOW \[web\]\n- search the entity\n- search: <ENTITY> director \(check: infobox\)/,
  );
  assert.match(text, /Final format check: a full name/);
  const sc = priorUnit("u-sc", "shortcut", {
    name: "find_director",
    description: "Look up the infobox.",
  });
  assert.match(formatUnit(sc, 0.3), /SHORTCUT: find_director\nLook up the infobox\./);
});

Deno.test("a conversation fact is shown as its turn alone; other tips keep their heading", () => {
  const fact = {
    ...tip,
    content: {
      category: "fact",
      principle: "Ann: I adopted a dog named Pixel.",
      speaker: "Ann",
      date: "1:00 pm on 8 May, 2023",
      context: "What did you do last weekend?",
    },
  };
  assert.equal(shownText(fact), "Ann: I adopted a dog named Pixel.");
  assert.match(formatUnit(fact, 0.5), /\nAnn: I adopted a dog named Pixel\.\n/);
  assert.match(shownText(tip), /^TIP[\s\S]*Principle: Search the film page/);
});
