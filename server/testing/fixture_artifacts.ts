/**
 * Deterministic, schema-valid run artifacts for tests of the server, the dashboard and reports:
 * small but realistic values (scores, lifts, costs, verdicts) derived from round and candidate
 * numbers, so every test can recompute what it expects.
 *
 * @module
 */
import { type ArchitectureSpec, fingerprint, specLabel } from "../../core/spec.ts";
import type {
  AttributionFile,
  Candidate,
  CandidateResult,
  Ledger,
  Metrics,
  ParetoFile,
  TaskFile,
  UsageFile,
} from "../../search/artifacts.ts";

const spec = (
  encode: ArchitectureSpec["encode"],
  store: ArchitectureSpec["store"],
  retrieve: ArchitectureSpec["retrieve"],
  manage: ArchitectureSpec["manage"],
): ArchitectureSpec => ({ schema_version: "1", encode, store, retrieve, manage });

/** The architectures fixture candidates cycle through. */
export const FIXTURE_SPECS: readonly ArchitectureSpec[] = [
  spec(["tip"], "json", "hybrid", "lightweight"),
  spec(["tip", "workflow"], "vector", "mmr", "json_full"),
  spec(["insight"], "hybrid", "contrastive", "lightweight"),
  spec(["trajectory"], "graph", "graph", "graph_consolidate"),
  spec(["tip", "insight"], "hybrid", "cbr_rerank", "json_full"),
  spec(["shortcut"], "json", "hyde", "tool_manager"),
];

