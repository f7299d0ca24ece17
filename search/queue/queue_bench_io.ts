/**
 * The I/O-bound workload of `automem bench queue`: a task-file sweep whose task model is a
 * remote endpoint answering after a fixed latency ({@linkcode startLatencyEndpoint}). In-process
 * it runs with `--parallel n`; through the queue, `automem worker` subprocesses (as a user
 * starts them) hold n job slots in all. The endpoint, Redis and the coordinator share this
 * process; every worker is its own process.
 *
 * @module
 */
import { join } from "node:path";
import { createBenchmark } from "../../bench/registry.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { createOpenAIChatModel } from "../../core/openai_adapter.ts";
import { JobQueue } from "../../core/redis_queue.ts";
import { createRng, sample } from "../../core/rng.ts";
import { allSpecs } from "../egas/random_proposer.ts";
import { pooled } from "../protocol/stage.ts";
import { defaultServices } from "../services.ts";
import { evaluateArchitecture, type LandscapeEntry } from "../sweep.ts";
import { sweepQueueExecutor, type SweepUnitRequest } from "./executor.ts";
import {
  startLatencyEndpoint,
  startTestWorker,
  type TestRedis,
  type TestWorker,
} from "./testing/mod.ts";

/** One measured configuration. */
export interface QueueBenchRow {
  workload: "cpu_world_sweep" | "io_latency_sweep";
  mode: "in_process" | "queue";
  /** Job slots: workers × concurrency (queue) or `--parallel` (in process). */
  n: number;
  /** Worker processes × concurrency each (queue); `1x<parallel>` in process. */
  layout: string;
  architectures: number;
  wall_ms: number;
  /** Queue: the untimed warm-up pass (warm-up jobs per slot on fresh workers) before `wall_ms`. */
  warm_up_ms?: number;
  /** CPU case: interleaved rounds; `wall_ms` and `speedup` are their medians. */
  rounds?: number;
  /** CPU case: each round's speed-up against the same round's baseline. */
  round_speedups?: number[];
  /** Baseline wall time / this wall time (baseline: the same mode with the smallest n). */
  speedup: number;
  /** speedup / n. */
  efficiency: number;
}

