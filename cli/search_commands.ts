/**
 * `automem search` (the EGAS/FGMD architecture search) and `automem sweep` (evaluate every valid
 * architecture, or a seeded sample, on the same tasks). Flags mirror the reference's, in
 * snake_case and kebab-case; the search engine validates them.
 *
 * @module
 */
import { DEFAULT_LOCOMO_PATH } from "../bench/locomo/default_path.ts";
import { DEFAULT_HOTPOT_PATH } from "../bench/reflexion_hotpotqa/default_path.ts";
import { namedSearchModel } from "../core/config.ts";
import type { Issue } from "../core/issues.ts";
import type { FlagDef, Flags } from "./args.ts";
import type { BenchmarkOptions } from "../bench/registry.ts";
import type { CommandDef } from "./command.ts";
import { redactQueueUrl } from "../core/queue_url.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import { modelRefsFor, QUEUE_FLAG, unitLogger } from "./queue_commands.ts";
import { openQueue } from "./queue_open.ts";
import { booleanFlag as B, numberFlag as N, stringFlag as S } from "./flag_builders.ts";

/** Every flag of `automem search`; defaults live in the search engine's config schema. */
export const SEARCH_FLAGS: readonly FlagDef[] = [
  S("run_name", "run directory name (required)", "NAME"),
  S("output_dir", "parent of run directories (default runs/search)", "DIR"),
  S(
    "benchmark",
    "world (default) | locomo | reflexion-hotpotqa | file (implied by --infile) | GAIA | WebWalkerQA | xBench-DeepSearch",
    "NAME",
  ),
  S(
    "infile",
    "task file: --benchmark file, GAIA or WebWalkerQA (JSON/JSONL), xBench (CSV)",
    "FILE",
  ),
  S(
    "data_path",
    `LoCoMo data file (default ${DEFAULT_LOCOMO_PATH}); reflexion-hotpotqa: its log (default ${DEFAULT_HOTPOT_PATH})`,
    "FILE",
  ),
  S(
    "conversations",
    "LoCoMo conversations, or reflexion-hotpotqa questions (default 1-50), e.g. 1-5",
    "LIST",
  ),
  N("max_rounds", "search rounds (default 8)"),
  N("num_candidates", "new proposals per round, plus the champion re-evaluation (default 3)"),
  N("warmup_n", "warm-up split size (default 19; 0 disables)"),
  N("search_n", "search split size (default 100)"),
  N("batch_size", "fold size (default 50)"),
  N("folds", "rotating folds over the search split (default 2; 1 = every round sees all)"),
  N("validation_n", "validation split size (default 30)"),
  N("test_n", "held-out test split size (default 15)"),
  N("search_batch_seed", "seed of the fold construction (default 42)"),
  N("seed", "seed of every random choice (default 42)"),
  N("parallel", "candidates of a round evaluated concurrently (default: cores)"),
  N("token_cap_per_task", "token normaliser (default 30000)"),
  N("latency_cap_per_task", "latency normaliser, informational (default 60)"),
  N("max_steps", "agent step cap (default 40)"),
  N("token_budget", "max completion tokens per model call (default 8192)"),
  N("concurrency", "tasks of one candidate at once; must be 1 unless --dry_run (default 1)"),
  S("data_split", "JSON file with optimization/validation/final_test(/profile) indices", "FILE"),
  S("baseline_from", "reuse a previous run's no-memory baseline", "DIR"),
  S("search_prompt", "alternative proposer prompt file", "FILE"),
  S("eval_script", "not supported (benchmarks run in-process)", "FILE"),
  S("model", "task-agent model id (needs an endpoint)", "ID"),
  S("search_model", "proposer model id", "ID"),
  S("diagnosis_model", "diagnosis model id", "ID"),
  S("judge_model", "judge model id", "ID"),
  S("proposer", "llm | rules | random (default: llm with a search model, else rules)", "NAME"),
  B("random_search", "uniform random proposals (same as --proposer random)"),
  N("random_search_seed", "random proposer seed (default 123)"),
  S(
    "bootstrap",
    "round 1's list: none | fixed | random:SEED, the same for every proposer (default: fixed for rules, none otherwise)",
    "CHOICE",
  ),
  S("ablate", "rules proposer parts to switch off: fgmd, surrogate (comma list)", "LIST"),
  B("disable_elitism", "do not re-evaluate the champion each round"),
  B("no_canonical_import", "candidates start with an empty store"),
  S("discovery_thresholds", "accuracy thresholds of rounds_to_discovery", "LIST"),
  B("no_ledger", "disable the experience ledger"),
  B("no_obs_graph", "disable the observation graph"),
  B("obs_graph_enabled", "accepted for compatibility (the graph is on by default)"),
  N("max_tokens", "stop when total tokens exceed this"),
  N("max_cost_usd", "stop when cost exceeds this"),
  N("max_wall_s", "stop after this many seconds"),
  N("patience", "stop after N rounds without improvement"),
  B("resume", "continue an existing run exactly where it stopped"),
  B("force_new", "discard an existing run directory and start over"),
  B("dry_run", "offline synthetic control-flow run (no models)"),
  B("final_validation", "after the runoff, evaluate the winner on the held-out test split"),
  N("status_port", "serve this run's status API and dashboard on 127.0.0.1:PORT while it runs"),
  B("quiet", "no progress output"),
  B("fixture_web", "web benchmarks: serve the fixture web on 127.0.0.1 and search it"),
  {
    name: "fixture_port",
    type: "number",
    description: "port of the fixture web (the fixture task files name it)",
    default: 38117,
  },
  B("allow_private_addresses", "web benchmarks: let the fetch tools reach private hosts"),
  B("skip_preflight", "start without the one-call check of every configured endpoint"),
  {
    name: "log_format",
    type: "string",
    description: "progress lines as text or JSON",
    choices: ["text", "json"],
    default: "text",
  },
  QUEUE_FLAG,
];

