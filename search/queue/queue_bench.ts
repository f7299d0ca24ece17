/**
 * `automem bench queue`: what distributing evaluations buys, measured in one run against
 * baselines from the same run. Two workloads:
 *
 * - CPU-bound (`queue_bench_cpu.ts`): a world sweep (offline agent, real memory) in-process and
 *   with 1 and 2 `automem worker` subprocesses, in interleaved rounds.
 * - I/O-bound (`queue_bench_io.ts`): a task-file sweep whose task model is an HTTP endpoint
 *   answering after a fixed latency, with 1, 4 and 16 job slots in-process (`--parallel`) and
 *   on `automem worker` subprocesses.
 *
 * Every configuration starts from an empty queue (job ids are content-derived, so a second run
 * would re-attach to finished jobs) on a private `redis-server`; worker start-up is not timed.
 *
 * @module
 */
import { cpuCase } from "./queue_bench_cpu.ts";
import { ioCase, type QueueBenchRow } from "./queue_bench_io.ts";
import { startTestRedis } from "./testing/mod.ts";

export type { QueueBenchRow } from "./queue_bench_io.ts";

/** Options of {@linkcode runQueueBench}. */
export interface QueueBenchOptions {
  /** Architectures of the CPU-bound world sweep (default 16). */
  cpuArchitectures?: number;
  /** Interleaved rounds of the CPU-bound case; rows report the median (default 3). */
  cpuRounds?: number;
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
  /** Skip the I/O-bound case. */
  cpuOnly?: boolean;
  seed?: number;
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
        rounds: opts.cpuRounds ?? 3,
      }, emit);
    }
    const maxProcesses = opts.ioProcesses ?? 16;
    if (opts.cpuOnly) return;
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

/** A plain-text table of bench rows (CPU rows: medians, then each round's speed-up). */
export function formatQueueBench(rows: readonly QueueBenchRow[]): string {
  const head =
    "workload          mode         n  layout  archs  wall_ms  speedup  efficiency  per round";
  return [
    head,
    ...rows.map((r) =>
      `${r.workload.padEnd(17)} ${r.mode.padEnd(10)} ${String(r.n).padStart(3)}  ${
        r.layout.padEnd(6)
      } ${String(r.architectures).padStart(6)} ${String(r.wall_ms).padStart(8)} ${
        r.speedup.toFixed(2).padStart(8)
      } ${r.efficiency.toFixed(2).padStart(11)}  ${r.round_speedups?.join(" ") ?? ""}`.trimEnd()
    ),
  ].join("\n");
}
