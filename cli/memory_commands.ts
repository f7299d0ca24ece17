/**
 * Commands over the memory core: `smoke` (offline end-to-end checks of every store and
 * retriever), `locomo` (evidence recall on LoCoMo with a BM25 baseline) and `bench memory`
 * (store latency and throughput).
 *
 * @module
 */
import { logicalClock } from "../core/clock.ts";
import { loadConfig } from "../core/config.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import {
  FaultTracker,
  guardEmbedder,
  guardModel,
  InfrastructureError,
} from "../core/infra_fault.ts";
import type { ArchitectureSpec } from "../core/spec.ts";
import { STORE_KINDS, type StoreKind } from "../core/space.ts";
import { DEFAULT_LOCOMO_PATH } from "../bench/locomo/default_path.ts";
import type { CommandDef } from "./command.ts";
import { prettySorted, readSpecFile } from "./core_commands.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";

/** Largest value (and count) a range flag accepts. */
export const MAX_RANGE_VALUE = 10_000;

/** Parses `1-5,7` into sorted 1-based numbers. */
export function parseRanges(text: string, flag: string): number[] {
  const out = new Set<number>();
  for (const token of text.split(",").map((t) => t.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(token);
    const lo = m ? Number(m[1]) : NaN;
    const hi = m?.[2] !== undefined ? Number(m[2]) : lo;
    if (!m || lo < 1 || hi < lo) {
      throw new UsageError(`--${flag}: '${token}' is not a number or range like 1-5`);
    }
    // Checked before expanding: `1-999999999` must not allocate a billion entries.
    if (hi > MAX_RANGE_VALUE || out.size + (hi - lo + 1) > MAX_RANGE_VALUE) {
      throw new UsageError(`--${flag}: '${token}' goes beyond ${MAX_RANGE_VALUE}`);
    }
    for (let i = lo; i <= hi; i++) out.add(i);
  }
  if (out.size === 0) throw new UsageError(`--${flag} is empty`);
  return [...out].sort((a, b) => a - b);
}

/** Parses `1,5,10` into positive integers. */
export function parseInts(text: string, flag: string): number[] {
  const out = text.split(",").map((t) => t.trim()).filter(Boolean).map((t) => {
    const n = Number(t);
    if (!Number.isInteger(n) || n < 1) {
      throw new UsageError(`--${flag}: '${t}' is not a positive integer`);
    }
    return n;
  });
  if (out.length === 0) throw new UsageError(`--${flag} is empty`);
  return [...new Set(out)].sort((a, b) => a - b);
}

/** `automem smoke`. */
export const smokeCommand: CommandDef = {
  name: "smoke",
  usage: "automem smoke",
  summary:
    "Offline end-to-end checks in a temp dir for every store and every compatible retriever (compile, ingest, retrieve, BEGIN/refresh/dedup, composer fallback, management, persistence reopen). Prints sorted JSON; exit 1 on any failure.",
  flags: [],
  positionals: { min: 0, max: 0 },
  async run({ io }) {
    const dir = await Deno.makeTempDir({ prefix: "automem-smoke-" });
    try {
      const { runSmoke } = await import("../memory/smoke.ts");
      const report = await runSmoke({
        dir,
        embedder: new HashEmbedder(384),
        clock: logicalClock(),
      });
      io.stdout(prettySorted(report) + "\n");
      return report.status === "ok" ? EXIT.ok : EXIT.failure;
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
};

function pct(x: number): string {
  return x.toFixed(3);
}

/** The parts of a LoCoMo evaluation result the text table shows. */
interface RecallView {
  recall: Record<string, number>;
  mrr: number;
}

/** Budget-matched means as the table reads them. */
interface BudgetView {
  architecture: { values: Record<string, number> };
  baseline_bm25: { values: Record<string, number> };
}

function locomoTable(
  r: {
    architecture: RecallView;
    baseline_bm25: RecallView;
    turn_budget: BudgetView;
    context_budget: BudgetView;
    conversations: number[];
    questions: number;
    skipped_questions: number;
    ranking_depth: number;
    wall_s: number;
  },
  ks: readonly number[],
): string {
  const budgets = Object.keys(r.turn_budget.architecture.values).map(Number).sort((a, b) => a - b);
  const head = [
    "method",
    ...ks.map((k) => `R@${k}`),
    // Ranks are only known within the largest k: say so instead of calling it plain MRR.
    `MRR@${Math.max(...ks)}`,
    ...budgets.map((b) => `T@${b}`),
    "ctx",
  ];
  const row = (name: string, b: RecallView, side: "architecture" | "baseline_bm25") => [
    name,
    ...ks.map((k) => pct(b.recall[String(k)] ?? 0)),
    pct(b.mrr),
    ...budgets.map((t) => pct(r.turn_budget[side].values[String(t)] ?? 0)),
    pct(r.context_budget[side].values.recall ?? 0),
  ];
  const rows = [
    head,
    row("architecture", r.architecture, "architecture"),
    row("BM25 over turns", r.baseline_bm25, "baseline_bm25"),
  ];
  const widths = head.map((_, i) => Math.max(...rows.map((x) => x[i].length)));
  const lines = rows.map((x) => x.map((c, i) => c.padEnd(widths[i])).join("  "));
  return [
    `LoCoMo conversations ${
      r.conversations.join(",")
    }: ${r.questions} questions (${r.skipped_questions} without resolvable evidence skipped), ${
      r.wall_s.toFixed(1)
    } s`,
    ...lines,
    `R@k: k units vs k turns (not budget-matched). T@B: recall within B distinct cited turns. ` +
    `ctx: recall within the characters of BM25's top-10 turns. All from one ranking of depth ${r.ranking_depth}.`,
  ].join("\n") + "\n";
}

async function specFromFile(file: string, io: CliIo): Promise<ArchitectureSpec> {
  const parsed = await readSpecFile(file, io);
  if (!parsed.ok) {
    throw new UsageError(
      `${file}: invalid spec:\n` +
        parsed.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`).join("\n"),
    );
  }
  return parsed.value;
}

/** `automem locomo`. */
export const locomoCommand: CommandDef = {
  name: "locomo",
  usage: "automem locomo --spec FILE [--data PATH] [--conversations 1-5] [--k 1,5,10,20] [--json]",
  summary:
    "Ingest each LoCoMo conversation through an architecture and report evidence recall three ways from one ranking (unit recall@k, recall at 5/10/20 cited turns, recall within the characters of BM25's top-10 turns), MRR@max(k) and per-category values, beside a BM25-over-turns baseline computed in the same run.",
  flags: [
    { name: "spec", type: "string", meta: "FILE", description: "architecture spec (JSON)" },
    {
      name: "data",
      type: "string",
      meta: "PATH",
      default: DEFAULT_LOCOMO_PATH,
      description: "locomo10.json",
    },
    {
      name: "conversations",
      type: "string",
      meta: "LIST",
      default: "1-10",
      description: "1-based conversations, e.g. 1-5",
    },
    {
      name: "k",
      type: "string",
      meta: "LIST",
      default: "1,5,10,20",
      description: "recall cut-offs",
    },
    { name: "json", type: "boolean", description: "print one JSON object" },
    {
      name: "model",
      type: "string",
      meta: "ID",
      description: "memory-side model (needs an endpoint)",
    },
    {
      name: "skip_preflight",
      type: "boolean",
      description: "start without the one-call check of every configured endpoint",
    },
  ],
  positionals: { min: 0, max: 0 },
  async run({ flags, io }) {
    if (!flags.spec) throw new UsageError("--spec FILE is required");
    const spec = await specFromFile(String(flags.spec), io);
    const ks = parseInts(String(flags.k), "k");
    const conversations = parseRanges(String(flags.conversations), "conversations");
    const dataPath = String(flags.data);
    try {
      await Deno.stat(dataPath);
    } catch {
      io.stderr(
        `automem locomo: LoCoMo data not found at ${dataPath} (pass --data PATH); nothing to do\n`,
      );
      return EXIT.failure;
    }
    const { buildEmbedder, buildModels } = await import("./model_deps.ts");
    const config = loadConfig({
      env: io.env,
      cwd: io.cwd,
      flags: { memoryModel: flags.model as string | undefined },
    });
    const models = buildModels(config);
    if (flags.skip_preflight !== true) {
      const { preflight, PreflightError } = await import("./preflight.ts");
      try {
        await preflight(config, { roles: models.memory ? ["memory"] : [] });
      } catch (e) {
        if (!(e instanceof PreflightError)) throw e;
        io.stderr(`automem locomo: ${e.message}\n`);
        return EXIT.failure;
      }
    }
    // A fault that survives retries stops the evaluation: recall 0 from a dead endpoint is no result.
    const stop = new AbortController();
    const onStop = () => stop.abort();
    io.signal.addEventListener("abort", onStop, { once: true });
    const faults = new FaultTracker(() => stop.abort());
    const { evaluateLocomo } = await import("../memory/locomo_eval.ts");
    let result;
    try {
      result = await evaluateLocomo({
        spec,
        dataPath,
        conversations,
        ks,
        embedder: guardEmbedder(buildEmbedder(config), faults),
        clock: logicalClock(),
        model: models.memory && guardModel(models.memory, "memory", faults),
        signal: stop.signal,
        onSession: (conv, done, total) => {
          faults.check();
          io.stderr(`conversation ${conv}: session ${done}/${total} ingested\n`);
        },
        onConversation: (c) => {
          faults.check();
          io.stderr(
            `conversation ${c.index} (${c.sample_id}): ${c.sessions} sessions, ${c.questions} questions, ${c.units} units\n`,
          );
        },
      });
      faults.check();
    } catch (e) {
      const fault = faults.first ?? e;
      if (!(fault instanceof InfrastructureError)) throw e;
      io.stderr(`automem locomo: stopped on an infrastructure fault: ${fault.message}\n`);
      return EXIT.failure;
    } finally {
      io.signal.removeEventListener("abort", onStop);
    }
    if (io.signal.aborted) return EXIT.interrupted;
    io.stdout(flags.json ? JSON.stringify(result) + "\n" : locomoTable(result, ks));
    return EXIT.ok;
  },
};

/** `automem bench memory`. */
export const benchCommand: CommandDef = {
  name: "bench",
  usage:
    "automem bench memory [--sizes 1000,10000,100000] [--stores json,vector,...] [--json] | automem bench calls [--tasks 30] [--json] | automem bench queue [--io_slots 1,4,16] [--io_processes N] [--latency_ms MS] [--io_only] [--json]",
  summary:
    "Benchmarks (memory, calls, queue). memory: store ingest throughput and top-10 retrieval latency (p50/p95) at each size with 384-d vectors, beside a plain Float32Array exact scan in the same run. calls: memory-side model calls and tokens per task for every retriever × management preset, counted with a scripted memory model over world tasks. queue: sweep and I/O-bound timings through Redis workers beside in-process --parallel.",
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
  ],
  positionals: { min: 1, max: 1 },
  async run({ flags, positionals, io }) {
    if (positionals[0] === "calls") return await benchCalls(flags, io);
    if (positionals[0] === "queue") {
      return await (await import("./queue_commands.ts")).benchQueue(flags, io);
    }
    if (positionals[0] !== "memory") {
      throw new UsageError(
        `unknown benchmark '${positionals[0]}' (expected: memory, calls or queue)`,
      );
    }
    const stores = String(flags.stores).split(",").map((s) => s.trim()).filter(Boolean);
    for (const s of stores) {
      if (!(STORE_KINDS as readonly string[]).includes(s)) {
        throw new UsageError(`--stores: unknown store '${s}'`);
      }
    }
    const { formatBenchTable, runMemoryBench } = await import("../stores/memory_bench.ts");
    const rows = [];
    for await (
      const row of runMemoryBench({
        sizes: parseInts(String(flags.sizes), "sizes"),
        stores: stores as StoreKind[],
        queries: Number(flags.queries),
        seed: Number(flags.seed),
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

async function benchCalls(flags: Record<string, unknown>, io: CliIo): Promise<number> {
  const tasks = Number(flags.tasks);
  if (!Number.isInteger(tasks) || tasks < 1) {
    throw new UsageError(`--tasks: '${flags.tasks}' is not a positive integer`);
  }
  const { countModelCalls, formatCallTable } = await import("../bench/model_calls.ts");
  const rows = [];
  for await (const row of countModelCalls({ tasks, seed: Number(flags.seed) })) {
    rows.push(row);
    if (flags.json) io.stdout(JSON.stringify(row) + "\n");
    else io.stderr(`${row.retrieve} × ${row.manage}: ${row.calls_per_task} calls/task\n`);
    if (io.signal.aborted) return EXIT.interrupted;
  }
  if (!flags.json) io.stdout(formatCallTable(rows) + "\n");
  return EXIT.ok;
}
