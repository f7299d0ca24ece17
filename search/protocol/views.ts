/**
 * The run-level views written after every commit — `pareto_front.json`, `champion_state.json`,
 * `search_state.json`, `usage.json`, `ledger/ledger.json`, `observation_graph.json` — all
 * derived from the committed engine state and the stage markers, so rewriting them after a
 * resume gives the same bytes.
 *
 * @module
 */
import {
  ARTIFACT_SCHEMA_VERSION,
  BaselineDoneSchema,
  ChampionStateSchema,
  LedgerSchema,
  ObsGraphSchema,
  ParetoFileSchema,
  RunoffResultSchema,
  type SearchState,
  SearchStateSchema,
  type UsageFile,
  UsageFileSchema,
  ValidationResultSchema,
  WarmupDoneSchema,
} from "../artifacts.ts";
import type { UsageBlock } from "../common_schemas.ts";
import { type BaselineView, paretoFile } from "../egas/pareto.ts";
import type { EngineState } from "../egas/schemas.ts";
import { readArtifact, writeArtifact } from "../../run_dir/run_dir.ts";
import { addBlocks, blockTotals } from "../usage_report.ts";
import type { RunContext } from "./stage.ts";

/** Where the run stands, for `search_state.json`. */
export interface ViewStatus {
  phase: SearchState["phase"];
  nextRound: number;
  completedRounds: number;
  stopReason: string | null;
}

/** Cumulative best score/fitness and the first round whose best reached each threshold. */
export function cumulativeTracking(
  state: EngineState,
  thresholds: readonly number[],
): SearchState["cumulative_tracking"] {
  let maxScore = 0, maxFitness = 0;
  const key = (t: number) => t.toFixed(2);
  const reached: Record<string, number | null> = Object.fromEntries(
    thresholds.map((t) => [key(t), null]),
  );
  for (const h of [...state.pareto.history].sort((a, b) => a.round - b.round)) {
    maxScore = Math.max(maxScore, h.score);
    maxFitness = Math.max(maxFitness, h.fitness);
    for (const t of thresholds) {
      if (maxScore >= t && reached[key(t)] === null) reached[key(t)] = h.round;
    }
  }
  return {
    cumulative_max_score: maxScore,
    cumulative_max_fitness: maxFitness,
    rounds_to_discovery: reached,
  };
}

/** Usage of every completed unit of work, by stage. */
export async function collectUsage(ctx: RunContext, state: EngineState): Promise<UsageFile> {
  const by: Record<string, UsageBlock> = {};
  const base = await readArtifact(
    ctx.dir.path("baseline", "baseline_done.json"),
    BaselineDoneSchema,
  );
  if (base) by.baseline = base.usage;
  const warm = await readArtifact(ctx.dir.path("warmup", "warmup_done.json"), WarmupDoneSchema);
  if (warm) by.warmup = warm.usage;
  Object.assign(by, state.usage_by_stage);
  const runoff = await readArtifact(
    ctx.dir.path("final_runoff", "runoff_result.json"),
    RunoffResultSchema,
  );
  if (runoff) by.runoff = addBlocks(...runoff.contenders.map((c) => c.usage));
  const fin = await readArtifact(
    ctx.dir.path("final_validation", "validation_result.json"),
    ValidationResultSchema,
  );
  if (fin) by.final_test = fin.usage;
  const roles = addBlocks(...Object.values(by));
  const totals = blockTotals(roles);
  return {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    roles,
    total_tokens: totals.tokens,
    cost_usd: totals.cost_usd,
    by_stage: by,
    note: "model calls are counted from the usage ledger (priced); roles no metered model served " +
      "count the tokens the benchmark reports per task (e.g. the offline agent's cost model). " +
      "Only completed units of work are counted: work lost to a kill is re-run and counted once.",
  };
}

/** Rewrites every run-level view from `state`. */
export async function writeViews(
  ctx: RunContext,
  state: EngineState,
  baseline: BaselineView,
  status: ViewStatus,
): Promise<void> {
  await writeArtifact(
    ctx.dir.path("pareto_front.json"),
    ParetoFileSchema,
    paretoFile(state.pareto, baseline),
  );
  if (state.champion) {
    await writeArtifact(ctx.dir.path("champion_state.json"), ChampionStateSchema, state.champion);
  }
  if (state.ledger) {
    await writeArtifact(ctx.dir.path("ledger", "ledger.json"), LedgerSchema, state.ledger);
  }
  if (state.obs_graph) {
    await writeArtifact(ctx.dir.path("observation_graph.json"), ObsGraphSchema, state.obs_graph);
  }
  await writeArtifact(ctx.dir.path("usage.json"), UsageFileSchema, await collectUsage(ctx, state));
  await writeArtifact(ctx.dir.path("search_state.json"), SearchStateSchema, {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    phase: status.phase,
    next_round: status.nextRound,
    completed_rounds: status.completedRounds,
    max_rounds: ctx.config.max_rounds,
    evaluations: state.evaluations,
    best_lift: state.best_lift,
    rounds_without_improvement: state.rounds_without_improvement,
    stop_reason: status.stopReason,
    champion: state.champion,
    cumulative_tracking: cumulativeTracking(state, ctx.config.discovery_thresholds),
  });
}
