/**
 * The coordinator's side of distributed evaluation: a {@linkcode UnitExecutor} that turns a
 * search's units of work into queue jobs and records their results exactly where the in-process
 * path would (task files and events in task order, usage into the stage's ledger). The
 * coordinator alone writes the run directory; workers only return results.
 *
 * @module
 */
import { abortRejection } from "../../core/abort_rejection.ts";
import { isAutomemError } from "../../core/automem_error.ts";
import { InfrastructureError } from "../../core/infra_fault.ts";
import { defaultDataPath } from "../../bench/data_paths.ts";
import type { Benchmark, TaskResult } from "../../bench/benchmark_port.ts";
import type { ChatModel, Embedder } from "../../core/ports.ts";
import type { PriceTable, UsageLedger, UsageRecord } from "../../core/usage.ts";
import type { StoreSnapshot } from "../../stores/store_port.ts";
import { EvalProtocolSchema } from "../artifacts.ts";
import type { SearchConfig } from "../config.ts";
import { readArtifact } from "../../run_dir/run_dir.ts";
import { poolIo, type SealedPool } from "../protocol/pool_io.ts";
import type { LandscapeEntry, SweepUnitRequest } from "../sweep.ts";

export type { SweepUnitRequest };
import {
  checkAbort,
  recordTask,
  type RunContext,
  SearchAborted,
  stageOrdinal,
} from "../protocol/stage.ts";
import {
  ArchitectureOutcomeSchema,
  type ArchitectureUnit,
  type BenchmarkRef,
  jobIdOf,
  type ModelRefs,
  NoMemoryOutcomeSchema,
  REFUSED_BY_WORKER,
  SweepOutcomeSchema,
  UNIT_CODE_VERSION,
  type WorkUnit,
} from "./units.ts";
import type { UnitExecutor } from "../run_context.ts";

export type { UnitExecutor };

/** The queue a coordinator submits to (BullMQ's adapter in `core/redis_queue.ts` is one). */
export interface UnitQueue {
  submit(
    id: string,
    data: unknown,
    hooks?: { onActive?: (worker: string | null) => void },
  ): Promise<{ value: unknown; worker: string }>;
}

/** A unit that finished on a worker (for progress and the report). */
export interface UnitDone {
  job_id: string;
  kind: WorkUnit["kind"];
  /** `r3c1`, `warmup`, `baseline:<task>`, `sweep:<fingerprint>`. */
  label: string;
  worker: string;
}

/** Model references (id and base URL, never a key) of a role set. */
export function modelRefsOf(
  models: { task?: ChatModel; judge?: ChatModel; memory?: ChatModel },
  baseUrls: Partial<Record<"task" | "judge" | "memory", string | null>> = {},
): ModelRefs {
  const ref = (role: "task" | "judge" | "memory") => {
    const m = models[role];
    return m ? { model: m.id, base_url: baseUrls[role] ?? null } : null;
  };
  return { task: ref("task"), judge: ref("judge"), memory: ref("memory") };
}

/** The benchmark settings of a search, as its engine builds the benchmark. */
export function searchBenchmarkRef(config: SearchConfig, benchmark: Benchmark): BenchmarkRef {
  return {
    name: config.benchmark,
    options: JSON.parse(JSON.stringify({
      seed: config.seed,
      dataPath: config.data_path ?? defaultDataPath(config.benchmark),
      conversations: config.conversations ?? undefined,
      infile: config.infile ?? undefined,
      dryRun: config.dry_run,
    })),
    dataset_hash: benchmark.datasetHash,
  };
}

/**
 * A job a worker refused (it runs other code, or cannot read the payload) measured nothing: an
 * infrastructure fault that stops the run, never a failed candidate.
 */
function refusalAsFault(e: unknown): unknown {
  // The queue's JobFailedError, by its code (importing it would load the Redis client).
  if (!isAutomemError(e, "job_failed") || !e.message.startsWith(REFUSED_BY_WORKER)) return e;
  return new InfrastructureError("queue", `a job was ${e.message}`, { cause: e });
}

function failedAbort(signal?: AbortSignal): Promise<never> {
  return abortRejection(signal, () => new SearchAborted());
}

function addUsage(ledger: UsageLedger, records: readonly UsageRecord[]): void {
  for (const r of records) ledger.record({ ...r });
}

/** Options of {@linkcode queueExecutor}. */
export interface QueueExecutorOptions {
  queue: UnitQueue;
  /** Model ids and endpoint base URLs by role (keys stay with each worker). */
  models: ModelRefs;
  /** Each unit a worker finished. */
  onUnit?: (done: UnitDone) => void;
  /** The queue as events show it (its URL redacted). */
  queueLabel?: string;
}

