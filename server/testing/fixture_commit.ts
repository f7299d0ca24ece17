/**
 * Writes what a search commits at the end of a fixture round: `round_done.json`, the Pareto
 * front, champion, ledger, usage and search state, then the `round_finished` event.
 *
 * @module
 */
import { join } from "node:path";
import {
  type ChampionState,
  ChampionStateSchema,
  LedgerSchema,
  ParetoFileSchema,
  RoundDoneSchema,
  SearchStateSchema,
  UsageFileSchema,
} from "../../search/artifacts.ts";
import type { EventLog } from "../../search/events.ts";
import { writeArtifact } from "../../run_dir/run_dir.ts";
import { type FixtureCandidate, fixtureMetrics } from "./fixture_artifacts.ts";
import { fixtureLedger, fixturePareto, fixtureUsage } from "./fixture_state.ts";

/** The state of a fixture run at the end of round `t`. */
export interface FixtureRoundCommit {
  dir: string;
  log: EventLog;
  t: number;
  n: number;
  taskIds: string[];
  cands: FixtureCandidate[];
  all: FixtureCandidate[];
  best: FixtureCandidate;
  champion: ChampionState;
  mode: ChampionState["mode"];
  changed: boolean;
  /** Task tokens spent so far. */
  tokens: number;
  /** Diagnosis prose (non-empty for protected fixtures). */
  prose: string;
}

/** Commits round `t` of a fixture run. */
export async function commitFixtureRound(c: FixtureRoundCommit): Promise<void> {
  const { dir, log, t, n, taskIds, cands, all, best, champion, mode, changed, tokens, prose } = c;
  const p = (...parts: string[]) => join(dir, ...parts);
  const pareto = fixturePareto(all, n);
  const ledger = fixtureLedger(t);
  const mean = Math.round((cands.reduce((s, c) => s + c.score, 0) / cands.length) * 1e4) / 1e4;
  const usage = fixtureUsage(tokens, [
    "baseline",
    "warmup",
    ...Array.from({ length: t }, (_, i) => `round_${i + 1}`),
  ]);
  await writeArtifact(p(`round_${t}`, "round_done.json"), RoundDoneSchema, {
    schema_version: 1,
    round: t,
    fold: (t + 1) % 2,
    task_ids: taskIds,
    candidates: cands.map((c) => ({
      candidate: c.candidate,
      config_id: c.config_id,
      fingerprint: c.fingerprint,
      label: c.label,
      source: c.source,
      status: "ok" as const,
      metrics: fixtureMetrics(c, n),
      added_to_front: pareto.front.some((f) => f.fingerprint === c.fingerprint),
      primary_signal: "retrieval_miss_topk",
    })),
    merged_config_id: best.config_id,
    champion_decision: {
      mode,
      champion: champion.config_id,
      challenger: changed ? best.config_id : null,
      test: champion.test,
      changed,
    },
    differential_validation: t === 1 ? [] : [{
      config_id: best.config_id,
      parent: `r${t - 1}_c1`,
      changed: { retrieve: { from: "graph", to: best.architecture.retrieve } },
      n_common: n,
      delta_score: 0.06,
      delta_cost: 40,
      wins: 3,
      losses: 1,
      verdict: "confirmed",
    }],
    round_synthesis: prose ? { key_finding: prose } : null,
    aggregates: {
      best_score: best.score,
      mean_score: mean,
      best_lift: best.lift,
      best_fitness: Math.round((best.score - 0.005) * 1e4) / 1e4,
      n_ok: cands.length,
      n_failed: 0,
    },
    state: {
      pareto: { archive: pareto.archive, history: pareto.history },
      champion,
      ledger,
      obs_graph: null,
      best_lift: best.lift,
      rounds_without_improvement: 0,
      evaluations: all.length,
      usage_by_stage: usage.by_stage,
    },
  });
  await writeArtifact(p("pareto_front.json"), ParetoFileSchema, pareto);
  await writeArtifact(p("champion_state.json"), ChampionStateSchema, champion!);
  await writeArtifact(p("ledger", "ledger.json"), LedgerSchema, ledger);
  await writeArtifact(p("usage.json"), UsageFileSchema, usage);
  await writeArtifact(p("search_state.json"), SearchStateSchema, {
    schema_version: 1,
    phase: "rounds",
    next_round: t + 1,
    completed_rounds: t,
    max_rounds: 4,
    evaluations: all.length,
    best_lift: Math.max(...all.map((c) => c.lift)),
    rounds_without_improvement: 0,
    stop_reason: null,
    champion,
    cumulative_tracking: {
      cumulative_max_score: Math.max(...all.map((c) => c.score)),
      cumulative_max_fitness: Math.max(...all.map((c) => c.score - 0.005)),
      rounds_to_discovery: { "0.55": all.some((c) => c.score >= 0.55) ? t : null },
    },
  });
  await log.emit({
    type: "round_finished",
    round: t,
    best_score: best.score,
    mean_score: mean,
    best_lift: best.lift,
    champion: champion.config_id,
    front_size: pareto.front.length,
    merged: best.config_id,
    evaluations: all.length,
    usage: { tokens: usage.total_tokens, cost_usd: usage.cost_usd },
  });
}
