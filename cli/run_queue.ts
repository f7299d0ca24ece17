/**
 * `automem run --queue URL`: every selected task of a run without memory is one queue job.
 * The coordinator (`run_execute.ts`) loads the task file, submits the tasks and writes each
 * result file, the JSONL and the report exactly as in-process; a worker (`automem worker`)
 * opens the same task file, builds the web toolkit (`web_toolkit.ts`) and runs the task with the
 * research agent. A job carries the file's path and hash, filters, limits, seeds, model ids and
 * non-secret endpoints, never a key. With a spec, tasks share one evolving memory, so such runs
 * stay in-process.
 *
 * @module
 */
import { resolve } from "node:path";
import { z } from "../core/zod.ts";
import { abortRejection } from "../core/abort_rejection.ts";
import { AutomemError } from "../core/automem_error.ts";
import { canonicalJson, sha256Hex } from "../core/canonical_json.ts";
import { PromiseCache } from "../core/promise_cache.ts";
import { logicalClock, systemClock } from "../core/clock.ts";
import type { ChatModel } from "../core/ports.ts";
import { createRng } from "../core/rng.ts";
import { tokenCapped } from "../core/token_cap.ts";
import { NoMemoryProvider } from "../memory/no_memory.ts";
import type { BenchTask } from "../bench/benchmark_port.ts";
import type { WebBenchmark, WebTaskRecord } from "../bench/web_bench/benchmark.ts";
import { webKindOf } from "../bench/web_bench/kinds.ts";
import { openWebBenchmark } from "../bench/web_bench/open.ts";
import type { WebToolkit } from "../bench/web_bench/toolkit.ts";
import { ModelRefsSchema, UNIT_CODE_VERSION } from "../search/queue/units.ts";
import { acceptUnit, UnitRefusedError } from "../search/queue/run_unit.ts";
import type { Flags } from "./args.ts";
import type { CliIo } from "./io.ts";

/** One task of `automem run` as a job payload. */
export const RunTaskUnitSchema = z.object({
  kind: z.literal("run_task"),
  code_version: z.string(),
  benchmark: z.string(),
  /** Absolute path of the task file; workers must see the same file there. */
  infile: z.string(),
  dataset_hash: z.string(),
  filters: z.record(z.string(), z.unknown()),
  limits: z.record(z.string(), z.unknown()),
  ingest: z.boolean(),
  /** How answers are graded (`official` when an older coordinator sent none). */
  scorer: z.enum(["official", "judge"]).default("official"),
  task_id: z.string(),
  seed: z.number(),
  max_steps: z.number().int().positive(),
  token_budget: z.number().int().positive(),
  models: ModelRefsSchema,
  offline: z.boolean(),
  toolkit: z.object({ allow_private: z.boolean(), fixture_port: z.number().int().nullable() }),
  /** The coordinator's web search provider and page reader (names only; null: fixture web). */
  web: z.object({ search: z.string().nullable(), reader: z.string() }).nullable(),
});
/** A run-task payload. */
export type RunTaskUnit = z.infer<typeof RunTaskUnitSchema>;

/** What a run-task job returns: the task's full record, as in-process `runWebTask` gives it. */
const RunTaskOutcomeSchema = z.object({
  record: z.looseObject({ item_index: z.number(), task_id: z.string(), result: z.looseObject({}) }),
});

/** Whether a job payload is a run task (the worker routes those here). */
export function isRunTaskPayload(payload: unknown): boolean {
  return (payload as { kind?: unknown } | null)?.kind === "run_task";
}

/** The job id of a run task: its benchmark, item and payload hash. */
export function runTaskJobId(unit: RunTaskUnit, item: number): string {
  return `am-run-${unit.benchmark.toLowerCase()}-${item}-${
    sha256Hex(canonicalJson(unit)).slice(0, 32)
  }`;
}

/** A queue as the coordinator of a run uses it. */
export interface RunTaskQueue {
  submit(id: string, data: unknown): Promise<{ value: unknown; worker: string }>;
}

/** The remote task runner of `runWebTasks`: submits `unitOf(task)` and returns its record. */
export function queuedTaskRunner(
  queue: RunTaskQueue,
  unitOf: (task: BenchTask) => RunTaskUnit,
  onDone: (item: number, worker: string) => void,
  signal?: AbortSignal,
): (task: BenchTask) => Promise<WebTaskRecord> {
  const interrupted = abortRejection(
    signal,
    () => new AutomemError("interrupted", "interrupted while waiting for queued tasks"),
  );
  return async (task) => {
    const item = Number(task.metadata.item_index);
    const unit = unitOf(task);
    const done = await Promise.race([queue.submit(runTaskJobId(unit, item), unit), interrupted]);
    const parsed = RunTaskOutcomeSchema.safeParse(done.value);
    if (!parsed.success) {
      throw new UnitRefusedError(`worker ${done.worker} returned a malformed result for ${item}`);
    }
    onDone(item, done.worker);
    // The raw record, not the parsed copy: parsing reorders keys, and the task file keeps them.
    return (done.value as { record: WebTaskRecord }).record;
  };
}

