/**
 * Pure mappings from run artifacts to API views: round rows, task outcomes and the Pareto view.
 * Nothing here reads files, so every shape decision is testable on plain objects.
 *
 * @module
 */
import type {
  AttributionFile,
  CandidateResult,
  ParetoFile,
  ProposalsFile,
  RoundDone,
  TaskFile,
} from "../search/artifacts.ts";
import type { ParetoView, RoundCandidate, RoundSummary, TaskOutcomeView } from "./api_schemas.ts";
import { WITHHELD } from "./redact.ts";

/** What is on disk for one candidate of a round. */
export interface CandidateFiles {
  result: CandidateResult | null;
  attribution: AttributionFile | null;
  /** Number of finished task files (progress of a running candidate). */
  tasks_done: number;
}

function verdictBrief(a: AttributionFile | null): RoundCandidate["verdict"] {
  if (!a) return null;
  const v = a.verdict;
  return {
    primary_signal: v.primary_signal,
    layer: v.layer,
    confidence: v.confidence,
    recommended_action: v.recommended_action,
    out_of_scope_for_memory: v.out_of_scope_for_memory,
  };
}

/**
 * Builds a round summary from whatever exists: `round_done.json` (the commit point) makes it
 * `done`; before that, the proposals and the finished candidate results describe it.
 */
export function roundSummary(
  round: number,
  done: RoundDone | null,
  proposals: ProposalsFile | null,
  files: ReadonlyMap<number, CandidateFiles>,
): RoundSummary {
  const proposed = new Map((proposals?.candidates ?? []).map((c) => [c.candidate, c]));
  const doneRows = new Map((done?.candidates ?? []).map((c) => [c.candidate, c]));
  const ids = [...new Set([...proposed.keys(), ...doneRows.keys(), ...files.keys()])]
    .sort((a, b) => a - b);
  const candidates: RoundCandidate[] = [];
  for (const k of ids) {
    const p = proposed.get(k);
    const d = doneRows.get(k);
    const f = files.get(k);
    const r = f?.result ?? null;
    const head = r ?? p ?? d;
    if (!head) continue;
    const status = d?.status ?? r?.status ?? (f ? "running" : "pending");
    const nTasks = r?.task_ids.length ?? proposals?.task_ids.length ?? 0;
    candidates.push({
      candidate: k,
      config_id: head.config_id,
      label: head.label,
      fingerprint: head.fingerprint,
      source: head.source,
      architecture: r?.architecture ?? p?.architecture ?? null,
      status,
      error: r?.error ?? null,
      metrics: d?.metrics ?? r?.metrics ?? null,
      added_to_front: d ? d.added_to_front : null,
      verdict: verdictBrief(f?.attribution ?? null),
      breakdown: r?.attribution_summary?.breakdown ?? f?.attribution?.summary.breakdown ?? null,
      tasks_done: status === "running" || status === "pending" ? (f?.tasks_done ?? 0) : nTasks,
    });
  }
  return {
    round,
    fold: done?.fold ?? proposals?.fold ?? null,
    status: done ? "done" : "in_progress",
    n_tasks: done?.task_ids.length ?? proposals?.task_ids.length ?? 0,
    candidates,
    aggregates: done?.aggregates ?? null,
    champion_decision: done?.champion_decision ?? null,
    merged_config_id: done?.merged_config_id ?? null,
  };
}

function traceCounts(trace: unknown): { retrievals: number; injected: number } {
  if (typeof trace !== "object" || trace === null) return { retrievals: 0, injected: 0 };
  const list = (trace as { retrievals?: unknown }).retrievals;
  if (!Array.isArray(list)) return { retrievals: 0, injected: 0 };
  let injected = 0;
  for (const r of list) {
    const ids = (r as { injected_ids?: unknown })?.injected_ids;
    if (Array.isArray(ids)) injected += ids.length;
  }
  return { retrievals: list.length, injected };
}

/**
 * One task's outcome without its text. The trace is reduced to counts (its queries quote the
 * task); for protected datasets the answer and the error message are withheld too.
 */
export function taskOutcome(task: TaskFile, isProtected: boolean): TaskOutcomeView {
  const counts = traceCounts(task.trace);
  return {
    task_id: task.task_id,
    level: task.level,
    success: task.success,
    score: task.score,
    judge_status: task.judge_status,
    steps: task.steps,
    total_tokens: task.total_tokens,
    memory_tokens: task.memory_tokens,
    latency_ms: task.latency_ms,
    answer: isProtected ? null : task.answer ?? null,
    error: task.error === undefined ? null : isProtected ? WITHHELD : task.error,
    retrievals: counts.retrievals,
    injected_units: counts.injected,
  };
}

/** Replaces every string inside `value` by {@linkcode WITHHELD} (model prose of protected runs). */
export function withholdProse<T>(value: T): T {
  if (typeof value === "string") return WITHHELD as T;
  if (Array.isArray(value)) return value.map(withholdProse) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withholdProse(v)]),
    ) as T;
  }
  return value;
}

/** The Pareto view: every archived architecture as a point, flagged on-front and champion. */
export function paretoView(file: ParetoFile, championFingerprint: string | null): ParetoView {
  const onFront = new Set(file.front.map((f) => f.fingerprint));
  const points = file.archive.map((a) => ({
    fingerprint: a.fingerprint,
    label: a.label,
    config_ids: a.config_ids,
    n_evals: a.n_evals,
    score: a.score,
    lift: a.lift,
    cost: a.cost,
    fitness: a.fitness,
    on_front: onFront.has(a.fingerprint),
    champion: a.fingerprint === championFingerprint,
  }));
  // A front entry missing from the archive would be a writer bug; still show it.
  for (const f of file.front) {
    if (points.some((p) => p.fingerprint === f.fingerprint)) continue;
    points.push({
      fingerprint: f.fingerprint,
      label: f.label,
      config_ids: f.config_ids,
      n_evals: f.n_evals,
      score: f.score,
      lift: f.lift,
      cost: f.cost,
      fitness: f.fitness,
      on_front: true,
      champion: f.fingerprint === championFingerprint,
    });
  }
  return {
    objectives: file.objectives,
    comparison: file.comparison,
    champion: championFingerprint,
    points,
    front: file.front.map((f) => f.fingerprint),
  };
}
