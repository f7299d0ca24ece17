/**
 * The selection half of a round and its commit. Model outputs that feed the state (ledger prose,
 * round-synthesis prose) are persisted before the commit and reused on replay, so a resumed
 * round reaches the same state even with a live model.
 *
 * @module
 */
import { join } from "node:path";
import {
  ARTIFACT_SCHEMA_VERSION,
  type CandidateResult,
  type RoundDone,
  RoundDoneSchema,
} from "../artifacts.ts";
import { differentialValidation } from "../egas/differential.ts";
import { updateObsGraph } from "../egas/obs_graph.ts";
import { addEvaluation, paretoFront } from "../egas/pareto.ts";
import type { EngineState } from "../egas/schemas.ts";
import { AttributionFileSchema } from "../fgmd/schemas.ts";
import { readArtifact, writeArtifact } from "../../run_dir/run_dir.ts";
import { addBlocks } from "../usage_report.ts";
import { decideChampion, type RoundRow } from "./champion.ts";
import { mean, r6 } from "./metrics.ts";
import { type RunContext, stageOrdinal } from "./stage.ts";
import { commitRoundPool, roundLedger, roundSynthesis, type SelectInput } from "./round_steps.ts";
import { writeViews } from "./views.ts";

export type { SelectInput };

/** The round's rows: candidates that finished with metrics (failed and skipped ones never count). */
export function roundRows(results: readonly CandidateResult[]): RoundRow[] {
  return results.filter((r) => r.status === "ok" && r.metrics).map((r) => ({
    candidate: r.candidate,
    config_id: r.config_id,
    fingerprint: r.fingerprint,
    label: r.label,
    architecture: r.architecture,
    source: r.source,
    metrics: r.metrics!,
    per_task: r.per_task,
  }));
}

/** Fills each finished candidate's primary failure signal from its FGMD attribution. */
async function addPrimarySignals(ctx: RunContext, done: RoundDone): Promise<void> {
  for (const c of done.candidates) {
    if (c.status !== "ok") continue;
    const attr = await readArtifact(
      join(ctx.dir.candidate(done.round, c.candidate), "attribution.json"),
      AttributionFileSchema,
    );
    c.primary_signal = attr?.verdict.primary_signal ?? null;
  }
}

/** Selects, merges, updates the ledger and graph, and commits round `t`. */
export async function selectRound(ctx: RunContext, input: SelectInput): Promise<RoundDone> {
  const { round, state, results, baseline } = input;
  const ordinal = stageOrdinal(ctx, "round", round);
  const rows = roundRows(results);
  let pareto = state.pareto;
  for (const r of rows) pareto = addEvaluation(pareto, { ...r, round }, baseline);
  const decision = decideChampion(state.champion, rows, round);
  const roundDir = ctx.dir.path(`round_${round}`);
  await commitRoundPool(ctx, input, decision, ordinal);

  const differential = differentialValidation(rows, baseline);
  const { ledger, usage: ledgerUsage } = await roundLedger(ctx, input, differential, pareto);
  const levelOf = new Map(input.tasks.map((t) => [t.id, t.level]));
  const obs = state.obs_graph
    ? updateObsGraph(state.obs_graph, round, rows, levelOf, baseline.scores)
    : null;

  const synth = await roundSynthesis(ctx, input, rows, differential, decision);
  const extraUsage = addBlocks(ledgerUsage, synth.usage);

  const front = new Set(paretoFront(pareto, baseline).map((r) => r.fingerprint));
  const bestLift = rows.length ? Math.max(...rows.map((r) => r.metrics.lift)) : null;
  const improved = bestLift !== null &&
    (state.best_lift === null || bestLift > state.best_lift + 1e-9);
  const next: EngineState = {
    pareto,
    champion: decision.state,
    ledger,
    obs_graph: obs,
    best_lift: improved ? bestLift : state.best_lift,
    rounds_without_improvement: improved ? 0 : state.rounds_without_improvement + 1,
    evaluations: state.evaluations + results.length,
    usage_by_stage: {
      ...state.usage_by_stage,
      [`round_${round}`]: addBlocks(
        input.proposals.proposer.usage,
        ...results.map((r) => r.usage),
        extraUsage,
      ),
    },
  };
  const scores = rows.map((r) => r.metrics.score);
  const done: RoundDone = {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    round,
    fold: input.fold,
    task_ids: input.tasks.map((t) => t.id),
    candidates: results.map((r) => ({
      candidate: r.candidate,
      config_id: r.config_id,
      fingerprint: r.fingerprint,
      label: r.label,
      source: r.source,
      status: r.status,
      metrics: r.metrics,
      added_to_front: r.status === "ok" && front.has(r.fingerprint),
      primary_signal: null,
    })),
    merged_config_id: decision.merge?.config_id ?? null,
    champion_decision: {
      mode: decision.mode,
      champion: decision.champion,
      challenger: decision.challenger,
      test: decision.test,
      changed: decision.changed,
    },
    differential_validation: differential,
    round_synthesis: synth.synthesis,
    aggregates: {
      best_score: r6(scores.length ? Math.max(...scores) : 0),
      mean_score: r6(mean(scores)),
      best_lift: r6(bestLift ?? 0),
      best_fitness: r6(rows.length ? Math.max(...rows.map((r) => r.metrics.fitness)) : 0),
      n_ok: rows.length,
      n_failed: results.length - rows.length,
    },
    state: next,
  };
  await addPrimarySignals(ctx, done);
  await writeArtifact(join(roundDir, "round_done.json"), RoundDoneSchema, done);
  await writeViews(ctx, next, baseline, {
    phase: "rounds",
    nextRound: round + 1,
    completedRounds: round,
    stopReason: null,
  });
  if (decision.changed && decision.state) {
    await ctx.events.emit({
      type: "champion_changed",
      round,
      from: state.champion?.config_id ?? null,
      to: decision.state.config_id,
      label: decision.state.label,
      mode: decision.mode,
      p_value: decision.test?.p_value ?? null,
    });
  }
  return done;
}