/** One fixture candidate with its identity and outcome. */
export interface FixtureCandidate {
  round: number;
  candidate: number;
  config_id: string;
  architecture: ArchitectureSpec;
  fingerprint: string;
  label: string;
  source: "champion" | "rules";
  score: number;
  lift: number;
  cost: number;
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The baseline (no memory) score of the fixture runs. */
export const FIXTURE_BASELINE = 0.4;

/** Candidate `k` of round `t`: architecture cycles, score rises with the round. */
export function fixtureCandidate(t: number, k: number): FixtureCandidate {
  const architecture = FIXTURE_SPECS[(t + k * 2) % FIXTURE_SPECS.length];
  const score = r4(0.42 + 0.06 * t + 0.035 * k - (k === 2 ? 0.09 : 0));
  return {
    round: t,
    candidate: k,
    config_id: `r${t}_c${k}`,
    architecture,
    fingerprint: fingerprint(architecture),
    label: specLabel(architecture),
    source: k === 0 && t > 1 ? "champion" : "rules",
    score,
    lift: r4(score - FIXTURE_BASELINE),
    cost: 1800 + 150 * k + 40 * t,
  };
}

/** Task ids of round `t` (two folds alternate). */
export function fixtureTaskIds(t: number, n: number): string[] {
  const fold = (t + 1) % 2;
  return Array.from({ length: n }, (_, i) => `task_${fold}_${String(i).padStart(2, "0")}`);
}

/** Metrics of a fixture candidate over `n` tasks. */
export function fixtureMetrics(c: FixtureCandidate, n: number): Metrics {
  return {
    n_tasks: n,
    score: c.score,
    success_rate: c.score,
    baseline_score: FIXTURE_BASELINE,
    lift: c.lift,
    cost: c.cost,
    memory_tokens_per_task: 220 + 10 * c.candidate,
    empty_retrieval_rate: 0.1,
    hit_rate: 0.6,
    token_eff: 0.5,
    latency_eff: 0.5,
    fitness: r4(c.score - 0.005),
    by_level: { "1": { n, score: c.score } },
  };
}

/** One scored task record (answers and a trace that quote `secret` text). */
export function fixtureTask(
  c: FixtureCandidate,
  taskId: string,
  row: number,
  secret: string,
  isProtected: boolean,
): TaskFile & { metadata?: Record<string, unknown> } {
  const success = row % 3 !== 2;
  return {
    task_id: taskId,
    identity: `fixture:${row}`,
    level: 1,
    success,
    score: success ? 1 : 0,
    judge_status: "synthetic",
    steps: 4 + (row % 3),
    tokens: { agent: { prompt: c.cost - 300, completion: 300 } },
    total_tokens: c.cost,
    memory_tokens: 220,
    latency_ms: 0,
    answer: `${secret} answer to ${taskId}`,
    trace: {
      task_id: taskId,
      retrievals: [{
        phase: "begin",
        outcome: "injected",
        query: { literal: `${secret} task text of ${taskId}`, abstract: "", planner: "literal" },
        retriever: c.architecture.retrieve,
        candidates: [],
        injected_ids: ["u1", "u2"],
        composer: "fallback",
        guidance_tokens: 120,
        used_edges: [],
      }],
    },
    stage: "round",
    row,
    ...(isProtected ? { metadata: { protected: true } } : {}),
  };
}

/** A candidate as proposed (the `proposals.json` entry). */
export function fixtureProposed(c: FixtureCandidate): Candidate {
  return {
    candidate: c.candidate,
    config_id: c.config_id,
    architecture: c.architecture,
    fingerprint: c.fingerprint,
    label: c.label,
    hypothesis: `try ${c.architecture.retrieve} retrieval`,
    diversity_role: c.candidate === 0 ? "exploit" : "explore",
    rationale: "fixture rationale",
    source: c.source,
    repairs: [],
  };
}

/** A candidate's result file. */
export function fixtureResult(c: FixtureCandidate, taskIds: string[]): CandidateResult {
  return {
    schema_version: 1,
    ...fixtureProposed(c),
    round: c.round,
    stage: "round",
    status: "ok",
    error: null,
    task_ids: taskIds,
    metrics: fixtureMetrics(c, taskIds.length),
    per_task: Object.fromEntries(
      taskIds.map((id, i) => [id, { score: i % 3 === 2 ? 0 : 1, tokens: c.cost }]),
    ),
    attribution_summary: fixtureAttribution(c, taskIds, "").summary,
    usage: {
      agent: {
        calls: 0,
        prompt_tokens: taskIds.length * (c.cost - 300),
        completion_tokens: taskIds.length * 300,
        cost_usd: 0,
      },
    },
  };
}

/** A candidate's attribution file; `prose` is the diagnosis model's text. */
export function fixtureAttribution(
  c: FixtureCandidate,
  taskIds: string[],
  prose: string,
): AttributionFile {
  const failed = taskIds.filter((_, i) => i % 3 === 2);
  return {
    schema_version: 1,
    config_id: c.config_id,
    relevance: { backend: "tfidf", base_threshold: 0.2, pool_units: 12 },
    summary: {
      total_tasks: taskIds.length,
      success_count: taskIds.length - failed.length,
      failure_count: failed.length,
      breakdown: { success: taskIds.length - failed.length, retrieval_miss_topk: failed.length },
      rates: {
        extractable_failure_rate: 0,
        retrieval_failure_rate: failed.length / taskIds.length,
        store_failure_rate: 0,
        out_of_scope_rate: 0,
      },
      rule_diagnosis: "retrieval misses dominate",
      layer_metrics: {
        extracted: 8,
        inserted: 7,
        deduped: 1,
        retrieval_calls: taskIds.length,
        empty_retrievals: 1,
        injected_units: taskIds.length * 2,
        op_runs: 3,
        op_affected: 1,
      },
    },
    verdict: {
      primary_signal: "retrieval_miss_topk",
      layer: "retrieve",
      share: 1,
      confidence: "medium",
      recommended_action: "raise top_k or switch retriever",
      suggested_move: { layer: "retrieve", from: c.architecture.retrieve, to: "mmr" },
      memory_bypass: false,
      out_of_scope_for_memory: false,
      evidence_task_ids: failed,
      cross_source_agreement: prose ? "agree" : "rules_only",
      reasoning: prose,
    },
    layer_diagnosis: {
      retrieve: { status: "warning", observation: prose, suggestion: prose },
    },
    reasoning_subclasses: {},
    evidence_by_category: { retrieval_miss_topk: failed },
    per_task: taskIds.map((id, i) => ({
      task_id: id,
      score: i % 3 === 2 ? 0 : 1,
      attribution: i % 3 === 2 ? "retrieval_miss_topk" : "success",
      evidence: "pool_matches=2 max_pool_score=0.41",
      pool_matches: 2,
      max_pool_score: 0.41,
      retrieved_count: 4,
      injected_count: 2,
      reasoning_subclass: null,
    })),
    llm_stages: prose ? ["synthesis"] : [],
  };
}

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
    objectives: [
      { name: "score", direction: "max" },
      { name: "lift", direction: "max" },
      { name: "cost", direction: "min" },
    ],
    comparison: "pooled on common tasks",
    front: front.map((a) => ({
      fingerprint: a.fingerprint,
      label: a.label,
      architecture: a.architecture,
      config_ids: a.config_ids,
      n_evals: a.n_evals,
      n_tasks: n,
      score: a.score,
      lift: a.lift,
      cost: a.cost,
      fitness: a.fitness,
    })),
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
