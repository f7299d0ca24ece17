/**
 * Running an architecture (or the no-memory baseline) over a task list: the shared run context,
 * task files, events, metered models and the abort check. The tasks of one architecture run in
 * order, because memory evolves causally from one task to the next.
 *
 * @module
 */
import { poolIo } from "./pool_io.ts";
import { AutomemError } from "../../core/automem_error.ts";
import { join } from "node:path";
import type { BenchTask, TaskResult } from "../../bench/benchmark_port.ts";
import { compileSpec } from "../../core/compiler.ts";
import { asInfrastructure, guardMethods, InfrastructureError } from "../../core/infra_fault.ts";
import type { ChatModel, Clock } from "../../core/ports.ts";
import { meteredModel, UsageLedger } from "../../core/usage.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { StoreError } from "../../stores/store_error.ts";
import type { StoreSnapshot } from "../../stores/store_port.ts";
import type { TaskFile } from "../artifacts.ts";
import type { UsageBlock } from "../common_schemas.ts";
import { TaskFileSchema } from "../artifacts.ts";
import { idGenerator } from "../deps.ts";
import { taskFileName, writeArtifact } from "../../run_dir/run_dir.ts";
import { importViewFor } from "./pool_files.ts";
import type { ArchJob, RunContext, Stage, TaskSink } from "../run_context.ts";

export type { ArchJob, RunContext, Stage, TaskSink };

/** Thrown when the run's signal is aborted; the engine turns it into status `interrupted`. */
export class SearchAborted extends AutomemError {
  /** Builds the error. */
  constructor() {
    super("search_aborted", "the search was interrupted");
    this.name = "SearchAborted";
  }
}

/**
 * Throws the run's first infrastructure fault, if any, else {@linkcode SearchAborted} when the
 * run was asked to stop. Called between tasks and before any result is committed.
 */
export function checkAbort(ctx: RunContext): void {
  ctx.faults.check();
  if (ctx.signal?.aborted) throw new SearchAborted();
}

/**
 * Rethrows what a failing unit of work (candidate, runoff contender) measured nothing about: an
 * infrastructure or I/O fault (the run's first one wins) and an interruption, whatever error the
 * interrupted code raised ("embedding was aborted" from a seed-pool import). Returns only for a
 * genuine failure of the architecture, which is recorded.
 */
export function rethrowUnmeasured(ctx: RunContext, error: unknown): void {
  const fault = asInfrastructure(error);
  if (fault instanceof InfrastructureError) throw ctx.faults.first ?? fault;
  ctx.faults.check();
  if (error instanceof SearchAborted) throw error;
  if (ctx.signal?.aborted) throw new SearchAborted();
}

/** Stage ordinals on the logical timeline. */
export function stageOrdinal(ctx: RunContext, stage: Stage, round = 0): number {
  const R = ctx.config.max_rounds;
  return stage === "baseline"
    ? 0
    : stage === "warmup"
    ? 1
    : stage === "round"
    ? 1 + round
    : stage === "runoff"
    ? R + 2
    : R + 3;
}

/** Task models of a unit of work, metered into `ledger`. */
export function meteredTaskModels(
  ctx: RunContext,
  ledger: UsageLedger,
): { task?: ChatModel; judge?: ChatModel; memory?: ChatModel } {
  const m = ctx.models;
  return {
    task: m.task && meteredModel(m.task, ledger, "task"),
    judge: m.judge && meteredModel(m.judge, ledger, "judge"),
    memory: m.memory && meteredModel(m.memory, ledger, "memory"),
  };
}

/** A fresh usage ledger for one unit of work. */
export function newLedger(ctx: RunContext, clock: Clock): UsageLedger {
  return new UsageLedger({ prices: ctx.deps.prices, clock });
}

/** Persists one task result and emits `task_finished`. */
export async function recordTask(
  ctx: RunContext,
  sink: TaskSink,
  task: BenchTask,
  result: TaskResult,
  index: number,
  n: number,
  usage?: UsageBlock,
): Promise<void> {
  const file: TaskFile = {
    ...result,
    stage: sink.stage,
    row: ctx.tasks.indexOf(task),
    ...(usage ? { usage } : {}),
  };
  await writeArtifact(join(sink.tasksDir, taskFileName(task.id)), TaskFileSchema, file);
  await ctx.events.emit({
    type: "task_finished",
    stage: sink.stage,
    round: sink.round,
    candidate: sink.candidate,
    config_id: sink.configId,
    task_id: task.id,
    index,
    n_tasks: n,
    score: result.score,
    success: result.success,
    tokens: result.total_tokens,
  });
}

/** Runs `tasks` in order against `provider`, recording each. */
export async function runTasks(
  ctx: RunContext,
  sink: TaskSink,
  provider: MemoryProvider,
  tasks: readonly BenchTask[],
  models: { task?: ChatModel; judge?: ChatModel },
  clock: Clock,
  rngLabel: string,
): Promise<TaskResult[]> {
  const out: TaskResult[] = [];
  for (const [i, task] of tasks.entries()) {
    checkAbort(ctx);
    const result = await ctx.benchmark.runTask(task, provider, {
      model: models.task,
      judge: models.judge,
      clock,
      rng: ctx.rng.fork(`${rngLabel}:${task.id}`),
      signal: ctx.signal,
      maxSteps: ctx.config.max_steps,
    });
    // A task cut short by an interrupt or an infrastructure fault measured nothing.
    checkAbort(ctx);
    await recordTask(ctx, sink, task, result, i + 1, tasks.length);
    out.push(result);
  }
  return out;
}

/**
 * Compiles, opens memory, imports the seed pool, runs the tasks and exports the final pool. The
 * store directory is removed afterwards: the exported pool is what later stages read.
 */
export async function runArchitecture(
  ctx: RunContext,
  job: ArchJob,
): Promise<{ results: TaskResult[]; pool: StoreSnapshot }> {
  if (ctx.deps.executor) return await ctx.deps.executor.architecture(ctx, job);
  const clock = ctx.stageClock(job.ordinal);
  const models = meteredTaskModels(ctx, job.ledger);
  const work = await (await poolIo(ctx.benchmark)).workDir(join(job.dir, "store"));
  const plan = compileSpec(job.spec, {
    baseDir: work.path,
    embeddingDim: ctx.deps.embedder.dim,
  });
  const opened = await ctx.services.openMemory(plan, {
    embedder: ctx.deps.embedder,
    clock,
    newId: idGenerator(job.label),
    model: models.memory,
    signal: ctx.signal,
  }).catch(async (e) => {
    await work.dispose();
    throw asInfrastructure(e, "storage");
  });
  const provider = guardMethods(opened, "storage", ctx.faults, isStoreFault);
  try {
    if (job.seedPool && !ctx.config.no_canonical_import) {
      await provider.importPool(importViewFor(job.seedPool, job.spec));
    }
    const results = await runTasks(ctx, job.sink, provider, job.tasks, models, clock, job.label);
    const pool = await provider.exportPool();
    return { results, pool };
  } finally {
    await provider.close().catch(() => {});
    // The exported pool is the durable record; store files (graph stores: tens of MB) are not.
    await work.dispose();
  }
}

/** Damaged store files are storage faults, not task failures. */
function isStoreFault(e: unknown): boolean {
  return e instanceof StoreError && e.code === "corrupt_file";
}

/** Runs `jobs` with at most `limit` at a time; results keep the input order. */
export async function pooled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (next < items.length && failure === null) {
      const i = next++;
      try {
        out[i] = await fn(items[i], i);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw failure;
  return out;
}