const CLI_ONLY = new Set([
  "quiet",
  "log_format",
  "queue",
  "fixture_web",
  "fixture_port",
  "allow_private_addresses",
  "skip_preflight",
]);

/**
 * The flags handed to the search engine. A search model named only in the environment
 * (`SEARCH_MODEL`) counts like `--search_model`, so it makes the LLM proposer the default too.
 */
export function searchEngineFlags(flags: Flags, io: CliIo): Record<string, unknown> {
  const raw = Object.fromEntries(
    Object.entries(flags).filter(([k, v]) => v !== undefined && v !== false && !CLI_ONLY.has(k)),
  );
  const named = namedSearchModel({
    env: io.env,
    cwd: io.cwd,
    flags: { searchModel: flags.search_model as string | undefined },
  });
  if (named !== undefined) raw.search_model = named;
  return raw;
}

function formatIssues(issues: readonly Issue[]): string {
  return issues.map((i) => `  ${i.path.length ? i.path.join(".") + ": " : ""}${i.message}`).join(
    "\n",
  );
}

/** `automem search`. */
export const searchCommand: CommandDef = {
  name: "search",
  usage: "automem search --run_name NAME [options]",
  summary:
    "Search the architecture space: baseline, warm-up, rounds of propose → evaluate → diagnose (FGMD) → select (Pareto, sign test), validation runoff, optional held-out test. Writes <output_dir>/<run_name>/ and events.jsonl; --resume continues exactly.",
  flags: SEARCH_FLAGS,
  positionals: { min: 0, max: 0 },
  async run({ flags, io }) {
    const { parseSearchConfig, runSearch, RunDirError, SearchError } = await import(
      "../search/mod.ts"
    );
    const parsed = parseSearchConfig(searchEngineFlags(flags, io));
    if (!parsed.ok) throw new UsageError(`invalid flags:\n${formatIssues(parsed.issues)}`);
    const config = parsed.value;
    const { createProgress } = await import("./progress.ts");
    const progress = createProgress({
      stream: { write: (t) => io.stderr(t), isTTY: io.isTTY },
      isTTY: io.isTTY,
      quiet: flags.quiet === true,
      logFormat: flags.log_format as "text" | "json",
    });
    const stopServer = new AbortController();
    let server: Promise<void> | undefined;
    let queue: Awaited<ReturnType<typeof openQueue>> = null;
    const web = await searchWebServices(config.benchmark, flags, io);
    try {
      const { liveDeps, liveRoles } = await import("./model_deps.ts");
      const live = liveDeps(flags, io);
      if (!config.dry_run && flags.skip_preflight !== true) {
        const { preflight, PreflightError } = await import("./preflight.ts");
        try {
          await preflight(live.config, { roles: liveRoles(live.models) });
        } catch (e) {
          if (!(e instanceof PreflightError)) throw e;
          progress.close();
          io.stderr(`automem search: ${e.message}\n`);
          return EXIT.failure;
        }
      }
      queue = await openQueue(flags, io);
      const executor = queue
        ? (await import("../search/queue/mod.ts")).queueExecutor({
          queue,
          models: modelRefsFor(live.models, io),
          queueLabel: redactQueueUrl(String(flags.queue)),
        })
        : undefined;
      if (config.status_port !== null) {
        const { serve } = await import("../server/serve.ts");
        // The server refuses a missing runs directory; a new run's parent may not exist yet.
        await Deno.mkdir(config.output_dir, { recursive: true });
        const s = await serve({
          runsDir: config.output_dir,
          port: config.status_port,
          portFlag: "--status_port",
          signal: stopServer.signal,
        });
        io.stderr(`status: ${s.url}\n`);
        server = s.finished;
      }
      const summary = await runSearch(config, {
        ...live,
        executor,
        onEvent: (e) => progress.onEvent(e),
        signal: io.signal,
        ...(web ? { services: web.services } : {}),
      });
      progress.close();
      io.stdout(JSON.stringify(summary, null, 2) + "\n");
      if (summary.status === "interrupted") return EXIT.interrupted;
      return summary.status === "finished" ? EXIT.ok : EXIT.failure;
    } catch (e) {
      progress.close();
      if (e instanceof SearchError || e instanceof RunDirError) {
        io.stderr(`automem search: ${e.message}\n`);
        return e.exitCode;
      }
      throw e;
    } finally {
      stopServer.abort();
      await server;
      await queue?.close();
      await web?.close();
    }
  },
};

