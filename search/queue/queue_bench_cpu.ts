/**
 * The CPU-bound workload of `automem bench queue`: a world sweep (offline agent, real memory) of
 * the sizes `automem sweep` runs by default, in-process with `--parallel 1` and `2`, and through
 * the queue on 1 and 2 `automem worker` subprocesses. This machine's speed varies by tens of
 * percent from minute to minute, so the four configurations run in interleaved rounds and each
 * row reports the median round: a configuration measured in a slow minute is compared with
 * neighbours measured in the same minute.
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
import { type QueueBenchRow, startWorkers, timed } from "./queue_bench_io.ts";
import type { TestRedis } from "./testing/mod.ts";
import { median } from "../../core/median.ts";

/** The split sizes `automem sweep` uses by default: each architecture runs the 100 search tasks. */
export const SWEEP_SIZES = { warmup: 19, search: 100, validation: 30, test: 15 };

/** Settings of the CPU-bound case. */
export interface CpuCaseOptions {
  architectures: number;
  seed: number;
  /** Untimed jobs per worker before each timed queue pass. */
  warmUpJobsPerSlot: number;
  /** Interleaved rounds of the four configurations. */
  rounds: number;
  sizes?: typeof SWEEP_SIZES;
}

type Executor = Parameters<typeof runSweep>[1]["executor"];

/** Measures the CPU-bound case; `emit` receives the four rows once every round ran. */
export async function cpuCase(
  redis: TestRedis,
  out: string,
  opts: CpuCaseOptions,
  emit: (r: QueueBenchRow) => void,
): Promise<void> {
  const { architectures: n, seed } = opts;
  const benchmark = await createBenchmark("world", { seed });
  const sweep = (dir: string, parallel: number, executor?: Executor, warmUp?: number) =>
    runSweep({
      benchmark,
      split: "search",
      sizes: opts.sizes ?? SWEEP_SIZES,
      sample: warmUp ?? n,
      parallel,
      // Warm-up architectures come from another seed, so their job ids differ from the timed ones.
      seed: warmUp ? seed + 1 : seed,
      out: join(out, dir),
    }, { embedder: new HashEmbedder(), services: defaultServices, executor });
  const queued = async (workers: number, round: number) => {
    await redis.cli("flushall");
    // The workers embed as the coordinator's sweep does (the hash embedder), or they refuse its jobs.
    const env = { AUTOMEM_EMBEDDER: "hash" };
    const procs = await startWorkers(redis.url, workers, 1, env, `cpu${round}-w`);
    const queue = await JobQueue.open(redis.url);
    try {
      const executor = sweepQueueExecutor({
        queue,
        models: { task: null, judge: null, memory: null },
        benchmark: { name: "world", options: { seed }, dataset_hash: benchmark.datasetHash },
        embedder: new HashEmbedder(),
      });
      // Two submissions per worker keep the next job waiting in Redis while one runs, as a
      // user's `--parallel` above the worker count does; with one per worker, each worker would
      // idle while the coordinator records a result and submits the next unit.
      const depth = 2 * workers;
      // Fresh workers pay one-off costs (module initialisation, JIT, the Kùzu addon) on their
      // first jobs; a long-lived worker pays them once, so these jobs go first, untimed.
      const warm = await timed(() =>
        sweep(`q${workers}-${round}-warm`, depth, executor, opts.warmUpJobsPerSlot * workers)
      );
      return { ms: await timed(() => sweep(`q${workers}-${round}`, depth, executor)), warm };
    } finally {
      await queue.close();
      for (const p of procs) await p.kill("SIGTERM");
    }
  };
  const walls = {
    local1: [] as number[],
    local2: [] as number[],
    q1: [] as number[],
    q2: [] as number[],
  };
  const warm = { q1: [] as number[], q2: [] as number[] };
  for (let round = 0; round < opts.rounds; round++) {
    walls.local1.push(await timed(() => sweep(`local1-${round}`, 1)));
    walls.local2.push(await timed(() => sweep(`local2-${round}`, 2)));
    for (const w of [1, 2] as const) {
      const r = await queued(w, round);
      walls[`q${w}`].push(r.ms);
      warm[`q${w}`].push(r.warm);
    }
  }
  const base = { workload: "cpu_world_sweep" as const, architectures: n, rounds: opts.rounds };
  const row = (
    mode: QueueBenchRow["mode"],
    slots: number,
    wall: number[],
    baseline: number[],
    warmUp?: number[],
  ): QueueBenchRow => {
    const ratios = wall.map((ms, i) => baseline[i] / ms);
    const speedup = median(ratios);
    return {
      ...base,
      mode,
      n: slots,
      layout: mode === "queue" ? `${slots}x1` : `1x${slots}`,
      wall_ms: Math.round(median(wall)),
      ...(warmUp ? { warm_up_ms: Math.round(median(warmUp)) } : {}),
      round_speedups: ratios.map((r) => +r.toFixed(2)),
      speedup: +speedup.toFixed(2),
      efficiency: +(speedup / slots).toFixed(2),
    };
  };
  emit(row("in_process", 1, walls.local1, walls.local1));
  emit(row("in_process", 2, walls.local2, walls.local1));
  emit(row("queue", 1, walls.q1, walls.q1, warm.q1));
  emit(row("queue", 2, walls.q2, walls.q1, warm.q2));
}
