/**
 * `automem bench`: `memory` (store ingest throughput and top-10 retrieval latency), `calls`
 * (memory-side model calls and tokens per task for every retriever × management preset) and
 * `queue` (sweep timings through Redis workers) and `startup` (start-up time of `space` and
 * `--help` against a bare `deno eval`). Each benchmark's code is loaded only when it runs.
 *
 * @module
 */
import {
  MANAGE_PRESETS,
  type ManagePreset,
  RETRIEVER_KINDS,
  type RetrieverKind,
  STORE_KINDS,
  type StoreKind,
} from "../core/space.ts";
import type { CommandDef } from "./command.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import { parseInts } from "./memory_commands.ts";
import {
  denoAndEntry,
  formatStartup,
  measureStartup,
  runsFlag,
  startProcess,
  startupCases,
} from "./startup_bench.ts";

/** A comma-separated list flag whose every item is one of `known`. */
function listFlag<T extends string>(value: unknown, flag: string, known: readonly T[]): T[] {
  const items = String(value).split(",").map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw new UsageError(`--${flag} is empty`);
  for (const s of items) {
    if (!(known as readonly string[]).includes(s)) {
      throw new UsageError(`--${flag}: unknown value '${s}' (expected: ${known.join(", ")})`);
    }
  }
  return items as T[];
}

/** `automem bench`. */
export const benchCommand: CommandDef = {
  name: "bench",
  usage:
    "automem bench memory [--sizes 1000,10000,100000] [--stores json,vector,...] [--dim 384] [--json] | automem bench embedders [--texts 5000] [--json] | automem bench calls [--tasks 30] [--retrievers hybrid,...] [--presets json_full,...] [--json] | automem bench queue [--io_slots 1,4,16] [--io_processes N] [--latency_ms MS] [--io_only|--cpu_only] [--cpu_rounds N] [--json] | automem bench startup [--runs 10] [--json]",
  summary:
    "Benchmarks (memory, calls, queue, embedders, startup). embedders: the offline embedders (hash, word vectors) side by side, paraphrase quality and texts per second. memory: store ingest throughput and top-10 retrieval latency (p50/p95) at each size with --dim vectors (384), beside a plain Float32Array exact scan in the same run. calls: memory-side model calls and tokens per task for every retriever × management preset, counted with a scripted memory model over world tasks. queue: sweep and I/O-bound timings through Redis workers beside in-process --parallel. startup: median wall time of `automem space` and `automem --help` beside a bare `deno eval`, interleaved in the same run, with ratios.",
  flags: [
    {
      name: "sizes",
      type: "string",
      meta: "LIST",
      default: "1000,10000,100000",
      description: "store sizes",
    },
    {
      name: "stores",
      type: "string",
      meta: "LIST",
      default: STORE_KINDS.join(","),
      description: "stores to measure",
    },
    { name: "queries", type: "number", default: 50, description: "timed queries per measurement" },
    { name: "seed", type: "number", default: 1, description: "seed of the synthetic units" },
    {
      name: "tasks",
      type: "number",
      default: 30,
      description: "calls: world tasks per architecture",
    },
    {
      name: "retrievers",
      type: "string",
      meta: "LIST",
      default: RETRIEVER_KINDS.join(","),
      description: "calls: retrievers to count",
    },
    {
      name: "presets",
      type: "string",
      meta: "LIST",
      default: MANAGE_PRESETS.join(","),
      description: "calls: management presets to count",
    },
    { name: "dim", type: "number", default: 384, description: "memory: vector dimension" },
    {
      name: "texts",
      type: "number",
      default: 5000,
      description: "embedders: texts embedded for the speed column",
    },
    { name: "json", type: "boolean", description: "one JSON object per line" },
    {
      name: "io_slots",
      type: "string",
      meta: "LIST",
      description: "queue: job slots of the I/O-bound case (default 1,4,16)",
    },
    {
      name: "io_processes",
      type: "number",
      description: "queue: most worker processes; more slots become --concurrency (default 16)",
    },
    {
      name: "latency_ms",
      type: "number",
      description: "queue: model endpoint latency of the I/O-bound case (default 100)",
    },
    { name: "io_only", type: "boolean", description: "queue: only the I/O-bound case" },
    { name: "cpu_only", type: "boolean", description: "queue: only the CPU-bound case" },
    {
      name: "runs",
      type: "number",
      default: 10,
      description: "startup: processes started per case (interleaved rounds)",
    },
    {
      name: "cpu_rounds",
      type: "number",
      description: "queue: interleaved rounds of the CPU-bound case, median reported (default 3)",
    },
  ],
  positionals: { min: 1, max: 1 },
  async run({ flags, positionals, io }) {
    if (positionals[0] === "calls") return await benchCalls(flags, io);
    if (positionals[0] === "embedders") return await benchEmbedders(flags, io);
    if (positionals[0] === "queue") {
      return await (await import("./queue_commands.ts")).benchQueue(flags, io);
    }
    if (positionals[0] === "startup") return await benchStartup(flags, io);
    if (positionals[0] !== "memory") {
      throw new UsageError(
        `unknown benchmark '${
          positionals[0]
        }' (expected: memory, calls, queue, embedders or startup)`,
      );
    }
    const stores = listFlag<StoreKind>(flags.stores, "stores", STORE_KINDS);
    const { formatBenchTable, runMemoryBench } = await import("../stores/memory_bench.ts");
    const rows = [];
    for await (
      const row of runMemoryBench({
        sizes: parseInts(String(flags.sizes), "sizes"),
        stores,
        queries: Number(flags.queries),
        seed: Number(flags.seed),
        dim: positiveInt(flags.dim, "dim"),
      })
    ) {
      rows.push(row);
      if (flags.json) io.stdout(JSON.stringify(row) + "\n");
      else io.stderr(`${row.store} ${row.size} ${row.op}: p50 ${row.p50_ms.toFixed(2)} ms\n`);
      if (io.signal.aborted) return EXIT.interrupted;
    }
    if (!flags.json) io.stdout(formatBenchTable(rows) + "\n");
    return EXIT.ok;
  },
};

