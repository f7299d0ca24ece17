/**
 * A worker's side of distributed evaluation: runs one unit of work through the very functions
 * the in-process path uses (`runArchitecture`, the benchmark's `runTask`, `evaluateArchitecture`)
 * in a private scratch directory, and returns what the coordinator records. A unit whose code
 * version, embedder or benchmark dataset hash differs from this worker's is refused: its result
 * would not be the one the coordinator's protocol promises.
 *
 * @module
 */
import { FaultTracker } from "../../core/infra_fault.ts";
import { join } from "node:path";
import type { Benchmark, BenchTask } from "../../bench/benchmark_port.ts";
import type { BenchmarkOptions } from "../../bench/registry.ts";
import { canonicalJson } from "../../core/canonical_json.ts";
import type { ChatModel, Embedder } from "../../core/ports.ts";
import { PromiseCache } from "../../core/promise_cache.ts";
import { createRng } from "../../core/rng.ts";
import { tokenCapped } from "../../core/token_cap.ts";
import { type PriceTable, UsageLedger } from "../../core/usage.ts";
import { AutomemError } from "../../core/automem_error.ts";
import { parseSearchConfig } from "../config.ts";
import { logicalStageClock, type SearchModels } from "../deps.ts";
import type { EventLog } from "../events.ts";
import { meteredTaskModels, runArchitecture, type RunContext } from "../protocol/stage.ts";
import { removeIfPresent, RunDir } from "../../run_dir/run_dir.ts";
import { poolIo } from "../protocol/pool_io.ts";
import type { SearchServices } from "../service_port.ts";
import { evaluateArchitecture } from "../sweep.ts";
import {
  type ArchitectureUnit,
  type ModelRefs,
  type NoMemoryTaskUnit,
  type SweepUnit,
  UNIT_CODE_VERSION,
  type WorkUnit,
  WorkUnitSchema,
} from "./units.ts";

/** A unit this worker must not run (the job fails at once, without retries). */
export class UnitRefusedError extends AutomemError {
  /** Builds the error. */
  constructor(message: string) {
    super("unit_refused", message);
    this.name = "UnitRefusedError";
  }
}

/**
 * The payload parsed by `schema`, or {@linkcode UnitRefusedError} when it comes from another
 * automem version or does not parse. The version is checked first: another version's payload
 * may not even parse.
 */
export function acceptUnit<T>(
  payload: unknown,
  schema: { safeParse(p: unknown): ParseResult<T> },
): T {
  const version = (payload as { code_version?: unknown } | null)?.code_version;
  if (version !== UNIT_CODE_VERSION) {
    throw new UnitRefusedError(
      `code version ${
        String(version)
      } of the coordinator differs from this worker's ${UNIT_CODE_VERSION} (release/engine/digest of the code and data that decide results); run the same automem code everywhere`,
    );
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new UnitRefusedError(`malformed job: ${i.path.join(".") || "(root)"}: ${i.message}`);
  }
  return parsed.data;
}

/** What a zod `safeParse` returns, as far as {@linkcode acceptUnit} reads it. */
type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/** What a worker runs units with. */
export interface WorkerEnv {
  services: SearchServices;
  embedder: Embedder;
  /** Chat models for the referenced roles, with this worker's own keys. */
  modelsFor(refs: ModelRefs): { task?: ChatModel; judge?: ChatModel; memory?: ChatModel };
  /** Scratch directory for stores while a unit runs. */
  scratch: string;
  signal?: AbortSignal;
  /** Each task a unit finished (progress; also yields to the event loop between tasks). */
  onTask?: (done: number, total: number) => Promise<void> | void;
}

/** Benchmarks by settings: building one (world generation, data loading) is not free. */
const benchmarks = new PromiseCache<Benchmark>();

async function benchmarkFor(env: WorkerEnv, unit: WorkUnit): Promise<Benchmark> {
  const key = canonicalJson({ name: unit.benchmark.name, options: unit.benchmark.options });
  const b = benchmarks.get(
    key,
    () =>
      env.services.createBenchmark(
        unit.benchmark.name,
        unit.benchmark.options as BenchmarkOptions,
      ),
  );
  const benchmark = await b.catch((e) => {
    throw new UnitRefusedError(
      `cannot build benchmark ${unit.benchmark.name} on this worker: ${(e as Error).message}`,
    );
  });
  if (benchmark.datasetHash !== unit.benchmark.dataset_hash) {
    throw new UnitRefusedError(
      `benchmark ${unit.benchmark.name}: this worker's dataset hash ${
        benchmark.datasetHash.slice(0, 12)
      } differs from the coordinator's ${
        unit.benchmark.dataset_hash.slice(0, 12)
      } (different data file or generator version)`,
    );
  }
  return benchmark;
}

function tasksById(benchmark: Benchmark, ids: readonly string[]): BenchTask[] {
  const byId = new Map(benchmark.tasks().map((t) => [t.id, t]));
  return ids.map((id) => {
    const t = byId.get(id);
    if (!t) throw new UnitRefusedError(`benchmark ${benchmark.id} has no task ${id}`);
    return t;
  });
}

function modelsOf(env: WorkerEnv, unit: WorkUnit): SearchModels {
  if (unit.dry_run) return {};
  const raw = env.modelsFor(unit.models);
  const cap = (m?: ChatModel) =>
    m && unit.token_budget !== null ? tokenCapped(m, unit.token_budget) : m;
  return { task: cap(raw.task), judge: cap(raw.judge), memory: cap(raw.memory) };
}

