/**
 * Deterministic run-level state files for fixture runs: the Pareto file over the finished
 * rounds' candidates, the experience ledger and `usage.json`, with values derived from the
 * fixture candidates (see `fixture_artifacts.ts`).
 *
 * @module
 */
import type { Ledger, ParetoFile, UsageFile } from "../../search/artifacts.ts";
import { frontEntry, paretoObjectives } from "../../search/egas/pareto.ts";
import { FIXTURE_BASELINE, type FixtureCandidate, r4 } from "./fixture_artifacts.ts";

/** The Pareto file over every candidate of the finished rounds (score max, cost min). */
export function fixturePareto(cands: readonly FixtureCandidate[], n: number): ParetoFile {
  const byFp = new Map<string, FixtureCandidate[]>();
  for (const c of cands) byFp.set(c.fingerprint, [...(byFp.get(c.fingerprint) ?? []), c]);
  const archive = [...byFp.values()].map((cs) => {
    const last = cs[cs.length - 1];
    const score = r4(cs.reduce((s, c) => s + c.score, 0) / cs.length);
    return {
      fingerprint: last.fingerprint,
      architecture: last.architecture,
      label: last.label,
      config_ids: cs.map((c) => c.config_id),
      first_round: cs[0].round,
      last_round: last.round,
      n_evals: cs.length,
      tasks: {
        task_0_00: {
          score_sum: score * cs.length,
          tokens_sum: last.cost * cs.length,
          n: cs.length,
        },
      },
      fitness_sum: r4((score - 0.005) * cs.length),
      empty_rate_sum: 0.1 * cs.length,
      score,
      lift: r4(score - FIXTURE_BASELINE),
      cost: last.cost,
      fitness: r4(score - 0.005),
    };
  });
  const front = archive.filter((a) =>
    !archive.some((b) =>
      b !== a && b.score >= a.score && b.cost <= a.cost && (b.score > a.score || b.cost < a.cost)
    )
  );
  return {
    schema_version: 1,
    objectives: paretoObjectives(),
    comparison: "pooled on common tasks",
    front: front.map((a) => frontEntry(a, n)),
    archive,
    history: cands.map((c) => ({
      round: c.round,
      candidate: c.candidate,
      config_id: c.config_id,
      fingerprint: c.fingerprint,
      label: c.label,
      source: c.source,
      score: c.score,
      lift: c.lift,
      cost: c.cost,
      fitness: r4(c.score - 0.005),
      n_tasks: n,
    })),
  };
}

/** A ledger with one principle, one dead end and one open question. */
export function fixtureLedger(round: number): Ledger {
  return {
    version: 1,
    last_updated_round: round,
    principles: [{
      id: "p1",
      key: "retrieve:hybrid→mmr",
      claim: "MMR retrieval beats hybrid on this benchmark",
      domain: "retrieval",
      evidence: [{ round: 1, config_id: "r1_c1", delta: 0.05, n_common: 4, supports: true }],
      confidence: 0.7,
      status: "active",
      first_introduced_round: 1,
      last_validated_round: round,
    }],
    dead_ends: [{
      combo: "shortcut/json/hyde/tool_manager",
      outcome: "score fell below baseline",
      evidence_round: 1,
      expires_round: 5,
      active: true,
    }],
    open_questions: [{
      id: "q1",
      key: "manage:json_full→graph_consolidate",
      question: "Does graph consolidation help long tasks?",
      recommended_test: "graph store with graph_consolidate",
      raised_round: 1,
      status: "untested",
      answer: "",
      answered_round: null,
    }],
    component_performance: [{
      component: "retrieve",
      value: "mmr",
      n_evaluations: 2,
      mean_score: 0.55,
      mean_lift: 0.15,
      mean_cost: 1900,
      best_context: "tip+workflow/vector",
    }],
    archived: [],
  };
}

/** `usage.json` for `tokens` agent tokens plus fixed proposer and diagnosis calls. */
export function fixtureUsage(agentTokens: number, stages: string[]): UsageFile {
  const roles = {
    agent: { calls: 0, prompt_tokens: agentTokens - 1000, completion_tokens: 1000, cost_usd: 0 },
    proposer: { calls: 2, prompt_tokens: 3000, completion_tokens: 600, cost_usd: 0.0123 },
    diagnosis: { calls: 4, prompt_tokens: 2000, completion_tokens: 400, cost_usd: 0.0045 },
  };
  const total = agentTokens + 3600 + 2400;
  return {
    schema_version: 1,
    roles,
    total_tokens: total,
    cost_usd: 0.0168,
    by_stage: Object.fromEntries(stages.map((s) => [s, { agent: roles.agent }])),
    note: "fixture usage",
  };
}
