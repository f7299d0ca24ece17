import assert from "node:assert/strict";
import type { RoundRow } from "../protocol/champion.ts";
import { evaluation, perTask } from "../testing/specs.ts";
import { emptyObsGraph, obsGraphForPrompt, updateObsGraph } from "./obs_graph.ts";
import { differentialValidation } from "./differential.ts";
import { coverage, renderHints } from "./tracker.ts";
import { addEvaluation, emptyPareto } from "./pareto.ts";

const levels = new Map([["a", 1], ["b", 1], ["c", 2]]);
const baseline = { a: 0, b: 1, c: 0 };
const row = (
  label: string,
  candidate: number,
  per: ReturnType<typeof perTask>,
  source = "rules",
): RoundRow => ({ ...evaluation(label, 1, candidate, per), source });

Deno.test("the observation graph records mean gain over baseline per level and choice", () => {
  const rows = [
    row("tip/json/hybrid/lightweight", 0, perTask({ a: [1, 0], b: [1, 0], c: [0, 0] })),
  ];
  const g = updateObsGraph(emptyObsGraph(), 1, rows, levels, baseline);
  assert.equal(g.patterns.L1.architectures["tip/json/hybrid/lightweight"].mean_gain, 0.5);
  assert.equal(g.patterns.L2.retrieve.hybrid.mean_gain, 0);
  assert.equal(g.patterns.L1.baseline_score, 0.5);
  assert.equal(updateObsGraph(g, 1, rows, levels, baseline), g, "a round is recorded once");
  const view = obsGraphForPrompt(g) as { patterns: Record<string, unknown> };
  assert.deepEqual(Object.keys(view.patterns), ["L1", "L2"]);
});

Deno.test("differential validation compares each child with the champion on common tasks", () => {
  const champ = row(
    "tip/json/hybrid/lightweight",
    0,
    perTask({ a: [0, 100], b: [0, 100], c: [1, 100] }),
    "champion",
  );
  const child = row(
    "tip/json/mmr/lightweight",
    1,
    perTask({ a: [1, 150], b: [1, 150], c: [1, 150] }),
  );
  const [d] = differentialValidation([champ, child], { scores: baseline, tokens: {} });
  assert.deepEqual(d.changed, { retrieve: { from: "hybrid", to: "mmr" } });
  assert.equal(d.parent, "r1_c0");
  assert.equal(d.delta_cost, 50);
  assert.equal(d.verdict, "confirmed");
  const [vsBase] = differentialValidation([child], {
    scores: baseline,
    tokens: { a: 100, b: 100, c: 100 },
  });
  assert.equal(vsBase.parent, "baseline");
  assert.equal(vsBase.changed.encode.from, "none");
});

Deno.test("coverage counts one per architecture and hints list under-tested values", () => {
  let s = emptyPareto();
  assert.equal(renderHints(s), "");
  s = addEvaluation(
    s,
    evaluation("tip+workflow/json/hybrid/lightweight", 1, 0, perTask({ a: [1, 1] })),
    { scores: {}, tokens: {} },
  );
  const cov = coverage(s);
  assert.equal(cov.store.json, 1);
  assert.equal(cov.encode.workflow, 1);
  assert.match(renderHints(s), /store: under-tested json, vector, hybrid, graph, llm_graph/);
});
