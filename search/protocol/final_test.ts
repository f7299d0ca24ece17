/**
 * The held-out final test (`--final_validation`, docs/design.md#final-test): a fresh no-memory run
 * on the test split, then the runoff winner with the runoff's canonical snapshot on the same tasks.
 * Reported only — no decision ever reads it.
 *
 * @module
 */
import { poolIo } from "./pool_io.ts";
import { join } from "node:path";
import {
  ARTIFACT_SCHEMA_VERSION,
  type RunoffResult,
  type ValidationResult,
  ValidationResultSchema,
} from "../artifacts.ts";
import { specLabel } from "../../core/spec.ts";
import { readArtifact, removeIfPresent, writeArtifact } from "../../run_dir/run_dir.ts";
import { addBlocks, usageBlock } from "../usage_report.ts";
import { runNoMemory } from "./baseline.ts";
import { computeMetrics, mean, perTaskOf, r6 } from "./metrics.ts";
import { checkAbort, newLedger, runArchitecture, type RunContext, stageOrdinal } from "./stage.ts";

/** Runs (or reuses) the final test and writes `final_validation/validation_result.json`. */
export async function ensureFinalTest(
  ctx: RunContext,
  runoff: RunoffResult,
): Promise<ValidationResult> {
  const dir = ctx.dir.path("final_validation");
  const path = join(dir, "validation_result.json");
  const saved = await readArtifact(path, ValidationResultSchema);
  const tasks = ctx.split.final_test_indices.map((i) => ctx.tasks[i]);
  if (saved) {
    await ctx.events.emit({
      type: "phase_finished",
      phase: "final_test",
      n_tasks: tasks.length,
      score: saved.metrics.score,
      reused: true,
    });
    return saved;
  }
  await ctx.events.emit({ type: "phase_started", phase: "final_test", n_tasks: tasks.length });
  const base = await runNoMemory(ctx, "final_test", tasks, join(dir, "baseline_tasks"));
  const basePer = perTaskOf(base.results);
  const baseScores = Object.fromEntries(Object.entries(basePer).map(([id, v]) => [id, v.score]));
  await removeIfPresent(join(dir, "tasks"));
  await removeIfPresent(join(dir, "store"));
  const ordinal = stageOrdinal(ctx, "final_test");
  const ledger = newLedger(ctx, ctx.stageClock(ordinal));
  const pools = await poolIo(ctx.benchmark);
  const snapshot = await pools.read(ctx.dir.path("final_runoff", "runoff_start_pool.json")) ??
    await pools.read(ctx.dir.canonical);
  const w = runoff.winner;
  await ctx.events.emit({
    type: "candidate_started",
    stage: "final_test",
    round: null,
    candidate: 0,
    config_id: w.config_id,
    label: specLabel(w.architecture),
    fingerprint: w.fingerprint,
    n_tasks: tasks.length,
  });
  const run = await runArchitecture(ctx, {
    sink: {
      stage: "final_test",
      round: null,
      candidate: 0,
      configId: w.config_id,
      tasksDir: join(dir, "tasks"),
    },
    stage: "final_test",
    ordinal,
    label: "final",
    spec: w.architecture,
    dir,
    tasks,
    seedPool: snapshot ?? null,
    ledger,
  });
  checkAbort(ctx);
  const metrics = computeMetrics(
    run.results,
    baseScores,
    ctx.config.token_cap_per_task,
    ctx.config.latency_cap_per_task,
  );
  await ctx.events.emit({
    type: "candidate_finished",
    stage: "final_test",
    round: null,
    candidate: 0,
    config_id: w.config_id,
    label: specLabel(w.architecture),
    status: "ok",
    error: null,
    metrics,
  });
  const rows = run.results.map((r) => ({
    task_id: r.task_id,
    level: r.level,
    score: r.score,
    baseline_score: baseScores[r.task_id] ?? 0,
    lift: r6(r.score - (baseScores[r.task_id] ?? 0)),
    passed: r.success,
  })).sort((a, b) => Number(a.passed) - Number(b.passed) || (a.task_id < b.task_id ? -1 : 1));
  const baselineScore = r6(mean(Object.values(baseScores)));
  const result: ValidationResult = {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    config_id: w.config_id,
    fingerprint: w.fingerprint,
    architecture: w.architecture,
    evaluation_split: "final_test",
    task_ids: tasks.map((t) => t.id),
    metrics,
    baseline_score: baselineScore,
    improvement_over_baseline: r6(metrics.score - baselineScore),
    n_passed: rows.filter((r) => r.passed).length,
    n_failed: rows.filter((r) => !r.passed).length,
    per_task_results: rows,
    usage: addBlocks(base.usage, usageBlock(ledger, run.results)),
  };
  await writeArtifact(path, ValidationResultSchema, result);
  await ctx.events.emit({
    type: "phase_finished",
    phase: "final_test",
    n_tasks: tasks.length,
    score: metrics.score,
    reused: false,
  });
  return result;
}
