import assert from "node:assert/strict";
import { fingerprint, specLabel } from "../../core/spec.ts";
import type { Verdict } from "../fgmd/schemas.ts";
import { evaluation, perTask, proposalContext, spec } from "../testing/specs.ts";
import { addEvaluation, emptyPareto } from "./pareto.ts";
import type { ChampionState } from "./schemas.ts";
import { RandomProposer } from "./random_proposer.ts";
import { RulesProposer } from "./rules_proposer.ts";

const base = { scores: { a: 0, b: 0 }, tokens: { a: 100, b: 100 } };

function verdict(primary: string): Verdict {
  return {
    primary_signal: primary,
    layer: null,
    share: 0.8,
    confidence: "high",
    recommended_action: "",
    suggested_move: null,
    memory_bypass: false,
    out_of_scope_for_memory: false,
    evidence_task_ids: ["a"],
    cross_source_agreement: "rules_only",
    reasoning: "",
  };
}

function withChampion(label: string, primary: string) {
  const ev = evaluation(label, 1, 0, perTask({ a: [1, 100], b: [0, 100] }));
  const pareto = addEvaluation(emptyPareto(), ev, base);
  const champion: ChampionState = {
    config_id: "r1_c0",
    fingerprint: ev.fingerprint,
    label: ev.label,
    architecture: ev.architecture,
    since_round: 1,
    mode: "init",
    promoted_over: null,
    test: null,
    last_applied_round: 1,
    history: [],
  };
  return proposalContext({
    round: 2,
    k: 1,
    pareto,
    champion,
    excluded: new Set([ev.fingerprint]),
    lastRound: [{
      config_id: "r1_c0",
      label: ev.label,
      architecture: ev.architecture,
      source: "rules",
      diversity_role: "baseline",
      metrics: ev.metrics,
      verdict: verdict(primary),
      added_to_front: true,
    }],
  });
}

Deno.test("with nothing to fit, round 1 of the rules proposer is uniform draws", async () => {
  const out = await new RulesProposer().propose(proposalContext({ k: 4 }));
  assert.deepEqual(out.candidates.map((c) => c.diversity_role), Array(4).fill("explore_random"));
  assert.equal(new Set(out.candidates.map((c) => fingerprint(c.architecture))).size, 4);
});

Deno.test("ablations: without FGMD no exploit slot, without the surrogate no model slots", async () => {
  const ctx = { ...withChampion("tip/json/hybrid/lightweight", "extraction_gap"), k: 3 };
  const roles = async (opts: { fgmd?: boolean; surrogate?: boolean }) =>
    (await new RulesProposer(opts).propose(ctx)).candidates.map((c) => c.diversity_role);
  assert.deepEqual(await roles({}), ["exploit", "exploit_model", "explore_model"]);
  assert.deepEqual(await roles({ fgmd: false }), [
    "exploit_model",
    "explore_model",
    "explore_model",
  ]);
  assert.deepEqual(await roles({ surrogate: false }), [
    "exploit",
    "explore_random",
    "explore_random",
  ]);
  assert.deepEqual(
    await roles({ fgmd: false, surrogate: false }),
    Array(3).fill("explore_random"),
  );
});

Deno.test("verdicts map to module moves on the champion", async () => {
  const cases: [string, (l: string) => boolean][] = [
    [
      "extraction_gap",
      (l) => l.split("/")[0].split("+").length === 2 && l.endsWith("/json/hybrid/lightweight"),
    ],
    ["retrieval_noise", (l) => /^tip\/json\/(mmr|contrastive|cbr_rerank)\/lightweight$/.test(l)],
    ["memory_stale", (l) => /^tip\/json\/hybrid\/(json_full|tool_manager)$/.test(l)],
    [
      "retrieval_miss_topk",
      (l) => /^tip\/json\/(hyde|cbr_rerank|contrastive|mmr)\/lightweight$/.test(l),
    ],
    [
      "store_unreachable",
      (l) => /^tip\/(hybrid|vector|graph|llm_graph)\/hybrid\/lightweight$/.test(l),
    ],
  ];
  for (const [primary, check] of cases) {
    const out = await new RulesProposer().propose(
      withChampion("tip/json/hybrid/lightweight", primary),
    );
    const label = specLabel(out.candidates[0].architecture);
    assert.equal(out.candidates[0].diversity_role, "exploit", primary);
    assert.ok(check(label), `${primary} → ${label}`);
  }
});

Deno.test("the rules proposer is deterministic and never re-proposes an evaluated architecture", async () => {
  const ctx = { ...withChampion("tip/json/hybrid/lightweight", "reasoning_error"), k: 6 };
  const a = await new RulesProposer().propose(ctx);
  const b = await new RulesProposer().propose(ctx);
  assert.deepEqual(a, b);
  assert.equal(a.candidates.length, 6);
  const fps = a.candidates.map((c) => fingerprint(c.architecture));
  assert.equal(new Set(fps).size, 6);
  assert.ok(!fps.includes(fingerprint(spec("tip/json/hybrid/lightweight"))));
  // An out-of-scope champion verdict gives no exploit slot.
  assert.ok(a.candidates.every((c) => c.diversity_role !== "exploit"));
});

Deno.test("dead ends are never proposed", async () => {
  const ctx = proposalContext({ k: 2, deadEnds: new Set(["tip/json/hybrid/lightweight"]) });
  const out = await new RulesProposer().propose(ctx);
  assert.ok(
    out.candidates.every((c) => specLabel(c.architecture) !== "tip/json/hybrid/lightweight"),
  );
});

Deno.test("random search samples valid unseen architectures from its seed", async () => {
  const excluded = new Set([fingerprint(spec("tip/json/hybrid/lightweight"))]);
  const a = await new RandomProposer().propose(proposalContext({ k: 5, excluded }));
  const b = await new RandomProposer().propose(proposalContext({ k: 5, excluded }));
  assert.deepEqual(a, b);
  assert.equal(new Set(a.candidates.map((c) => fingerprint(c.architecture))).size, 5);
  assert.ok(
    a.candidates.every((c) => !excluded.has(fingerprint(c.architecture)) && c.source === "random"),
  );
});

Deno.test("after the exploit slot the proposer follows the surrogate: best prediction, then optimism", async () => {
  // workflow lifts every architecture it joins; tip does nothing.
  let pareto = emptyPareto();
  const rows: [string, number][] = [
    ["tip/json/hybrid/lightweight", 0],
    ["workflow/json/hybrid/lightweight", 1],
    ["tip+workflow/vector/hybrid/lightweight", 1],
    ["tip/vector/mmr/lightweight", 0],
  ];
  for (const [i, [label, s]] of rows.entries()) {
    const ev = evaluation(label, 1, i, perTask({ a: [s, 100], b: [s, 100] }), base.scores);
    pareto = addEvaluation(pareto, ev, base);
  }
  const excluded = new Set(pareto.archive.map((r) => r.fingerprint));
  const out = await new RulesProposer().propose(
    proposalContext({ round: 2, k: 3, pareto, excluded }),
  );
  assert.deepEqual(out.candidates.map((c) => c.diversity_role), [
    "exploit_model",
    "explore_model",
    "explore_model",
  ]);
  const [greedy, ...explore] = out.candidates.map((c) => c.architecture);
  assert.ok(greedy.encode.includes("workflow"), specLabel(greedy));
  assert.match(out.candidates[0].rationale, /fitted to 4 evaluated architectures/);
  assert.notEqual(fingerprint(explore[0]), fingerprint(explore[1]));
});
