/**
 * The engine's bookkeeping between stages: the initial state, loading the last committed round,
 * the baseline views and wall time across invocations. The stop rules live in `stop_rules.ts`.
 *
 * @module
 */
import { type BaselineDone, type RoundDone, RoundDoneSchema } from "./artifacts.ts";
import type { SearchConfig } from "./config.ts";
import { emptyLedger } from "./egas/ledger.ts";
import { emptyObsGraph } from "./egas/obs_graph.ts";
import { emptyPareto } from "./egas/pareto.ts";
import type { EngineState } from "./egas/schemas.ts";
import type { RunEvent } from "./events.ts";
import type { ProposerBaseline } from "./protocol/proposals.ts";
import { readArtifact, type RunDir } from "../run_dir/run_dir.ts";

/** The engine state before round 1. */
export function initialState(config: SearchConfig): EngineState {
  return {
    pareto: emptyPareto(),
    champion: null,
    ledger: config.no_ledger ? null : emptyLedger(),
    obs_graph: config.obs_graph_enabled ? emptyObsGraph() : null,
    best_lift: null,
    rounds_without_improvement: 0,
    evaluations: 0,
    usage_by_stage: {},
  };
}

/**
 * Time spent by earlier invocations, from the event log. Events that carry `elapsed_ms` (the
 * run's monotonic time across invocations) give it directly, so a wall-clock step never counts;
 * a segment (one per `run_started`) of an older log without it counts its `at` span.
 */
export function priorWallMs(events: readonly RunEvent[]): number {
  let total = 0;
  let start: RunEvent | null = null;
  let last: RunEvent | null = null;
  for (const e of [...events, null]) {
    if (e === null || e.type === "run_started") {
      if (start && last) {
        total = last.elapsed_ms ??
          total + Math.max(0, Date.parse(last.at) - Date.parse(start.at));
      }
      start = e;
    }
    last = e;
  }
  return total;
}

/** The last committed round: its state, its record and how many rounds are done. */
export async function loadCommitted(dir: RunDir, config: SearchConfig) {
  let state = initialState(config);
  let lastDone: RoundDone | null = null;
  let t = 1;
  for (;; t++) {
    const done = await readArtifact(dir.path(`round_${t}`, "round_done.json"), RoundDoneSchema);
    if (!done) break;
    state = done.state;
    lastDone = done;
  }
  return { state, lastDone, completed: t - 1 };
}

/** The baseline as Pareto comparisons and proposers read it. */
export function baselineViews(b: BaselineDone): ProposerBaseline {
  const scores = Object.fromEntries(Object.entries(b.per_task).map(([id, v]) => [id, v.score]));
  const tokens = Object.fromEntries(Object.entries(b.per_task).map(([id, v]) => [id, v.tokens]));
  return {
    scores,
    tokens,
    score: b.by_split.search ?? b.score,
    n_tasks: b.n_tasks,
    memory_sensitive: b.memory_sensitive_count,
  };
}
