/**
 * `automem bench queue`: what distributing evaluations buys, measured in one run against
 * in-process baselines from the same run. Two workloads:
 *
 * - CPU-bound: a world sweep (offline agent, real memory) with 1 and 2 `automem worker`
 *   subprocesses beside the in-process sweep. Workers are separate processes, so 2 of them can
 *   use 2 cores where one process cannot.
 * - I/O-bound: a task-file sweep whose task model answers after a fixed latency (a scripted
 *   model), with 1, 4 and 16 queue workers beside in-process `--parallel` 1, 4 and 16.
 *
 * Every configuration starts from an empty queue (job ids are content-derived, so a second run
 * would re-attach to finished jobs) on a private `redis-server`; worker start-up is not timed.
 *
 * @module
 */
import { join } from "node:path";
import { createBenchmark } from "../../bench/registry.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { JobQueue, startQueueWorker } from "../../core/redis_queue.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { defaultServices } from "../services.ts";
import { createRng, sample } from "../../core/rng.ts";
import { allSpecs } from "../egas/random_proposer.ts";
import { pooled } from "../protocol/stage.ts";
import { evaluateArchitecture, type LandscapeEntry, runSweep } from "../sweep.ts";
import { sweepQueueExecutor, type SweepUnitRequest } from "./executor.ts";
import { runUnit } from "./run_unit.ts";
import { startTestRedis, startTestWorker, type TestRedis } from "./testing/mod.ts";

/** One measured configuration. */
export interface QueueBenchRow {
  workload: "cpu_world_sweep" | "io_scripted_sweep";
  mode: "in_process" | "queue";
  /** Workers (queue) or `--parallel` (in process). */
  n: number;
  architectures: number;
  wall_ms: number;
  /** Baseline wall time / this wall time (baseline: the same workload with n = 1). */
  speedup: number;
  /** speedup / n. */
  efficiency: number;
}

