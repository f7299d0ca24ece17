/**
 * One candidate of a round: memory seeded from the round-start snapshot, the fold's tasks in
 * order, metrics, FGMD attribution, and the result files. `result.json` is written last and
 * marks the candidate done; anything else in a candidate directory without it is wiped and
 * replayed in full from the immutable snapshot (stateful stages never resume task by task).
 *
 * @module
 */
import { join } from "node:path";
import type { BenchTask } from "../../bench/benchmark_port.ts";
import { meteredModel } from "../../core/usage.ts";
import {
  ARTIFACT_SCHEMA_VERSION,
  AttributionFileSchema,
  type Candidate,
  type CandidateResult,
  CandidateResultSchema,
  type PoolFile,
} from "../artifacts.ts";
import type { MoveContext } from "../egas/moves.ts";
import { diagnoseCandidate } from "../fgmd/diagnose.ts";
import { readArtifact, removeIfPresent, writeArtifact } from "../../run_dir/run_dir.ts";
import { usageBlock } from "../usage_report.ts";
import { computeMetrics, perTaskOf } from "./metrics.ts";
import { importViewFor, poolFromSnapshot } from "./pool_files.ts";
import { poolIo } from "./pool_io.ts";
import {
  checkAbort,
  newLedger,
  rethrowUnmeasured,
  runArchitecture,
  type RunContext,
  stageOrdinal,
} from "./stage.ts";

/** What a round hands each candidate. */
export interface CandidateInput {
  round: number;
  candidate: Candidate;
  tasks: readonly BenchTask[];
  startPool: PoolFile;
  baselineScores: Readonly<Record<string, number>>;
  moveCtx: MoveContext;
  previousPrimary: string | null;
  trend: unknown;
}

/** A candidate's finished result, if its directory holds one for this exact candidate. */
async function finishedResult(
  ctx: RunContext,
  round: number,
  c: Candidate,
): Promise<CandidateResult | undefined> {
  const r = await readArtifact(
    join(ctx.dir.candidate(round, c.candidate), "result.json"),
    CandidateResultSchema,
  )
    .catch(() => undefined);
  return r && r.config_id === c.config_id && r.fingerprint === c.fingerprint ? r : undefined;
}

async function emitFinished(
  ctx: RunContext,
  round: number,
  c: Candidate,
  result: CandidateResult,
  status: CandidateResult["status"] | "reused",
): Promise<void> {
  await ctx.events.emit({
    type: "candidate_finished",
    stage: "round",
    round,
    candidate: c.candidate,
    config_id: c.config_id,
    label: c.label,
    status,
    error: result.error,
    metrics: result.metrics,
  });
}

/**
 * Runs one candidate end to end and writes its files; failures are recorded, aborts propagate.
 * A candidate whose `result.json` is already on disk is not run again: that result is reused.
 */
export async function runCandidate(
  ctx: RunContext,
  input: CandidateInput,
): Promise<CandidateResult> {
  const { round, candidate: c } = input;
  const done = await finishedResult(ctx, round, c);
  if (done) {
    await emitFinished(ctx, round, c, done, "reused");
    return done;
  }
  const dir = ctx.dir.candidate(round, c.candidate);
  await removeIfPresent(dir);
  await Deno.mkdir(dir, { recursive: true });
  await ctx.events.emit({
    type: "candidate_started",
    stage: "round",
    round,
    candidate: c.candidate,
    config_id: c.config_id,
    label: c.label,
    fingerprint: c.fingerprint,
    n_tasks: input.tasks.length,
  });
  const ordinal = stageOrdinal(ctx, "round", round);
  const ledger = newLedger(ctx, ctx.stageClock(ordinal));
  const base = {
    ...c,
    schema_version: ARTIFACT_SCHEMA_VERSION,
    round,
    stage: "round",
    task_ids: input.tasks.map((t) => t.id),
  };
  let result: CandidateResult;
  try {
    const run = await runArchitecture(ctx, {
      sink: {
        stage: "round",
        round,
        candidate: c.candidate,
        configId: c.config_id,
        tasksDir: join(dir, "tasks"),
      },
      stage: "round",
      ordinal,
      label: `r${round}c${c.candidate}`,
      spec: c.architecture,
      dir,
      tasks: input.tasks,
      seedPool: input.startPool,
      ledger,
    });
    const metrics = computeMetrics(
      run.results,
      input.baselineScores,
      ctx.config.token_cap_per_task,
      ctx.config.latency_cap_per_task,
    );
    const useDiagnosisModel = ctx.models.diagnosis && ctx.config.proposer !== "random";
    const attribution = await diagnoseCandidate({
      configId: c.config_id,
      spec: c.architecture,
      tasks: ctx.taskById,
      results: run.results,
      poolUnits: ctx.config.no_canonical_import
        ? []
        : importViewFor(input.startPool, c.architecture).units,
      finalUnits: run.pool.units,
      maxSteps: ctx.config.max_steps,
      moveCtx: input.moveCtx,
      previousPrimary: input.previousPrimary,
      model: useDiagnosisModel
        ? meteredModel(ctx.models.diagnosis!, ledger, "diagnosis")
        : undefined,
      trend: input.trend,
      signal: ctx.signal,
    });
    // Commit only a candidate whose tasks, management and diagnosis all ran to the end.
    checkAbort(ctx);
    await writeArtifact(join(dir, "attribution.json"), AttributionFileSchema, attribution);
    await (await poolIo(ctx.benchmark)).write(
      join(dir, "pool_final.json"),
      poolFromSnapshot(run.pool, input.startPool.merges, input.startPool.maintained_rounds),
    );
    await ctx.events.emit({
      type: "diagnosis_ready",
      round,
      candidate: c.candidate,
      config_id: c.config_id,
      primary_signal: attribution.verdict.primary_signal,
      confidence: attribution.verdict.confidence,
      recommended_action: attribution.verdict.recommended_action,
      out_of_scope_for_memory: attribution.verdict.out_of_scope_for_memory,
    });
    result = {
      ...base,
      status: "ok",
      error: null,
      metrics,
      per_task: perTaskOf(run.results),
      attribution_summary: attribution.summary,
      usage: usageBlock(ledger, run.results),
    };
  } catch (error) {
    // Infrastructure faults and interrupts measured nothing: the candidate stays uncommitted.
    rethrowUnmeasured(ctx, error);
    result = {
      ...base,
      status: "failed",
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      metrics: null,
      per_task: {},
      attribution_summary: null,
      usage: usageBlock(ledger),
    };
  }
  await writeArtifact(join(dir, "result.json"), CandidateResultSchema, result);
  await emitFinished(ctx, round, c, result, result.status);
  return result;
}