/** Settings of the I/O-bound case. */
export interface IoCaseOptions {
  architectures: number;
  latencyMs: number;
  tasks: number;
  /** Job slots to measure (each in process and through the queue). */
  slots: number[];
  /** Worker processes for `slots` job slots (the rest is `--concurrency`). */
  processesFor: (slots: number) => number;
  seed: number;
  /** Untimed jobs per slot before each queue configuration's timed pass. */
  warmUpJobsPerSlot: number;
  /** Each queue configuration's worker logs (stderr), once its workers stopped. */
  onWorkerLogs?: (logs: string[]) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wall time of `fn` in ms. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** A row with its speed-up and efficiency against `baselineMs` (measured with `baselineN`). */
export function benchRow(
  base: Omit<QueueBenchRow, "speedup" | "efficiency">,
  baselineMs: number,
  baselineN = 1,
): QueueBenchRow {
  const speedup = baselineMs / base.wall_ms;
  return {
    ...base,
    speedup: +speedup.toFixed(2),
    efficiency: +(speedup * baselineN / base.n).toFixed(2),
  };
}

/** Starts `processes` worker subprocesses and waits until all take jobs. */
export async function startWorkers(
  url: string,
  processes: number,
  concurrency: number,
  env: Record<string, string>,
  prefix: string,
): Promise<TestWorker[]> {
  const procs = Array.from(
    { length: processes },
    (_, i) =>
      startTestWorker(url, `${prefix}${i + 1}`, ["--concurrency", String(concurrency)], env),
  );
  const deadline = Date.now() + 120_000;
  while (!procs.every((p) => p.log().includes("waiting for jobs"))) {
    if (Date.now() > deadline) {
      for (const p of procs) await p.kill();
      throw new Error(`workers did not start: ${procs.map((p) => p.log()).join("\n")}`);
    }
    await sleep(100);
  }
  return procs;
}

/** Measures the I/O-bound case; `emit` receives each row as it is measured. */
export async function ioCase(
  redis: TestRedis,
  out: string,
  opts: IoCaseOptions,
  emit: (r: QueueBenchRow) => void,
): Promise<void> {
  const infile = join(out, "io_tasks.jsonl");
  await Deno.writeTextFile(
    infile,
    Array.from({ length: opts.tasks }, (_, i) =>
      JSON.stringify({
        id: `io-${i + 1}`,
        question: `What is ${i + 2} times ${i + 3}?`,
        level: 1 + (i % 3),
        answer: String((i + 2) * (i + 3)),
      })).join("\n") + "\n",
  );
  const options = { infile };
  const benchmark = await createBenchmark("file", options);
  const endpoint = startLatencyEndpoint(opts.latencyMs);
  const modelId = "bench-latency";
  const key = "bench-local-key";
  const model = createOpenAIChatModel({ baseURL: endpoint.baseURL, apiKey: key, model: modelId });
  const base = { workload: "io_latency_sweep" as const, architectures: opts.architectures };
  // Graph stores are left out: each open Kùzu database reserves terabytes of address space, and
  // 16 of them in one process (the in-process baseline) exceed it.
  const specs = sample(
    createRng(`queue-bench:${opts.seed}`),
    allSpecs().filter((s) => s.store !== "graph" && s.store !== "llm_graph"),
    opts.architectures,
  );
  const tasks = benchmark.tasks();
  const taskIds = tasks.map((t) => t.id);
  const evaluateAll = (
    dir: string,
    parallel: number,
    remote?: (req: SweepUnitRequest) => Promise<LandscapeEntry>,
    warmUpJobs = 0,
  ) =>
    pooled(
      // Warm-up jobs take other seeds, so their job ids differ from the timed ones.
      warmUpJobs
        ? Array.from({ length: warmUpJobs }, (_, i) => ({
          spec: specs[i % specs.length],
          seed: opts.seed + 1 + Math.floor(i / specs.length),
        }))
        : specs.map((spec) => ({ spec, seed: opts.seed })),
      parallel,
      ({ spec, seed }) =>
        remote ? remote({ spec, task_ids: taskIds, seed }) : evaluateArchitecture(
          spec,
          { benchmark, tasks, seed, out: join(out, dir) },
          { embedder: new HashEmbedder(), models: { task: model }, services: defaultServices },
        ),
    );
  try {
    const first = opts.slots[0];
    let local1 = 0;
    for (const n of opts.slots) {
      const ms = await timed(() => evaluateAll(`io-local-${n}`, n));
      if (n === first) local1 = ms;
      emit(benchRow(
        { ...base, mode: "in_process", n, layout: `1x${n}`, wall_ms: Math.round(ms) },
        local1,
        first,
      ));
    }
    let queue1 = 0;
    for (const n of opts.slots) {
      await redis.cli("flushall");
      const processes = opts.processesFor(n);
      const concurrency = Math.ceil(n / processes);
      const workers = await startWorkers(redis.url, processes, concurrency, {
        OPENAI_API_KEY: key,
        OPENAI_API_BASE: endpoint.baseURL,
        AUTOMEM_CACHE_MODE: "off",
      }, `io${n}-w`);
      const queue = await JobQueue.open(redis.url);
      try {
        const executor = sweepQueueExecutor({
          queue,
          models: {
            task: { model: modelId, base_url: endpoint.baseURL },
            judge: null,
            memory: null,
          },
          benchmark: { name: "file", options, dataset_hash: benchmark.datasetHash },
          embedder: new HashEmbedder(),
        });
        // A fresh worker process's first jobs pay one-off costs (module initialisation, JIT,
        // the HTTP client); a long-lived worker pays them once, so some jobs per slot go first,
        // untimed, as the in-process baseline's process is warm from its earlier passes.
        const warmMs = await timed(() =>
          evaluateAll(`io-q${n}-warm`, n, executor, opts.warmUpJobsPerSlot * n)
        );
        const ms = await timed(() => evaluateAll(`io-q${n}`, n, executor));
        if (n === first) queue1 = ms;
        emit(benchRow(
          {
            ...base,
            mode: "queue",
            n: processes * concurrency,
            layout: `${processes}x${concurrency}`,
            wall_ms: Math.round(ms),
            warm_up_ms: Math.round(warmMs),
          },
          queue1,
          first,
        ));
      } finally {
        await queue.close();
        for (const w of workers) await w.kill("SIGTERM");
        opts.onWorkerLogs?.(workers.map((w) => w.log()));
      }
    }
  } finally {
    await endpoint.stop();
  }
}
