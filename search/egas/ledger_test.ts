import assert from "node:assert/strict";
import type { DifferentialRow } from "../common_schemas.ts";
import { evaluation, perTask } from "../testing/specs.ts";
import { applyLedgerDelta, computeLedgerDelta, emptyLedger, LEDGER_LIMITS } from "./ledger.ts";
import { activeDeadEnds, renderLedger } from "./ledger_view.ts";
import { addEvaluation, emptyPareto } from "./pareto.ts";

function row(
  id: string,
  to: string,
  delta: number,
  verdict: DifferentialRow["verdict"],
  n = 4,
): DifferentialRow {
  return {
    config_id: id,
    parent: "r1_c0",
    changed: { retrieve: { from: "hybrid", to } },
    n_common: n,
    delta_score: delta,
    delta_cost: 0,
    wins: delta > 0 ? n : 0,
    losses: delta < 0 ? n : 0,
    verdict,
  };
}
const pareto = addEvaluation(
  emptyPareto(),
  evaluation("tip/json/hybrid/lightweight", 1, 0, perTask({ a: [1, 100] })),
  { scores: {}, tokens: {} },
);
const label = (id: string) => `label-of-${id}`;

Deno.test("confirmed changes become principles, refuted ones dead ends, unclear ones questions", () => {
  const rows = [
    row("r2_c1", "mmr", 0.25, "confirmed"),
    row("r2_c2", "hyde", -0.25, "refuted"),
    row("r2_c3", "cbr_rerank", 0.01, "stalled"),
  ];
  const delta = computeLedgerDelta(emptyLedger(), 2, rows, label);
  const l = applyLedgerDelta(emptyLedger(), delta, pareto);
  assert.deepEqual(l.principles.map((p) => [p.id, p.key, p.confidence, p.domain]), [[
    "P001",
    "retrieve:hybrid→mmr",
    LEDGER_LIMITS.initialConfidence,
    "retrieval",
  ]]);
  assert.match(l.principles[0].claim, /raised the score/);
  assert.deepEqual(l.dead_ends.map((d) => [d.combo, d.expires_round]), [[
    "label-of-r2_c2",
    2 + LEDGER_LIMITS.deadEndTtlRounds,
  ]]);
  assert.deepEqual(l.open_questions.map((q) => q.key), ["retrieve:hybrid→cbr_rerank"]);
  assert.equal(l.component_performance.length, 4);
  assert.equal(l.last_updated_round, 2);
  assert.equal(applyLedgerDelta(l, delta, pareto), l, "a round applies once");
});

Deno.test("evidence moves confidence, thin evidence is capped, unvalidated principles decay", () => {
  let l = applyLedgerDelta(
    emptyLedger(),
    computeLedgerDelta(emptyLedger(), 1, [row("a", "mmr", 0.2, "confirmed")], label),
    pareto,
  );
  for (let t = 2; t <= 5; t++) {
    l = applyLedgerDelta(
      l,
      computeLedgerDelta(l, t, [row(`r${t}`, "mmr", 0.2, "confirmed")], label),
      pareto,
    );
  }
  assert.equal(l.principles[0].evidence.length, 5);
  assert.equal(l.principles[0].confidence, 0.7);
  l = applyLedgerDelta(
    l,
    computeLedgerDelta(l, 6, [row("r6", "mmr", -0.2, "refuted")], label),
    pareto,
  );
  assert.equal(l.principles[0].confidence, 0.4);
  l = applyLedgerDelta(l, computeLedgerDelta(l, 7, [], label), pareto);
  assert.equal(l.principles[0].confidence, 0.35);
  const single = applyLedgerDelta(emptyLedger(), {
    ...computeLedgerDelta(emptyLedger(), 1, [row("a", "mmr", 0.2, "confirmed")], label),
  }, pareto);
  assert.ok(single.principles[0].confidence < 0.5);
});

Deno.test("dead ends expire and at most three principles are added per round", () => {
  let l = applyLedgerDelta(
    emptyLedger(),
    computeLedgerDelta(emptyLedger(), 1, [row("x", "hyde", -0.3, "refuted")], label),
    pareto,
  );
  assert.deepEqual([...activeDeadEnds(l)], ["label-of-x"]);
  for (let t = 2; t <= 1 + LEDGER_LIMITS.deadEndTtlRounds; t++) {
    l = applyLedgerDelta(l, computeLedgerDelta(l, t, [], label), pareto);
  }
  assert.deepEqual([...activeDeadEnds(l)], []);
  const many = ["mmr", "hyde", "cbr_rerank", "contrastive", "graph"].map((to, i) =>
    row(`c${i}`, to, 0.1 + i / 100, "confirmed")
  );
  const m = applyLedgerDelta(
    emptyLedger(),
    computeLedgerDelta(emptyLedger(), 1, many, label),
    pareto,
  );
  assert.equal(m.principles.length, LEDGER_LIMITS.newPrinciplesPerRound);
  assert.equal(m.principles[0].key, "retrieve:hybrid→graph");
});

Deno.test("the ledger renders for the proposer, or says it is disabled or empty", () => {
  assert.match(renderLedger(null, true), /disabled/);
  assert.match(renderLedger(emptyLedger(), false), /empty/);
  const l = applyLedgerDelta(
    emptyLedger(),
    computeLedgerDelta(emptyLedger(), 1, [row("x", "hyde", -0.3, "refuted")], label),
    pareto,
  );
  assert.match(renderLedger(l, false), /Dead ends \(do NOT propose\):\n- label-of-x/);
  assert.match(renderLedger(l, false), /Component statistics/);
});
