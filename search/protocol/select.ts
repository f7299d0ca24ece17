/**
 * The selection half of a round and its commit. Model outputs that feed the state (ledger prose,
 * round-synthesis prose) are persisted before the commit and reused on replay, so a resumed
 * round reaches the same state even with a live model.
 *
 * @module
 */
import { join } from "node:path";
import type { BenchTask } from "../../bench/benchmark_port.ts";
import { meteredModel } from "../../core/usage.ts";
import {
  ARTIFACT_SCHEMA_VERSION,
  type CandidateResult,
  LedgerDeltaFileSchema,
  type PoolFile,
  type ProposalsFile,
  type RoundDone,
  RoundDoneSchema,
  RoundSynthesisFileSchema,
} from "../artifacts.ts";
import type { DifferentialRow } from "../common_schemas.ts";
import { differentialValidation } from "../egas/differential.ts";
import { applyLedgerDelta, computeLedgerDelta } from "../egas/ledger.ts";
import { phraseDelta } from "../egas/ledger_prose.ts";
import { updateObsGraph } from "../egas/obs_graph.ts";
import { addEvaluation, paretoFront } from "../egas/pareto.ts";
import type { EngineState } from "../egas/schemas.ts";
import { AttributionFileSchema, MEMORY_LABELS, RoundReplySchema } from "../fgmd/schemas.ts";
import { renderTemplate, SEARCH_PROMPTS } from "../prompts.ts";
import { readArtifact, removeIfPresent, writeArtifact } from "../../run_dir/run_dir.ts";
import { addBlocks, usageBlock } from "../usage_report.ts";
import { decideChampion, type RoundRow } from "./champion.ts";
import { mean, r6 } from "./metrics.ts";
import { poolFromSnapshot, snapshotOf } from "./pool_files.ts";
import { poolIo } from "./pool_io.ts";
import type { ProposerBaseline } from "./proposals.ts";
import { checkAbort, newLedger, type RunContext, stageOrdinal } from "./stage.ts";
import { writeViews } from "./views.ts";

/** Everything the selection reads. */
export interface SelectInput {
  round: number;
  fold: number;
  tasks: readonly BenchTask[];
  state: EngineState;
  proposals: ProposalsFile;
  results: readonly CandidateResult[];
  startPool: PoolFile;
  baseline: ProposerBaseline;
}

function roundSynthesisRules(
  rows: readonly RoundRow[],
  results: readonly CandidateResult[],
  diff: readonly DifferentialRow[],
): Record<string, unknown> {
  const best = [...rows].sort((a, b) => b.metrics.score - a.metrics.score)[0];
  const layers: Record<string, number> = { encode: 0, store: 0, retrieve: 0, manage: 0 };
  const map: Record<string, string> = MEMORY_LABELS;
  for (const r of results) {
    for (const [label, n] of Object.entries(r.attribution_summary?.breakdown ?? {})) {
      if (map[label]) layers[map[label]] += n;
    }
  }
  const focus = Object.entries(layers).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return {
    source: "rules",
    key_finding: best
      ? `best this round: ${best.label} (score ${best.metrics.score.toFixed(3)}, lift ${
        best.metrics.lift.toFixed(3)
      })`
      : "no candidate succeeded",
    next_round_focus: focus && focus[1] > 0
      ? `${focus[0]} (${focus[1]} memory-addressable failures)`
      : "explore: no memory-addressable failures",
    differential: `${diff.filter((d) => d.verdict === "confirmed").length} confirmed, ${
      diff.filter((d) => d.verdict === "refuted").length
    } refuted, ${
      diff.filter((d) => d.verdict === "stalled" || d.verdict === "inconclusive").length
    } unclear`,
  };
}

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

