/**
 * Commands over the memory core: `smoke` (offline end-to-end checks of every store and
 * retriever) and `locomo` (evidence recall on LoCoMo with a BM25 baseline); `bench` is in
 * `bench_command.ts`.
 *
 * @module
 */
import { logicalClock } from "../core/clock.ts";
import { RETRIEVER_DEFAULTS } from "../core/compiler.ts";
import { loadConfig } from "../core/config.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import {
  FaultTracker,
  guardEmbedder,
  guardModel,
  InfrastructureError,
} from "../core/infra_fault.ts";
import type { RetrieverKind } from "../core/space.ts";
import type { ArchitectureSpec } from "../core/spec.ts";
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

/** `--params k=v,...`: numeric overrides of the retriever's own (default) parameters. */
export function parseParams(text: string | undefined, kind: RetrieverKind): Record<string, number> {
  const out: Record<string, number> = {};
  if (text === undefined) return out;
  const known = RETRIEVER_DEFAULTS[kind] as Readonly<Record<string, unknown>>;
  for (const pair of text.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    const [key, value, ...rest] = pair.split("=");
    const n = Number(value);
    if (rest.length > 0 || value === undefined || value.trim() === "" || !Number.isFinite(n)) {
      throw new UsageError(`--params: '${pair}' is not KEY=NUMBER`);
    }
    if (typeof known[key] !== "number") {
      const names = Object.keys(known).filter((k) => typeof known[k] === "number");
      throw new UsageError(
        `--params: '${key}' is not a numeric parameter of the ${kind} retriever (${
          names.join(", ")
        })`,
      );
    }
    out[key] = n;
  }
  return out;
}

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
    retrieve_params: Record<string, unknown>;
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
    `retriever parameters: ${
      Object.entries(r.retrieve_params).map(([k, v]) => `${k}=${v}`).join(", ") || "(none)"
    }`,
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
      name: "params",
      type: "string",
      meta: "K=V,...",
      description:
        "retriever parameters over the defaults, e.g. keyword_weight=0,temporal_weight=0 (dense only)",
    },
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
    const retrieveParams = parseParams(flags.params as string | undefined, spec.retrieve);
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
        retrieveParams,
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
