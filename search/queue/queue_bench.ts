/**
 * `automem bench queue`: what distributing evaluations buys, measured in one run against
 * baselines from the same run. Two workloads:
 *
 * - CPU-bound: a world sweep (offline agent, real memory) in-process and with 1 and 2
 *   `automem worker` subprocesses. Workers are separate processes, so 2 of them can use 2 cores
 *   where one process cannot.
 * - I/O-bound (`queue_bench_io.ts`): a task-file sweep whose task model is an HTTP endpoint
 *   answering after a fixed latency, with 1, 4 and 16 job slots in-process (`--parallel`) and
 *   on `automem worker` subprocesses.
 *
 * Every configuration starts from an empty queue (job ids are content-derived, so a second run
 * would re-attach to finished jobs) on a private `redis-server`; worker start-up is not timed.
 *
 * @module
 */
import { join } from "node:path";
import { createBenchmark } from "../../bench/registry.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { JobQueue } from "../../core/redis_queue.ts";
import { defaultServices } from "../services.ts";
import { runSweep } from "../sweep.ts";
import { sweepQueueExecutor } from "./executor.ts";
import { benchRow, ioCase, type QueueBenchRow, startWorkers } from "./queue_bench_io.ts";
import { startTestRedis, type TestRedis } from "./testing/mod.ts";

export type { QueueBenchRow } from "./queue_bench_io.ts";

/** Options of {@linkcode runQueueBench}. */
export interface QueueBenchOptions {
  /** Architectures of the CPU-bound world sweep (default 16). */
  cpuArchitectures?: number;
  /** Architectures of the I/O-bound sweep (default 32). */
  ioArchitectures?: number;
  /** Fixed latency of every model call in the I/O-bound case (default 100 ms). */
  latencyMs?: number;
  /** Job slots of the I/O-bound case (default 1, 4, 16). */
  ioSlots?: number[];
  /** Most worker processes in the I/O-bound case; more slots become `--concurrency` (default 16). */
  ioProcesses?: number;
  /** Tasks per architecture in the I/O-bound sweep (default 6). */
  ioTasks?: number;
  /** Untimed jobs per job slot before each timed queue pass (default 4). */
  warmUpJobsPerSlot?: number;
  /** Skip the CPU-bound case. */
  ioOnly?: boolean;
  seed?: number;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The split sizes `automem sweep` uses by default: each architecture runs the 100 search tasks. */
const SWEEP_SIZES = { warmup: 19, search: 100, validation: 30, test: 15 };

async function cpuCase(
  redis: TestRedis,
  out: string,
  opts: { architectures: number; seed: number; warmUpJobsPerSlot: number },
  emit: (r: QueueBenchRow) => void,
): Promise<void> {
  const { architectures: n, seed } = opts;
  const benchmark = await createBenchmark("world", { seed });
  const sweep = (
    dir: string,
    parallel: number,
    executor?: Parameters<typeof runSweep>[1]["executor"],
    warmUp?: { sample: number; seed: number },
  ) =>
    runSweep({
      benchmark,
      split: "search",
      sizes: SWEEP_SIZES,
      sample: warmUp?.sample ?? n,
      parallel,
      seed: warmUp?.seed ?? seed,
      out: join(out, dir),
    }, { embedder: new HashEmbedder(), services: defaultServices, executor });
  const base = { workload: "cpu_world_sweep" as const, architectures: n };
  let local1 = 0;
  for (const parallel of [1, 2]) {
    const ms = await timed(() => sweep(`cpu-local-${parallel}`, parallel));
    if (parallel === 1) local1 = ms;
    emit(benchRow(
      {
        ...base,
        mode: "in_process",
        n: parallel,
        layout: `1x${parallel}`,
        wall_ms: Math.round(ms),
      },
      local1,
    ));
  }
  let oneWorker = 0;
  for (const workers of [1, 2]) {
    await redis.cli("flushall");
    const procs = await startWorkers(redis.url, workers, 1, {}, "cpu-w");
    try {
      const queue = await JobQueue.open(redis.url);
      try {
        const executor = sweepQueueExecutor({
          queue,
          models: { task: null, judge: null, memory: null },
          benchmark: { name: "world", options: { seed }, dataset_hash: benchmark.datasetHash },
          embedder: new HashEmbedder(),
        });
        // Two submissions per worker keep the next job waiting in Redis while one runs, as a
        // user's `--parallel` above the worker count does; with exactly one per worker each
        // worker would idle while the coordinator records a result and submits the next unit.
        const depth = 2 * workers;
        // Fresh workers pay one-off costs (module initialisation, JIT, the Kùzu addon) on their
        // first jobs; another seed's architectures (other job ids) take them, untimed.
        const warmMs = await timed(() =>
          sweep(`cpu-q${workers}-warm`, depth, executor, {
            sample: opts.warmUpJobsPerSlot * workers,
            seed: seed + 1,
          })
        );
        const ms = await timed(() => sweep(`cpu-q${workers}`, depth, executor));
        if (workers === 1) oneWorker = ms;
        emit(benchRow({
          ...base,
          mode: "queue",
          n: workers,
          layout: `${workers}x1`,
          wall_ms: Math.round(ms),
          warm_up_ms: Math.round(warmMs),
        }, oneWorker));
      } finally {
        await queue.close();
      }
    } finally {
      for (const p of procs) await p.kill("SIGTERM");
    }
  }
}

/** Runs both workloads; `emit` receives each row as soon as it is measured. */
export async function runQueueBench(
  opts: QueueBenchOptions,
  emit: (r: QueueBenchRow) => void,
): Promise<void> {
  const redis = await startTestRedis();
  const out = await Deno.makeTempDir({ prefix: "automem-queue-bench-" });
  try {
    const seed = opts.seed ?? 42;
    const warmUpJobsPerSlot = opts.warmUpJobsPerSlot ?? 4;
    if (!opts.ioOnly) {
      await cpuCase(redis, out, {
        architectures: opts.cpuArchitectures ?? 16,
        seed,
        warmUpJobsPerSlot,
      }, emit);
    }
    const maxProcesses = opts.ioProcesses ?? 16;
    await ioCase(redis, out, {
      architectures: opts.ioArchitectures ?? 32,
      latencyMs: opts.latencyMs ?? 100,
      slots: opts.ioSlots ?? [1, 4, 16],
      tasks: opts.ioTasks ?? 6,
      processesFor: (slots) => Math.min(slots, maxProcesses),
      warmUpJobsPerSlot,
      seed,
    }, emit);
  } finally {
    await redis.stop();
    await Deno.remove(out, { recursive: true }).catch(() => {});
  }
}

/** A plain-text table of bench rows. */
export function formatQueueBench(rows: readonly QueueBenchRow[]): string {
  const head = "workload          mode         n  layout  archs  wall_ms  speedup  efficiency";
  return [
    head,
    ...rows.map((r) =>
      `${r.workload.padEnd(17)} ${r.mode.padEnd(10)} ${String(r.n).padStart(3)}  ${
        r.layout.padEnd(6)
      } ${String(r.architectures).padStart(6)} ${String(r.wall_ms).padStart(8)} ${
        r.speedup.toFixed(2).padStart(8)
      } ${r.efficiency.toFixed(2).padStart(11)}`
    ),
  ].join("\n");
}