/** Selects, merges, updates the ledger and graph, and commits round `t`. */
export async function selectRound(ctx: RunContext, input: SelectInput): Promise<RoundDone> {
  const { round, state, results, startPool, baseline } = input;
  const ordinal = stageOrdinal(ctx, "round", round);
  const rows = roundRows(results);
  let pareto = state.pareto;
  for (const r of rows) pareto = addEvaluation(pareto, { ...r, round }, baseline);
  const decision = decideChampion(state.champion, rows, round);

  // Canonical pool: the champion's memory merged into the round-start snapshot, then curated.
  const roundDir = ctx.dir.path(`round_${round}`);
  const pools = await poolIo(ctx.benchmark);
  let merged = snapshotOf(startPool);
  const merges = [...startPool.merges];
  if (decision.merge) {
    const winner = await pools.read(
      join(ctx.dir.candidate(round, decision.merge.candidate), "pool_final.json"),
    );
    if (!winner) throw new Error(`pool_final.json of ${decision.merge.config_id} is missing`);
    merged = ctx.services.mergePools(merged, snapshotOf(winner), {
      clock: ctx.stageClock(ordinal + 0.5),
    });
    merges.push(`round:${round}:candidate:${decision.merge.config_id}`);
  }
  const scratch = await pools.workDir(join(roundDir, "maintenance"));
  await removeIfPresent(scratch.path);
  await Deno.mkdir(scratch.path, { recursive: true });
  let curated;
  try {
    curated = await ctx.services.maintainPool(merged, {
      embedder: ctx.deps.embedder,
      clock: ctx.stageClock(ordinal + 0.5),
      dir: scratch.path,
    });
  } finally {
    await scratch.dispose();
  }
  await pools.write(
    ctx.dir.canonical,
    poolFromSnapshot(curated, merges, [...startPool.maintained_rounds, round]),
  );

  const differential = differentialValidation(rows, baseline);
  const diagnosis = ctx.models.diagnosis && ctx.config.proposer !== "random"
    ? ctx.models.diagnosis
    : undefined;
  let extraUsage = {};
  let ledger = state.ledger;
  if (ledger) {
    const path = ctx.dir.path("ledger", `round_${round}_delta.json`);
    let step = await readArtifact(path, LedgerDeltaFileSchema);
    if (!step) {
      const labels = new Map(input.proposals.candidates.map((c) => [c.config_id, c.label]));
      let delta = computeLedgerDelta(ledger, round, differential, (id) => labels.get(id) ?? id);
      const meter = newLedger(ctx, ctx.stageClock(ordinal + 0.5));
      if (diagnosis) {
        delta = (await phraseDelta(
          delta,
          ledger,
          meteredModel(diagnosis, meter, "diagnosis"),
          ctx.signal,
        )).delta;
      }
      step = { delta, usage: usageBlock(meter) };
      await writeArtifact(path, LedgerDeltaFileSchema, step);
    }
    ledger = applyLedgerDelta(ledger, step.delta, pareto);
    extraUsage = addBlocks(extraUsage, step.usage);
  }
  const levelOf = new Map(input.tasks.map((t) => [t.id, t.level]));
  const obs = state.obs_graph
    ? updateObsGraph(state.obs_graph, round, rows, levelOf, baseline.scores)
    : null;

  const synthPath = join(roundDir, "round_synthesis.json");
  let synth = await readArtifact(synthPath, RoundSynthesisFileSchema);
  if (!synth) {
    const synthesis = roundSynthesisRules(rows, results, differential);
    const meter = newLedger(ctx, ctx.stageClock(ordinal + 0.5));
    if (diagnosis && rows.length) {
      try {
        const reply = await meteredModel(diagnosis, meter, "diagnosis").chat({
          messages: [{
            role: "user",
            content: renderTemplate(SEARCH_PROMPTS.diagnosis_round, {
              round_id: round,
              candidates_json: rows.map((r) => ({
                config_id: r.config_id,
                label: r.label,
                score: r.metrics.score,
                lift: r.metrics.lift,
                cost: r.metrics.cost,
              })),
              differential_json: differential,
              champion_json: {
                mode: decision.mode,
                champion: decision.champion,
                test: decision.test,
              },
            }),
          }],
          schema: RoundReplySchema,
          schemaName: "round_synthesis",
          purpose: "round_synthesis",
          signal: ctx.signal,
        });
        Object.assign(synthesis, reply.json!, { source: "llm" });
      } catch (error) {
        synthesis.llm_error = (error as Error).message.slice(0, 200);
      }
    }
    checkAbort(ctx);
    synth = { synthesis, usage: usageBlock(meter) };
    await writeArtifact(synthPath, RoundSynthesisFileSchema, synth);
  }
  extraUsage = addBlocks(extraUsage, synth.usage);

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
  for (const c of done.candidates) {
    if (c.status !== "ok") continue;
    const attr = await readArtifact(
      join(ctx.dir.candidate(round, c.candidate), "attribution.json"),
      AttributionFileSchema,
    );
    c.primary_signal = attr?.verdict.primary_signal ?? null;
  }
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
