import assert from "node:assert/strict";
import { evaluation, perTask } from "../testing/specs.ts";
import { addEvaluation, dominates, emptyPareto, paretoFront } from "./pareto.ts";

const baseline = { scores: { a: 0, b: 0, c: 1, d: 1 }, tokens: { a: 100, b: 100, c: 100, d: 100 } };

Deno.test("three objectives: a cheaper architecture with a lower score stays on the front", () => {
  let s = emptyPareto();
  s = addEvaluation(
    s,
    evaluation("tip/json/hybrid/lightweight", 1, 0, perTask({ a: [1, 300], b: [1, 300] })),
    baseline,
  );
  s = addEvaluation(
    s,
    evaluation("insight/json/hybrid/lightweight", 1, 1, perTask({ a: [1, 150], b: [0, 150] })),
    baseline,
  );
  s = addEvaluation(
    s,
    evaluation("workflow/json/hybrid/lightweight", 1, 2, perTask({ a: [0, 400], b: [0, 400] })),
    baseline,
  );
  const front = paretoFront(s, baseline).map((r) => r.label);
  assert.deepEqual(front, ["tip/json/hybrid/lightweight", "insight/json/hybrid/lightweight"]);
});

Deno.test("entries from different folds are compared by lift over their own baseline, not raw score", () => {
  let s = emptyPareto();
  // Fold 1 tasks are easy (baseline 1): raw 1.0 is no lift. Fold 0 tasks are hard: 0.5 is +0.5.
  const easy = evaluation(
    "tip/json/hybrid/lightweight",
    2,
    0,
    perTask({ c: [1, 100], d: [1, 100] }),
  );
  const hard = evaluation(
    "insight/json/hybrid/lightweight",
    1,
    0,
    perTask({ a: [1, 100], b: [0, 100] }),
  );
  s = addEvaluation(s, easy, baseline);
  s = addEvaluation(s, hard, baseline);
  const [e, h] = s.archive;
  assert.equal(dominates(e, h, baseline), false);
  assert.equal(dominates(h, e, baseline), true);
  assert.deepEqual(paretoFront(s, baseline).map((r) => r.label), [
    "insight/json/hybrid/lightweight",
  ]);
});

Deno.test("on common tasks, score and cost decide", () => {
  let s = emptyPareto();
  s = addEvaluation(
    s,
    evaluation("tip/json/hybrid/lightweight", 1, 0, perTask({ a: [1, 100], b: [1, 100] })),
    baseline,
  );
  s = addEvaluation(
    s,
    evaluation("insight/json/hybrid/lightweight", 1, 1, perTask({ a: [1, 200], b: [1, 200] })),
    baseline,
  );
  assert.equal(dominates(s.archive[0], s.archive[1], baseline), true);
  assert.equal(dominates(s.archive[1], s.archive[0], baseline), false);
});

Deno.test("re-evaluations pool per architecture and replaying a config id is a no-op", () => {
  let s = emptyPareto();
  const first = evaluation(
    "tip/json/hybrid/lightweight",
    1,
    0,
    perTask({ a: [1, 100], b: [0, 100] }),
  );
  s = addEvaluation(s, first, baseline);
  assert.equal(addEvaluation(s, first, baseline), s);
  s = addEvaluation(s, {
    ...evaluation("tip/json/hybrid/lightweight", 2, 0, perTask({ c: [0, 100], d: [0, 100] })),
  }, baseline);
  assert.equal(s.archive.length, 1);
  assert.equal(s.archive[0].n_evals, 2);
  assert.equal(s.archive[0].score, 0.25);
  assert.equal(s.archive[0].lift, -0.25);
  assert.equal(s.archive[0].fitness, 0.25);
  assert.deepEqual(s.history.map((h) => h.config_id), ["r1_c0", "r2_c0"]);
});