/** A search executor that runs units as queue jobs. */
export function queueExecutor(opts: QueueExecutorOptions): UnitExecutor {
  const digests = new WeakMap<RunContext, Promise<string>>();
  const digestOf = (ctx: RunContext) => {
    let d = digests.get(ctx);
    if (!d) {
      d = readArtifact(ctx.dir.path("eval_protocol.json"), EvalProtocolSchema).then((p) =>
        p?.digest ?? "no-protocol"
      );
      digests.set(ctx, d);
    }
    return d;
  };
  const common = (ctx: RunContext) => ({
    code_version: UNIT_CODE_VERSION,
    benchmark: searchBenchmarkRef(ctx.config, ctx.benchmark),
    embedder: ctx.deps.embedder.id,
    models: opts.models,
    token_budget: ctx.config.token_budget,
    dry_run: ctx.config.dry_run,
    prices: (ctx.deps.prices ?? {}) as PriceTable,
  });
  const run = async (ctx: RunContext, unit: WorkUnit, label: string) => {
    checkAbort(ctx);
    const id = jobIdOf(await digestOf(ctx), unit);
    const emit = (state: "queued" | "active" | "done" | "failed", worker: string | null) =>
      ctx.events.emit({
        type: "unit_dispatch",
        state,
        job_id: id,
        kind: unit.kind,
        label,
        worker,
        queue: opts.queueLabel ?? "queue",
      }).catch(() => {});
    await emit("queued", null);
    // The worker's name arrives asynchronously; once the job is settled it is old news.
    let settled = false;
    const submitted = opts.queue.submit(id, unit, {
      onActive: (w) => void (settled || emit("active", w)),
    });
    const done = await Promise.race([submitted, failedAbort(ctx.signal)]).catch(async (e) => {
      settled = true;
      if (!(e instanceof SearchAborted)) await emit("failed", null);
      throw refusalAsFault(e);
    });
    settled = true;
    await emit("done", done.worker);
    opts.onUnit?.({ job_id: id, kind: unit.kind, label, worker: done.worker });
    return done.value;
  };
  return {
    async architecture(ctx, job) {
      const unit: ArchitectureUnit = {
        kind: "architecture",
        ...common(ctx),
        stage: job.stage,
        round: job.sink.round,
        candidate: job.sink.candidate,
        config_id: job.sink.configId,
        ordinal: job.ordinal,
        label: job.label,
        spec: job.spec,
        seed_pool: job.seedPool && await (await poolIo(ctx.benchmark)).pack(job.seedPool),
        task_ids: job.tasks.map((t) => t.id),
        search_seed: ctx.config.seed,
        max_steps: ctx.config.max_steps,
        no_canonical_import: ctx.config.no_canonical_import,
      };
      const value = await run(ctx, unit, job.label);
      ArchitectureOutcomeSchema.parse(value);
      const out = value as {
        results: TaskResult[];
        pool: StoreSnapshot | SealedPool;
        usage: UsageRecord[];
      };
      for (const [i, task] of job.tasks.entries()) {
        await recordTask(ctx, job.sink, task, out.results[i], i + 1, job.tasks.length);
      }
      addUsage(job.ledger, out.usage);
      return {
        results: out.results,
        pool: await (await poolIo(ctx.benchmark)).unpack(out.pool, `job ${job.label}`),
      };
    },
    async noMemoryTask(ctx, stage, task, ledger) {
      const value = await run(ctx, {
        kind: "no_memory_task",
        ...common(ctx),
        stage,
        ordinal: stageOrdinal(ctx, stage),
        task_id: task.id,
        search_seed: ctx.config.seed,
        max_steps: ctx.config.max_steps,
      }, `${stage}:${task.id}`);
      NoMemoryOutcomeSchema.parse(value);
      const out = value as { result: TaskResult; usage: UsageRecord[] };
      addUsage(ledger, out.usage);
      return out.result;
    },
  };
}

/** A sweep executor (`SweepDeps.executor`) that runs each architecture as a queue job. */
export function sweepQueueExecutor(
  opts: QueueExecutorOptions & {
    benchmark: BenchmarkRef;
    embedder: Embedder;
    signal?: AbortSignal;
  },
): (req: SweepUnitRequest) => Promise<LandscapeEntry> {
  return async (req) => {
    const unit: WorkUnit = {
      kind: "sweep_architecture",
      code_version: UNIT_CODE_VERSION,
      benchmark: opts.benchmark,
      embedder: opts.embedder.id,
      models: opts.models,
      token_budget: null,
      dry_run: false,
      prices: {},
      spec: req.spec,
      task_ids: req.task_ids,
      sweep_seed: req.seed,
    };
    const id = jobIdOf("sweep", unit);
    const done = await Promise.race([opts.queue.submit(id, unit), failedAbort(opts.signal)]);
    SweepOutcomeSchema.parse(done.value);
    const entry = (done.value as { entry: LandscapeEntry }).entry;
    opts.onUnit?.({
      job_id: id,
      kind: "sweep_architecture",
      label: `sweep:${entry.fingerprint.slice(0, 12)}`,
      worker: done.worker,
    });
    return entry;
  };
}
