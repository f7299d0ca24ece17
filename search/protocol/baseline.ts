/**
 * The no-memory baseline (docs/design.md#baseline) over warm-up ∪ search ∪ validation (never the
 * final test), and the no-memory run on the test split for `--final_validation`. Tasks without
 * memory are independent, so they run concurrently and resume task by task from valid task files.
 * `--baseline_from` reuses another run's baseline when its dataset, task model and tasks match.
 *
 * @module
 */
import { join } from "node:path";
import type { BenchTask, TaskResult } from "../../bench/benchmark_port.ts";
import { UsageLedger } from "../../core/usage.ts";
import {
  ARTIFACT_SCHEMA_VERSION,
  type BaselineDone,
  BaselineDoneSchema,
  EvalProtocolSchema,
  TaskFileSchema,
} from "../artifacts.ts";
import type { PerTask, UsageBlock } from "../common_schemas.ts";
import { readArtifact, taskFileName, writeArtifact } from "../../run_dir/run_dir.ts";
import { addBlocks, usageBlock } from "../usage_report.ts";
import { mean, perTaskOf, r6 } from "./metrics.ts";
import {
  checkAbort,
  meteredTaskModels,
  pooled,
  recordTask,
  type RunContext,
  type Stage,
  stageOrdinal,
} from "./stage.ts";

/**
 * Runs tasks without memory, reusing valid task files in `tasksDir`. Each task is metered on its
 * own ledger and its usage saved in its task file, so reused tasks still count in `usage`.
 */
export async function runNoMemory(
  ctx: RunContext,
  stage: Stage,
  tasks: readonly BenchTask[],
  tasksDir: string,
): Promise<{ results: TaskResult[]; usage: UsageBlock }> {
  const clockFor = () => ctx.stageClock(stageOrdinal(ctx, stage));
  let done = 0;
  const runs = await pooled(tasks, ctx.config.parallel, async (task) => {
    const cached = await readArtifact(join(tasksDir, taskFileName(task.id)), TaskFileSchema).catch(
      () => undefined,
    );
    if (cached && cached.identity === task.identity && cached.stage === stage) {
      done++;
      const { stage: _s, row: _r, usage, ...result } = cached;
      return { result: result as TaskResult, usage: usage ?? usageBlock(null, [result]) };
    }
    checkAbort(ctx);
    const ledger = new UsageLedger({ prices: ctx.deps.prices, clock: clockFor() });
    const models = meteredTaskModels(ctx, ledger);
    // No memory means no shared state: each task gets its own clock and rng stream.
    const result = ctx.deps.executor
      ? await ctx.deps.executor.noMemoryTask(ctx, stage, task, ledger)
      : await ctx.benchmark.runTask(task, ctx.services.noMemory(), {
        model: models.task,
        judge: models.judge,
        clock: clockFor(),
        rng: ctx.rng.fork(`${stage}:${task.id}`),
        signal: ctx.signal,
        maxSteps: ctx.config.max_steps,
      });
    checkAbort(ctx);
    const usage = usageBlock(ledger, [result]);
    await recordTask(
      ctx,
      { stage, round: null, candidate: null, configId: null, tasksDir },
      task,
      result,
      ++done,
      tasks.length,
      usage,
    );
    return { result, usage };
  });
  return { results: runs.map((r) => r.result), usage: addBlocks(...runs.map((r) => r.usage)) };
}

/** Ids of the tasks at `indices`. */
export function idsAt(ctx: RunContext, indices: readonly number[]): string[] {
  return indices.map((i) => ctx.tasks[i].id);
}

async function reusable(
  ctx: RunContext,
  tasks: readonly BenchTask[],
): Promise<{ per: PerTask; source: string } | string> {
  const from = ctx.config.baseline_from!;
  const file = from.endsWith(".json") ? from : join(from, "baseline", "baseline_done.json");
  const root = from.endsWith(".json") ? join(file, "..", "..") : from;
  const done = await readArtifact(file, BaselineDoneSchema).catch((e) => (e as Error).message);
  if (typeof done === "string" || !done) {
    return `cannot read ${file}${typeof done === "string" ? `: ${done}` : ""}`;
  }
  const protocol = await readArtifact(join(root, "eval_protocol.json"), EvalProtocolSchema).catch(
    () => undefined,
  );
  const comps = protocol?.components as
    | { dataset_hash?: string; models?: { task?: string | null } }
    | undefined;
  if (comps?.dataset_hash !== ctx.benchmark.datasetHash) return "dataset differs";
  if ((comps?.models?.task ?? null) !== (ctx.models.task?.id ?? null)) return "task model differs";
  const missing = tasks.filter((t) => !(t.id in done.per_task));
  if (missing.length) return `${missing.length} baseline task(s) missing (e.g. ${missing[0].id})`;
  return {
    per: Object.fromEntries(tasks.map((t) => [t.id, done.per_task[t.id]])),
    source: `reused:${file}`,
  };
}

/** Runs (or reuses) the baseline and writes `baseline/baseline_done.json`. */
export async function ensureBaseline(ctx: RunContext): Promise<BaselineDone> {
  const path = ctx.dir.path("baseline", "baseline_done.json");
  const existing = await readArtifact(path, BaselineDoneSchema);
  const s = ctx.split;
  const indices = [...s.profile_indices, ...s.optimization_indices, ...s.validation_indices].sort((
    a,
    b,
  ) => a - b);
  const tasks = indices.map((i) => ctx.tasks[i]);
  if (existing && existing.task_ids.join(",") === tasks.map((t) => t.id).join(",")) {
    await ctx.events.emit({
      type: "phase_finished",
      phase: "baseline",
      n_tasks: tasks.length,
      score: existing.score,
      reused: true,
    });
    return existing;
  }
  await ctx.events.emit({ type: "phase_started", phase: "baseline", n_tasks: tasks.length });
  let per: PerTask;
  let source = "fresh";
  let usage = {};
  const reuse = ctx.config.baseline_from && !ctx.config.dry_run ? await reusable(ctx, tasks) : null;
  if (reuse && typeof reuse !== "string") {
    per = reuse.per;
    source = reuse.source;
  } else {
    if (typeof reuse === "string") source = `fresh (baseline_from refused: ${reuse})`;
    const run = await runNoMemory(ctx, "baseline", tasks, ctx.dir.path("baseline", "tasks"));
    per = perTaskOf(run.results);
    usage = run.usage;
  }
  const scoreOf = (idx: readonly number[]) =>
    idx.length ? r6(mean(idx.map((i) => per[ctx.tasks[i].id].score))) : null;
  const scores = tasks.map((t) => per[t.id].score);
  const done: BaselineDone = {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    score: r6(mean(scores)),
    n_tasks: tasks.length,
    task_ids: tasks.map((t) => t.id),
    per_task: per,
    by_split: {
      warmup: scoreOf(s.profile_indices),
      search: scoreOf(s.optimization_indices),
      validation: scoreOf(s.validation_indices),
    },
    memory_sensitive_count: scores.filter((x) => x < 1).length,
    easy_count: scores.filter((x) => x >= 1).length,
    synthetic: ctx.benchmark.synthetic,
    source,
    usage,
  };
  await writeArtifact(path, BaselineDoneSchema, done);
  await ctx.events.emit({
    type: "phase_finished",
    phase: "baseline",
    n_tasks: tasks.length,
    score: done.score,
    reused: false,
  });
  return done;
}
