/**
 * The Pareto archive over three objectives — score (max), memory lift over the same tasks'
 * baseline (max) and cost in tokens per task (min) — fixing docs/design.md#fix-cost (cost ignored)
 * and docs/design.md#fix-pareto (entries from different folds compared raw).
 *
 * Every architecture keeps pooled per-task outcomes. Two architectures are compared on the
 * tasks both were evaluated on; when they share fewer than {@linkcode MIN_COMMON_TASKS}, each is
 * normalised by the baseline of its own tasks (score and cost become differences to the
 * no-memory run on those tasks). On common tasks score and lift order alike (same baseline), so
 * lift matters exactly where folds differ. The front is recomputed from the whole archive, so it
 * never depends on insertion order.
 *
 * @module
 */
import type { ArchitectureSpec } from "../../core/spec.ts";
import type { Metrics, PerTask } from "../common_schemas.ts";
import { mean, r6 } from "../protocol/metrics.ts";
import type { ArchRecord, ParetoFile, ParetoState } from "./schemas.ts";

/** Below this many shared tasks, comparisons use baseline-normalised values. */
export const MIN_COMMON_TASKS = 2;

/** The no-memory outcome of every task the baseline ran. */
export interface BaselineView {
  scores: Readonly<Record<string, number>>;
  tokens: Readonly<Record<string, number>>;
}

/** One measurement to add. */
export interface Evaluation {
  round: number;
  candidate: number;
  config_id: string;
  source: string;
  architecture: ArchitectureSpec;
  fingerprint: string;
  label: string;
  metrics: Metrics;
  per_task: PerTask;
}

/** An empty archive. */
export function emptyPareto(): ParetoState {
  return { archive: [], history: [] };
}

function pooled(rec: ArchRecord, baseline: BaselineView): ArchRecord {
  const ids = Object.keys(rec.tasks);
  const means = ids.map((id) => rec.tasks[id].score_sum / rec.tasks[id].n);
  return {
    ...rec,
    score: r6(mean(means)),
    lift: r6(mean(ids.map((id, i) => means[i] - (baseline.scores[id] ?? means[i])))),
    cost: r6(mean(ids.map((id) => rec.tasks[id].tokens_sum / rec.tasks[id].n))),
    fitness: r6(rec.fitness_sum / rec.n_evals),
  };
}

/**
 * Adds one measurement (pure). Replaying a `config_id` already in the archive is a no-op, so a
 * resumed round can re-add its candidates safely.
 */
export function addEvaluation(
  state: ParetoState,
  ev: Evaluation,
  baseline: BaselineView,
): ParetoState {
  if (state.history.some((h) => h.config_id === ev.config_id)) return state;
  const archive = state.archive.map((r) => structuredClone(r));
  let rec = archive.find((r) => r.fingerprint === ev.fingerprint);
  if (!rec) {
    rec = {
      fingerprint: ev.fingerprint,
      architecture: ev.architecture,
      label: ev.label,
      config_ids: [],
      first_round: ev.round,
      last_round: ev.round,
      n_evals: 0,
      tasks: {},
      fitness_sum: 0,
      empty_rate_sum: 0,
      score: 0,
      lift: 0,
      cost: 0,
      fitness: 0,
    };
    archive.push(rec);
  }
  rec.config_ids.push(ev.config_id);
  rec.last_round = Math.max(rec.last_round, ev.round);
  rec.n_evals++;
  rec.fitness_sum = r6(rec.fitness_sum + ev.metrics.fitness);
  rec.empty_rate_sum = r6(rec.empty_rate_sum + ev.metrics.empty_retrieval_rate);
  for (const [id, t] of Object.entries(ev.per_task)) {
    const cur = rec.tasks[id] ?? { score_sum: 0, tokens_sum: 0, n: 0 };
    rec.tasks[id] = {
      score_sum: cur.score_sum + t.score,
      tokens_sum: cur.tokens_sum + t.tokens,
      n: cur.n + 1,
    };
  }
  const updated = pooled(rec, baseline);
  archive[archive.indexOf(rec)] = updated;
  return {
    archive,
    history: [...state.history, {
      round: ev.round,
      candidate: ev.candidate,
      config_id: ev.config_id,
      fingerprint: ev.fingerprint,
      label: ev.label,
      source: ev.source,
      score: ev.metrics.score,
      lift: ev.metrics.lift,
      cost: ev.metrics.cost,
      fitness: ev.metrics.fitness,
      n_tasks: ev.metrics.n_tasks,
    }],
  };
}