function positiveInt(value: unknown, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(`--${flag}: '${value}' is not a positive integer`);
  }
  return n;
}

async function benchEmbedders(flags: Record<string, unknown>, io: CliIo): Promise<number> {
  const texts = positiveInt(flags.texts, "texts");
  const { benchEmbedder, formatEmbedderTable } = await import("../bench/embedders.ts");
  const { HashEmbedder } = await import("../core/hash_embedder.ts");
  const { WordVectorEmbedder } = await import("../core/word_vector_embedder.ts");
  const rows = [];
  for (const embedder of [new HashEmbedder(), new WordVectorEmbedder()]) {
    const row = await benchEmbedder(embedder, { texts });
    rows.push(row);
    if (flags.json) io.stdout(JSON.stringify(row) + "\n");
  }
  if (!flags.json) io.stdout(formatEmbedderTable(rows) + "\n");
  return EXIT.ok;
}

async function benchCalls(flags: Record<string, unknown>, io: CliIo): Promise<number> {
  const tasks = Number(flags.tasks);
  if (!Number.isInteger(tasks) || tasks < 1) {
    throw new UsageError(`--tasks: '${flags.tasks}' is not a positive integer`);
  }
  const retrievers = listFlag<RetrieverKind>(flags.retrievers, "retrievers", RETRIEVER_KINDS);
  const presets = listFlag<ManagePreset>(flags.presets, "presets", MANAGE_PRESETS);
  const { callMatrix, countModelCalls, formatCallTable } = await import(
    "../bench/model_calls.ts"
  );
  if (callMatrix(retrievers, presets).length === 0) {
    throw new UsageError("--retrievers and --presets leave no compatible architecture");
  }
  const rows = [];
  for await (
    const row of countModelCalls({ tasks, seed: Number(flags.seed), retrievers, presets })
  ) {
    rows.push(row);
    if (flags.json) io.stdout(JSON.stringify(row) + "\n");
    else io.stderr(`${row.retrieve} × ${row.manage}: ${row.calls_per_task} calls/task\n`);
    if (io.signal.aborted) return EXIT.interrupted;
  }
  if (!flags.json) io.stdout(formatCallTable(rows) + "\n");
  return EXIT.ok;
}

async function benchStartup(flags: Record<string, unknown>, io: CliIo): Promise<number> {
  const runs = runsFlag(flags.runs);
  const { deno, entry } = denoAndEntry();
  const rows = await measureStartup(startupCases(deno, entry), runs, startProcess, io.signal);
  if (io.signal.aborted) return EXIT.interrupted;
  if (flags.json) { for (const row of rows) io.stdout(JSON.stringify(row) + "\n"); }
  else io.stdout(formatStartup(rows) + "\n");
  return EXIT.ok;
}
