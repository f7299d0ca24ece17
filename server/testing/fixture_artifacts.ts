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
  Metrics,
  TaskFile,
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

/** Rounds to four decimals, as fixture values are written. */
export const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

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
