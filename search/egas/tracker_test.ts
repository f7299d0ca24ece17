import assert from "node:assert/strict";
import { evaluation, perTask } from "../testing/specs.ts";
import { addEvaluation, emptyPareto } from "./pareto.ts";
import { componentStats, coverage, renderHints } from "./tracker.ts";

const baseline = { scores: { a: 0.5, b: 0.5 }, tokens: { a: 100, b: 100 } };

function archive() {
  let state = emptyPareto();
  const rows: [string, number][] = [["tip+workflow/json/hybrid/lightweight", 1], [
    "tip/vector/mmr/lightweight",
    0.5,
  ]];
  for (const [i, [label, s]] of rows.entries()) {
    const ev = evaluation(label, 1, i, perTask({ a: [s, 100], b: [s, 100] }), baseline.scores);
    state = addEvaluation(state, ev, baseline);
  }
  return state;
}

Deno.test("coverage counts each architecture once per coordinate value, every encode type included", () => {
  const cov = coverage(archive());
  assert.equal(cov.encode.tip, 2);
  assert.equal(cov.encode.workflow, 1);
  assert.equal(cov.store.graph, 0);
  assert.equal(cov.manage.lightweight, 2);
});

Deno.test("component statistics average the lift of the architectures holding a value", () => {
  const stats = componentStats(archive());
  const get = (c: string, v: string) => stats.find((s) => s.component === c && s.value === v);
  assert.equal(get("encode", "workflow")!.mean_lift, 0.5);
  assert.equal(get("encode", "tip")!.mean_lift, 0.25);
  assert.equal(get("store", "graph"), undefined);
});

Deno.test("hints name the under-tested values and are empty before any evaluation", () => {
  assert.equal(renderHints(emptyPareto()), "");
  const text = renderHints(archive());
  assert.match(text, /store: under-tested json, vector, hybrid, graph, llm_graph/);
  assert.doesNotMatch(text, /encode: under-tested tip/);
});