/** Options of {@linkcode runQueueBench}. */
export interface QueueBenchOptions {
  /** Architectures of the CPU-bound world sweep (default 8). */
  cpuArchitectures?: number;
  /** Architectures of the I/O-bound sweep (default 32). */
  ioArchitectures?: number;
  /** Fixed latency of every scripted model call (default 100 ms). */
  latencyMs?: number;
  /** Worker counts of the I/O-bound case (default 1, 4, 16). */
  ioWorkers?: number[];
  /** Tasks per architecture in the I/O-bound sweep (default 6). */
  ioTasks?: number;
  seed?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function latencyModel(ms: number): ScriptedModel {
  return new ScriptedModel({
    id: "scripted-latency",
    rules: [() => async () => {
      await sleep(ms);
      return "I do not know.";
    }],
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function row(
  base: Omit<QueueBenchRow, "speedup" | "efficiency">,
  baselineMs: number,
): QueueBenchRow {
  const speedup = baselineMs / base.wall_ms;
  return { ...base, speedup: +speedup.toFixed(2), efficiency: +(speedup / base.n).toFixed(2) };
}

async function cpuCase(
  redis: TestRedis,
  out: string,
  n: number,
  seed: number,
  emit: (r: QueueBenchRow) => void,
): Promise<void> {
  const benchmark = await createBenchmark("world", { seed });
  const sweep = (dir: string, executor?: Parameters<typeof runSweep>[1]["executor"]) =>
    runSweep({
      benchmark,
      split: "search",
      sizes: { warmup: 1, search: 6, validation: 1, test: 1 },
      sample: n,
      parallel: 2,
      seed,
      out: join(out, dir),
    }, { embedder: new HashEmbedder(), services: defaultServices, executor });
  const local = await timed(() => sweep("cpu-local"));
  const base = { workload: "cpu_world_sweep" as const, architectures: n };
  emit(row({ ...base, mode: "in_process", n: 1, wall_ms: Math.round(local) }, local));
  let oneWorker = 0;
  for (const workers of [1, 2]) {
    await redis.cli("flushall");
    const procs = Array.from(
      { length: workers },
      (_, i) => startTestWorker(redis.url, `bench-w${i + 1}`),
    );
    try {
      const ready = () => procs.every((p) => p.log().includes("waiting for jobs"));
      while (!ready()) await sleep(100);
      const queue = await JobQueue.open(redis.url, { pollMs: 200 });
      try {
        const ms = await timed(() =>
          sweep(
            `cpu-q${workers}`,
            sweepQueueExecutor({
              queue,
              models: { task: null, judge: null, memory: null },
              benchmark: { name: "world", options: { seed }, dataset_hash: benchmark.datasetHash },
              embedder: new HashEmbedder(),
            }),
          )
        );
        if (workers === 1) oneWorker = ms;
        emit(row({ ...base, mode: "queue", n: workers, wall_ms: Math.round(ms) }, oneWorker));
      } finally {
        await queue.close();
      }
    } finally {
      for (const p of procs) await p.kill("SIGTERM");
    }
  }
}

async function ioCase(
  redis: TestRedis,
  out: string,
  opts: Required<Omit<QueueBenchOptions, "seed">> & { seed: number },
  emit: (r: QueueBenchRow) => void,
): Promise<void> {
  // A small generated task file: the scripted model's latency is what the workload measures.
  const infile = join(out, "io_tasks.jsonl");
  await Deno.writeTextFile(
    infile,
    Array.from({ length: opts.ioTasks }, (_, i) =>
      JSON.stringify({
        id: `io-${i + 1}`,
        question: `What is ${i + 2} times ${i + 3}?`,
        level: 1 + (i % 3),
        answer: String((i + 2) * (i + 3)),
      })).join("\n") + "\n",
  );
  const options = { infile };
  const benchmark = await createBenchmark("file", options);
  const model = latencyModel(opts.latencyMs);
  const models = { task: model };
  const base = { workload: "io_scripted_sweep" as const, architectures: opts.ioArchitectures };
  // Graph stores are left out: each open Kùzu database reserves terabytes of address space, and
  // 16 of them in one process (the in-process baseline) exceed it.
  const specs = sample(
    createRng(`queue-bench:${opts.seed}`),
    allSpecs().filter((s) => s.store !== "graph" && s.store !== "llm_graph"),
    opts.ioArchitectures,
  );
  const tasks = benchmark.tasks();
  const evaluateAll = (
    dir: string,
    parallel: number,
    remote?: (req: SweepUnitRequest) => Promise<LandscapeEntry>,
  ) =>
    pooled(
      specs,
      parallel,
      (spec) =>
        remote
          ? remote({ spec, task_ids: tasks.map((t) => t.id), seed: opts.seed })
          : evaluateArchitecture(
            spec,
            { benchmark, tasks, seed: opts.seed, out: join(out, dir) },
            { embedder: new HashEmbedder(), models, services: defaultServices },
          ),
    );
  let local1 = 0;
  for (const n of opts.ioWorkers) {
    const ms = await timed(() => evaluateAll(`io-local-${n}`, n));
    if (n === opts.ioWorkers[0]) local1 = ms;
    emit(row({ ...base, mode: "in_process", n, wall_ms: Math.round(ms) }, local1));
  }
  let queue1 = 0;
  for (const n of opts.ioWorkers) {
    await redis.cli("flushall");
    const scratch = await Deno.makeTempDir({ dir: out });
    // In-process workers, one Redis connection and one job at a time each, sharing the
    // scripted model: the job's latency is a wait, as a remote model call would be.
    const workers = await Promise.all(Array.from({ length: n }, (_, i) =>
      startQueueWorker({
        url: redis.url,
        workerName: `io-w${i + 1}`,
        concurrency: 1,
        handler: (data) =>
          runUnit(data, {
            services: defaultServices,
            embedder: new HashEmbedder(),
            modelsFor: () => models,
            scratch,
          }),
      })));
    const queue = await JobQueue.open(redis.url, { pollMs: 200 });
    try {
      const ms = await timed(() =>
        evaluateAll(
          `io-q${n}`,
          n,
          sweepQueueExecutor({
            queue,
            models: { task: { model: model.id, base_url: null }, judge: null, memory: null },
            benchmark: { name: "file", options, dataset_hash: benchmark.datasetHash },
            embedder: new HashEmbedder(),
          }),
        )
      );
      if (n === opts.ioWorkers[0]) queue1 = ms;
      emit(row({ ...base, mode: "queue", n, wall_ms: Math.round(ms) }, queue1));
    } finally {
      await queue.close();
      for (const w of workers) await w.close();
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
    await cpuCase(redis, out, opts.cpuArchitectures ?? 8, seed, emit);
    await ioCase(redis, out, {
      ioArchitectures: opts.ioArchitectures ?? 32,
      latencyMs: opts.latencyMs ?? 100,
      ioWorkers: opts.ioWorkers ?? [1, 4, 16],
      cpuArchitectures: 0,
      ioTasks: opts.ioTasks ?? 6,
      seed,
    }, emit);
  } finally {
    await redis.stop();
    await Deno.remove(out, { recursive: true }).catch(() => {});
  }
}

/** A plain-text table of bench rows. */
export function formatQueueBench(rows: readonly QueueBenchRow[]): string {
  const head = "workload            mode        n  archs  wall_ms  speedup  efficiency";
  return [
    head,
    ...rows.map((r) =>
      `${r.workload.padEnd(19)} ${r.mode.padEnd(10)} ${String(r.n).padStart(2)} ${
        String(r.architectures).padStart(6)
      } ${String(r.wall_ms).padStart(8)} ${r.speedup.toFixed(2).padStart(8)} ${
        r.efficiency.toFixed(2).padStart(11)
      }`
    ),
  ].join("\n");
}
