import assert from "node:assert/strict";
import { renderTemplate, SEARCH_PROMPTS } from "../prompts.ts";
import { proposalContext } from "../testing/specs.ts";
import { phaseInstructions, proposerVariables } from "./context.ts";

Deno.test("the proposer prompt carries every state section and no unfilled placeholder", () => {
  const text = renderTemplate(
    SEARCH_PROMPTS.architecture_search,
    proposerVariables(proposalContext({ round: 3, maxRounds: 8, k: 2 })),
  );
  assert.doesNotMatch(text, /\{\{/);
  for (
    const part of [
      "Round 3 of 8",
      "2 NEW architectures",
      "Pool statistics",
      "Pareto front",
      "Differential validation",
      "Experience ledger",
      "Exploration hints",
      "Observation graph",
      "Broad exploration",
    ]
  ) {
    assert.ok(text.includes(part), part);
  }
});

Deno.test("phases follow the reference's progress thresholds", () => {
  assert.match(phaseInstructions(1, 8, 3), /^Bootstrap/);
  assert.match(phaseInstructions(4, 8, 3), /^Broad/);
  assert.match(phaseInstructions(6, 8, 3), /^Mixed/);
  assert.match(phaseInstructions(7, 8, 3), /^Pure/);
});