/** For a web benchmark: the agent's toolkit, handed to the benchmark factory. */
export async function searchWebServices(benchmark: string, flags: Flags, io: CliIo) {
  const { webKindOf } = await import("../bench/web_bench/kinds.ts");
  const kind = webKindOf(benchmark);
  if (!kind) return undefined;
  const { buildWebToolkit } = await import("./web_toolkit.ts");
  const { createBenchmark } = await import("../bench/registry.ts");
  const toolkit = await buildWebToolkit(kind, {
    io,
    allowPrivate: flags.allow_private_addresses === true,
    offline: flags.dry_run === true,
    // A queue worker on this machine may already serve the fixture web on that port.
    ...(flags.fixture_web === true
      ? { fixturePort: Number(flags.fixture_port), shareFixture: true }
      : {}),
  });
  return {
    services: {
      createBenchmark: (name: string, opts: BenchmarkOptions) =>
        createBenchmark(name, { ...opts, webToolkit: toolkit }),
    },
    close: async () => await toolkit.close?.(),
  };
}

/** `automem sweep`. */
export const sweepCommand: CommandDef = {
  name: "sweep",
  usage:
    "automem sweep --benchmark world|locomo|reflexion-hotpotqa [--split search] [--sample N] [--parallel N] [--out DIR]",
  summary:
    "Evaluate every valid architecture (or a seeded sample) on the same tasks: landscape.jsonl and sweep_summary.json (best entry, quantiles, per-coordinate marginal effects). Resumable.",
  flags: [
    {
      name: "benchmark",
      type: "string",
      default: "world",
      choices: ["world", "locomo", "reflexion-hotpotqa"],
      description: "task source",
    },
    {
      name: "split",
      type: "string",
      default: "search",
      choices: ["warmup", "search", "validation", "test", "all"],
      description: "which tasks",
    },
    { name: "sample", type: "number", description: "evaluate a seeded sample of N architectures" },
    {
      name: "parallel",
      type: "number",
      default: 2,
      description: "architectures evaluated concurrently",
    },
    {
      name: "seed",
      type: "number",
      default: 42,
      description: "seed of the split, the sample and the benchmark",
    },
    { name: "warmup_n", type: "number", default: 19, description: "warm-up split size" },
    { name: "search_n", type: "number", default: 100, description: "search split size" },
    { name: "validation_n", type: "number", default: 30, description: "validation split size" },
    { name: "test_n", type: "number", default: 15, description: "test split size" },
    {
      name: "data_path",
      type: "string",
      meta: "FILE",
      description: "data file (default: locomo's or reflexion-hotpotqa's under ../shared/data)",
    },
    {
      name: "conversations",
      type: "string",
      meta: "LIST",
      description: "LoCoMo conversations or reflexion-hotpotqa questions, e.g. 1-5",
    },
    {
      name: "out",
      type: "string",
      meta: "DIR",
      default: "runs/sweep",
      description: "output directory",
    },
    QUEUE_FLAG,
    B("skip_preflight", "start without the one-call check of every configured endpoint"),
  ],
  positionals: { min: 0, max: 0 },
  async run({ flags, io }) {
    const { createBenchmark } = await import("../bench/registry.ts");
    const { runSweep } = await import("../search/sweep.ts");
    const { defaultServices } = await import("../search/services.ts");
    const { parseRanges } = await import("./memory_commands.ts");
    const { defaultDataPath } = await import("../bench/data_paths.ts");
    const benchOptions = {
      seed: Number(flags.seed),
      dataPath: typeof flags.data_path === "string"
        ? flags.data_path
        : defaultDataPath(String(flags.benchmark)),
      conversations: flags.conversations
        ? parseRanges(String(flags.conversations), "conversations")
        : undefined,
    };
    const benchmark = await createBenchmark(String(flags.benchmark), benchOptions);
    const { liveDeps, liveRoles } = await import("./model_deps.ts");
    const live = liveDeps(flags, io);
    if (flags.skip_preflight !== true) {
      const { preflight, PreflightError } = await import("./preflight.ts");
      try {
        await preflight(live.config, { roles: liveRoles(live.models) });
      } catch (e) {
        if (!(e instanceof PreflightError)) throw e;
        io.stderr(`automem sweep: ${e.message}\n`);
        return EXIT.failure;
      }
    }
    const queue = await openQueue(flags, io);
    const executor = queue
      ? (await import("../search/queue/mod.ts")).sweepQueueExecutor({
        queue,
        models: modelRefsFor(live.models, io),
        benchmark: {
          name: String(flags.benchmark),
          options: JSON.parse(JSON.stringify(benchOptions)),
          dataset_hash: benchmark.datasetHash,
        },
        embedder: live.embedder,
        signal: io.signal,
        onUnit: unitLogger(io, false),
      })
      : undefined;
    let summary;
    try {
      summary = await runSweep({
        benchmark,
        split: flags.split as "search",
        sizes: {
          warmup: Number(flags.warmup_n),
          search: Number(flags.search_n),
          validation: Number(flags.validation_n),
          test: Number(flags.test_n),
        },
        sample: flags.sample === undefined ? undefined : Number(flags.sample),
        parallel: Number(flags.parallel),
        seed: Number(flags.seed),
        out: String(flags.out),
      }, {
        embedder: live.embedder,
        models: live.models,
        services: defaultServices,
        signal: io.signal,
        executor,
        onProgress: (done, total, entry) =>
          io.stderr(
            `${done}/${total} ${entry.fingerprint.slice(0, 12)} score ${
              entry.score.toFixed(3)
            } cost ${Math.round(entry.cost)}\n`,
          ),
      });
    } finally {
      await queue?.close();
    }
    io.stdout(JSON.stringify(summary, null, 2) + "\n");
    return io.signal.aborted ? EXIT.interrupted : EXIT.ok;
  },
};
