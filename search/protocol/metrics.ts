/**
 * Candidate metrics from task results (docs/design.md#metrics, with cost persisted as an
 * objective): score, memory lift over the same tasks' baseline, tokens per task, retrieval hit rate
 * and the reference fitness `score − 0.05 · empty_retrieval_rate`.
 *
 * @module
 */
import type { TaskResult } from "../../bench/benchmark_port.ts";
import type { Metrics, PerTask } from "../common_schemas.ts";

/** Weight of the empty-retrieval penalty in fitness (reference). */
export const EMPTY_PENALTY = 0.05;

/** Rounds to 6 decimals so artifacts stay readable and free of float noise. */
export function r6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Mean of a list; 0 when empty. */
export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
}

/** True when memory injected nothing into the task (or there is no memory at all). */
export function isEmptyRetrieval(result: TaskResult): boolean {
  const trace = result.trace;
  return !trace || trace.retrievals.every((r) => r.injected_ids.length === 0);
}

/** Per-task score and tokens, keyed by task id. */
export function perTaskOf(results: readonly TaskResult[]): PerTask {
  const out: PerTask = {};
  for (const r of results) out[r.task_id] = { score: r.score, tokens: r.total_tokens };
  return out;
}

/**
 * Metrics of one candidate. `baseline` maps task ids to the no-memory score; tasks missing from
 * it count with the candidate's own score (lift 0) rather than a global mean.
 */
export function computeMetrics(
  results: readonly TaskResult[],
  baseline: Readonly<Record<string, number>>,
  tokenCapPerTask: number,
  latencyCapPerTaskS = 60,
): Metrics {
  const n = results.length;
  const score = mean(results.map((r) => r.score));
  const base = mean(results.map((r) => baseline[r.task_id] ?? r.score));
  const empty = n ? results.filter(isEmptyRetrieval).length / n : 0;
  const tokens = results.reduce((s, r) => s + r.total_tokens, 0);
  const byLevel: Record<string, { n: number; score: number }> = {};
  for (const r of results) {
    const key = String(r.level);
    byLevel[key] ??= { n: 0, score: 0 };
    byLevel[key].n++;
    byLevel[key].score += r.score;
  }
  for (const v of Object.values(byLevel)) v.score = r6(v.score / v.n);
  return {
    n_tasks: n,
    score: r6(score),
    success_rate: r6(n ? results.filter((r) => r.success).length / n : 0),
    baseline_score: r6(base),
    lift: r6(score - base),
    cost: r6(n ? tokens / n : 0),
    memory_tokens_per_task: r6(n ? results.reduce((s, r) => s + r.memory_tokens, 0) / n : 0),
    empty_retrieval_rate: r6(empty),
    hit_rate: r6(1 - empty),
    token_eff: r6(n ? 1 - Math.min(tokens / (tokenCapPerTask * n), 1) : 1),
    latency_eff: r6(
      n ? 1 - Math.min(mean(results.map((r) => r.latency_ms)) / 1000 / latencyCapPerTaskS, 1) : 1,
    ),
    fitness: r6(score - EMPTY_PENALTY * empty),
    by_level: byLevel,
  };
}