/** A run context over the worker's scratch directory, shaped as the coordinator's. */
function contextFor(
  env: WorkerEnv,
  unit: ArchitectureUnit | NoMemoryTaskUnit,
  benchmark: Benchmark,
  dir: string,
): RunContext {
  const parsed = parseSearchConfig({
    run_name: "worker",
    output_dir: dir,
    seed: unit.search_seed,
    max_steps: unit.max_steps,
    no_canonical_import: unit.kind === "architecture" ? unit.no_canonical_import : false,
    dry_run: unit.dry_run,
    parallel: 1,
  });
  if (!parsed.ok) throw new UnitRefusedError(`invalid unit settings: ${parsed.issues[0].message}`);
  const tasks = benchmark.tasks();
  let done = 0;
  const total = unit.kind === "architecture" ? unit.task_ids.length : 1;
  const prices = unit.prices as PriceTable;
  return {
    config: parsed.value,
    dir: new RunDir(dir),
    benchmark,
    tasks,
    taskById: new Map(tasks.map((t) => [t.id, t])),
    split: {} as RunContext["split"],
    folds: {} as RunContext["folds"],
    deps: { models: {}, embedder: env.embedder, prices },
    services: env.services,
    events: {
      emit: async (e: Parameters<EventLog["emit"]>[0]) => {
        if (e.type === "task_finished") await env.onTask?.(++done, total);
      },
    } as unknown as EventLog,
    models: modelsOf(env, unit),
    stageClock: logicalStageClock,
    rng: createRng(`search:${unit.search_seed}`),
    // A worker trips on infrastructure faults like the coordinator does; the job then fails and
    // is retried, and a job that keeps failing fails its candidate.
    faults: new FaultTracker(),
    signal: env.signal,
  };
}

async function runArchitectureUnit(env: WorkerEnv, unit: ArchitectureUnit, dir: string) {
  const benchmark = await benchmarkFor(env, unit);
  const tasks = tasksById(benchmark, unit.task_ids);
  const ctx = contextFor(env, unit, benchmark, dir);
  const ledger = new UsageLedger({
    prices: ctx.deps.prices,
    clock: logicalStageClock(unit.ordinal),
  });
  const run = await runArchitecture(ctx, {
    sink: {
      stage: unit.stage,
      round: unit.round,
      candidate: unit.candidate,
      configId: unit.config_id,
      tasksDir: join(dir, "tasks"),
    },
    stage: unit.stage,
    ordinal: unit.ordinal,
    label: unit.label,
    spec: unit.spec,
    dir,
    tasks,
    seedPool: unit.seed_pool &&
      await (await poolIo(benchmark)).unpack(unit.seed_pool, `job ${unit.label}`),
    ledger,
  });
  const pool = await (await poolIo(benchmark)).pack(run.pool);
  return { results: run.results, pool, usage: ledger.toJSON() };
}

async function runNoMemoryUnit(env: WorkerEnv, unit: NoMemoryTaskUnit, dir: string) {
  const benchmark = await benchmarkFor(env, unit);
  const [task] = tasksById(benchmark, [unit.task_id]);
  const ctx = contextFor(env, unit, benchmark, dir);
  const ledger = new UsageLedger({
    prices: ctx.deps.prices,
    clock: logicalStageClock(unit.ordinal),
  });
  const models = meteredTaskModels(ctx, ledger);
  const result = await benchmark.runTask(task, env.services.noMemory(), {
    model: models.task,
    judge: models.judge,
    clock: logicalStageClock(unit.ordinal),
    rng: ctx.rng.fork(`${unit.stage}:${task.id}`),
    signal: env.signal,
    maxSteps: unit.max_steps,
  });
  await env.onTask?.(1, 1);
  return { result, usage: ledger.toJSON() };
}

async function runSweepUnit(env: WorkerEnv, unit: SweepUnit, dir: string) {
  const benchmark = await benchmarkFor(env, unit);
  const tasks = tasksById(benchmark, unit.task_ids);
  const entry = await evaluateArchitecture(unit.spec, {
    benchmark,
    tasks,
    seed: unit.sweep_seed,
    out: dir,
  }, {
    embedder: env.embedder,
    models: modelsOf(env, unit),
    services: env.services,
    signal: env.signal,
  });
  await env.onTask?.(tasks.length, tasks.length);
  return { entry };
}

/**
 * Runs one job payload and returns its outcome. Throws {@linkcode UnitRefusedError} for a
 * payload this worker cannot run faithfully (bad shape, other code version, other embedder,
 * other data); other errors are the unit's own failures.
 */
export async function runUnit(payload: unknown, env: WorkerEnv): Promise<unknown> {
  const unit = acceptUnit(payload, WorkUnitSchema);
  if (unit.embedder !== env.embedder.id) {
    throw new UnitRefusedError(
      `embedder ${unit.embedder} of the coordinator differs from this worker's ${env.embedder.id}`,
    );
  }
  const dir = await Deno.makeTempDir({ dir: env.scratch, prefix: `${unit.kind}-` });
  try {
    // The raw payload, not the parsed copy: schema defaults must not reshape the seed pool.
    const raw = payload as WorkUnit;
    if (unit.kind === "architecture") {
      return await runArchitectureUnit(env, raw as ArchitectureUnit, dir);
    }
    if (unit.kind === "no_memory_task") {
      return await runNoMemoryUnit(env, raw as NoMemoryTaskUnit, dir);
    }
    return await runSweepUnit(env, raw as SweepUnit, dir);
  } finally {
    await removeIfPresent(dir);
  }
}