/** Objective vector `[score, lift, cost]` of `rec` on `ids` (normalised when `normalise`). */
export function objectivesOn(
  rec: ArchRecord,
  ids: readonly string[],
  baseline: BaselineView,
  normalise: boolean,
): [number, number, number] {
  const s = ids.map((id) => rec.tasks[id].score_sum / rec.tasks[id].n);
  const c = ids.map((id) => rec.tasks[id].tokens_sum / rec.tasks[id].n);
  const bs = ids.map((id, i) => baseline.scores[id] ?? s[i]);
  const bc = ids.map((id, i) => baseline.tokens[id] ?? c[i]);
  const score = mean(s), lift = mean(s.map((x, i) => x - bs[i])), cost = mean(c);
  return normalise ? [lift, lift, cost - mean(bc)] : [score, lift, cost];
}

/** True when `a` is at least as good as `b` on every objective and better on one. */
export function dominates(a: ArchRecord, b: ArchRecord, baseline: BaselineView): boolean {
  const common = Object.keys(a.tasks).filter((id) => id in b.tasks);
  const normalise = common.length < MIN_COMMON_TASKS;
  const oa = objectivesOn(a, normalise ? Object.keys(a.tasks) : common, baseline, normalise);
  const ob = objectivesOn(b, normalise ? Object.keys(b.tasks) : common, baseline, normalise);
  const eps = 1e-9;
  const better = [oa[0] - ob[0], oa[1] - ob[1], ob[2] - oa[2]];
  return better.every((d) => d >= -eps) && better.some((d) => d > eps);
}

/** The non-dominated architectures, best lift first (ties: lower cost, then fingerprint). */
export function paretoFront(state: ParetoState, baseline: BaselineView): ArchRecord[] {
  return state.archive.filter((a) =>
    !state.archive.some((b) => b !== a && dominates(b, a, baseline))
  )
    .sort(byLift);
}

/** Orders records by pooled lift (fold-normalised), then lower cost, then fingerprint. */
export function byLift(a: ArchRecord, b: ArchRecord): number {
  return b.lift - a.lift || a.cost - b.cost || (a.fingerprint < b.fingerprint ? -1 : 1);
}

/** Fingerprints of every evaluated architecture. */
export function evaluatedFingerprints(state: ParetoState): Set<string> {
  return new Set(state.archive.map((r) => r.fingerprint));
}

/** The objectives as `pareto_front.json` lists them (a fresh array each call). */
export function paretoObjectives(): ParetoFile["objectives"] {
  return [
    { name: "score", direction: "max" },
    { name: "lift", direction: "max" },
    { name: "cost", direction: "min" },
  ];
}

/** A record as a `pareto_front.json` front entry; `nTasks` defaults to its pooled tasks. */
export function frontEntry(
  r: ArchRecord,
  nTasks = Object.keys(r.tasks).length,
): ParetoFile["front"][number] {
  return {
    fingerprint: r.fingerprint,
    label: r.label,
    architecture: r.architecture,
    config_ids: r.config_ids,
    n_evals: r.n_evals,
    n_tasks: nTasks,
    score: r.score,
    lift: r.lift,
    cost: r.cost,
    fitness: r.fitness,
  };
}

/** The `pareto_front.json` view of an archive. */
export function paretoFile(state: ParetoState, baseline: BaselineView): ParetoFile {
  return {
    schema_version: 1,
    objectives: paretoObjectives(),
    comparison:
      `common tasks when >= ${MIN_COMMON_TASKS} are shared, else baseline-normalised per task`,
    front: paretoFront(state, baseline).map((r) => frontEntry(r)),
    archive: state.archive,
    history: state.history,
  };
}