/** What a worker runs run tasks with. */
export interface RunTaskEnv {
  /** The toolkit for a benchmark (a worker builds each once and keeps it). */
  toolkitFor(
    benchmark: string,
    opts: { offline: boolean; allowPrivate: boolean; fixturePort?: number },
  ): Promise<WebToolkit>;
  /** Chat models for the job's references, with this worker's keys (`cache`: false for protected). */
  modelsFor(
    refs: RunTaskUnit["models"],
    cache: boolean,
  ): { task?: ChatModel; judge?: ChatModel };
  /** This worker's web search provider and page reader (what its toolkit would use). */
  web: { search: string | null; reader: string };
  signal?: AbortSignal;
}

/** A worker's run-task handler; benchmarks are kept per task file, toolkit and settings. */
export function runTaskRunner(env: RunTaskEnv): (payload: unknown) => Promise<unknown> {
  const benchmarks = new PromiseCache<WebBenchmark>();
  return async (payload) => {
    const unit = acceptUnit(payload, RunTaskUnitSchema);
    const kind = webKindOf(unit.benchmark);
    if (!kind) throw new UnitRefusedError(`unknown benchmark ${unit.benchmark}`);
    // Another search provider or reader gives the agent other pages: not the run asked for.
    if (
      unit.web &&
      (unit.web.search !== env.web.search || unit.web.reader !== env.web.reader)
    ) {
      throw new UnitRefusedError(
        `web tools differ: the coordinator searches with ${
          unit.web.search ?? "no provider"
        } and reads with ${unit.web.reader}, this worker with ${
          env.web.search ?? "no provider"
        } and ${env.web.reader} (configure the same web variables on both)`,
      );
    }
    const models = unit.offline ? {} : env.modelsFor(unit.models, !kind.protected);
    const model = models.task && tokenCapped(models.task, unit.token_budget);
    const judge = models.judge && tokenCapped(models.judge, 4096);
    const offline = unit.offline || !model;
    const toolkitOpts = {
      offline,
      allowPrivate: unit.toolkit.allow_private,
      ...(unit.toolkit.fixture_port === null ? {} : { fixturePort: unit.toolkit.fixture_port }),
    };
    const key = canonicalJson([
      unit.benchmark,
      resolve(unit.infile),
      unit.filters,
      unit.limits,
      unit.ingest,
      unit.scorer,
      toolkitOpts,
    ]);
    const opened = benchmarks.get(key, async () =>
      openWebBenchmark(kind, unit.infile, {
        toolkit: await env.toolkitFor(unit.benchmark, toolkitOpts),
        filters: unit.filters,
        limits: unit.limits,
        ingest: unit.ingest,
        scorer: unit.scorer,
      }));
    const benchmark = await opened.catch((e) => {
      throw new UnitRefusedError(
        `cannot open ${unit.benchmark} file ${unit.infile} on this worker: ${(e as Error).message}`,
      );
    });
    if (benchmark.datasetHash !== unit.dataset_hash) {
      throw new UnitRefusedError(
        `${unit.infile}: this worker's file hash ${
          benchmark.datasetHash.slice(0, 12)
        } differs from the coordinator's ${unit.dataset_hash.slice(0, 12)}`,
      );
    }
    const task = benchmark.tasks().find((t) => t.id === unit.task_id);
    if (!task) throw new UnitRefusedError(`${unit.infile} has no task ${unit.task_id}`);
    const record = await benchmark.runWebTask(task, new NoMemoryProvider(), {
      model,
      judge,
      clock: model ? systemClock : logicalClock(),
      signal: env.signal,
      maxSteps: unit.max_steps,
      rng: createRng(`run:${kind.key}:${unit.seed}`).fork(task.id),
    });
    return { record };
  };
}

/** The settings every task of one run shares. */
export type RunTaskBase = Omit<RunTaskUnit, "kind" | "code_version" | "task_id">;

/** The coordinator's queue for `automem run --queue` (its URL comes from the flags). */
export interface RunQueue {
  /** The remote runner of `runWebTasks` for tasks with `base` settings. */
  runner(base: RunTaskBase): (task: BenchTask) => Promise<WebTaskRecord>;
  close(): Promise<void>;
}

/** Opens `--queue` for a run; `log` gets one line per task naming the worker that ran it. */
export async function openRunQueue(
  flags: Flags,
  io: CliIo,
  log: (line: string) => void,
): Promise<RunQueue> {
  const { openQueue } = await import("./queue_open.ts");
  const queue = (await openQueue(flags, io))!;
  return {
    runner: (base) =>
      queuedTaskRunner(
        queue,
        (task) => ({
          kind: "run_task",
          code_version: UNIT_CODE_VERSION,
          ...base,
          task_id: task.id,
        }),
        (item, worker) => log(`queue: item ${item} done on ${worker}\n`),
        io.signal,
      ),
    close: () => queue.close(),
  };
}
