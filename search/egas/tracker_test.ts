import assert from "node:assert/strict";
import { evaluation, perTask } from "../testing/specs.ts";
import { addEvaluation, emptyPareto } from "./pareto.ts";
import { upperBounds } from "./tracker.ts";

Deno.test("unseen coordinate values start from the dimension's average lift, so they can win exploration", () => {
  const baseline = { scores: { a: 0.5, b: 0.5 }, tokens: { a: 100, b: 100 } };
  let state = emptyPareto();
  for (
    const [i, label] of ["tip/json/hybrid/lightweight", "tip/vector/mmr/lightweight"].entries()
  ) {
    const ev = evaluation(label, 1, i, perTask({ a: [1, 100], b: [1, 100] }), baseline.scores);
    state = addEvaluation(state, ev, baseline);
  }
  const b = upperBounds(state, 0.1);
  // Both seen stores have lift +0.5 and one evaluation; an unseen store has the same prior and a
  // larger bonus, so it ranks above them.
  assert.ok(b.store.graph > b.store.json, `${b.store.graph} vs ${b.store.json}`);
  assert.ok(Math.abs(b.store.graph - (0.5 + 0.1)) < 1e-9);
  assert.ok(Math.abs(b.encode.workflow - (0.5 + 0.1)) < 1e-9);
});

Deno.test("before any evaluation every value has the same optimistic bound", () => {
  const b = upperBounds(emptyPareto(), 0.1);
  assert.deepEqual(new Set(Object.values(b.retrieve)), new Set([0.1]));
});
