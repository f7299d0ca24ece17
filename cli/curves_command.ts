/**
 * `automem curves`: judges search runs against a sweep landscape — per run, the landscape score
 * of each new architecture in evaluation order, the best-so-far curve and the evaluations needed
 * to come within a margin of the landscape's best; per proposer, the medians. Architectures the
 * sweep did not sample are scored on its task set first and appended to its `landscape.jsonl`.
 *
 * @module
 */
import type { CurvesReport } from "../search/strategy_curves.ts";
import type { CommandDef } from "./command.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import { replaysFrom } from "./replay_flags.ts";

const f3 = (x: number | null) => (x === null ? "never" : x.toFixed(3));
const cell = (x: number | null) => (x === null ? "never" : String(x));

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd())
    .join("\n") + "\n";
}

/** Renders a curves report as plain-text tables. */
export function formatCurves(report: CurvesReport): string {
  const pct = `${+(report.within * 100).toFixed(4)} %`;
  // Runs from several seeds often share a name; then their directory tells them apart.
  const names = report.runs.map((r) => r.run_name);
  const label = (r: CurvesReport["runs"][number]) =>
    names.filter((n) => n === r.run_name).length > 1 ? r.run_dir : r.run_name;
  const out: string[] = [];
  for (const l of report.landscapes) {
    out.push(
      `landscape ${l.dir}: ${l.n_swept} swept + ${l.n_added} added, best ${
        l.best.score.toFixed(3)
      }; within ${pct} means ≥ ${
        l.threshold.toFixed(3)
      }; ${l.n_swept_within} of the swept are, so uniform random search needs a median of ${
        cell(l.random_median_evals)
      } evaluations\n`,
    );
  }
  out.push(
    "\n" + table([
      [
        "run",
        "proposer",
        "seed",
        "bootstrap",
        "evals",
        "repeats",
        `evals to within ${pct}`,
        "after bootstrap",
        "tokens to within",
        "final best",
      ],
      ...report.runs.map((r) => [
        label(r) + (r.dataset_match ? "" : " (other dataset)"),
        r.proposer,
        r.seed === null ? "-" : String(r.seed),
        `${r.bootstrap} (${r.n_bootstrap})`,
        String(r.n_evaluations),
        String(r.repeats),
        cell(r.evals_to_within),
        cell(r.evals_after_bootstrap),
        cell(r.tokens_to_within),
        `${f3(r.final_best)} of ${r.landscape_best.toFixed(3)}`,
      ]),
    ]),
  );
  out.push("\nbest-so-far after n evaluations:\n");
  for (const r of report.runs) {
    out.push(`  ${label(r)}: ${r.best_so_far.map((v) => v.toFixed(3)).join(" ")}\n`);
  }
  out.push(
    "\n" + table([
      [
        "proposer",
        "runs",
        "reached",
        `median evals to within ${pct}`,
        "after bootstrap",
        "median tokens to within",
        "median final / best",
      ],
      ...report.proposers.map((p) => [
        p.proposer,
        String(p.runs),
        String(p.reached),
        cell(p.median_evals_to_within),
        cell(p.median_evals_after_bootstrap),
        cell(p.median_tokens_to_within),
        f3(p.median_final_relative),
      ]),
    ]),
  );
  const n = Math.max(0, ...report.proposers.map((p) => p.median_relative_curve.length));
  if (n > 0) {
    out.push("\nmedian best-so-far / landscape best, n = 1.." + n + ":\n");
    out.push(table([
      ["n", ...Array.from({ length: n }, (_, i) => String(i + 1))],
      ...report.proposers.map((p) => [p.proposer, ...p.median_relative_curve.map(f3)]),
    ]));
  }
  return out.join("");
}

async function offlineOrLive(io: CliIo) {
  const { loadConfig } = await import("../core/config.ts");
  const { buildEmbedder, buildModels } = await import("./model_deps.ts");
  const config = loadConfig({ env: io.env, cwd: io.cwd, flags: {} });
  return { models: buildModels(config), embedder: buildEmbedder(config) };
}

/** `automem curves`. */
export const curvesCommand: CommandDef = {
  name: "curves",
  usage:
    "automem curves --landscape DIR[,DIR...] [RUN_DIR...] [--replay LIST --bootstrap LIST --seeds 1-5] [--within 0.02] [--json]",
  summary:
    "Judge search runs against a sweep landscape: best-so-far score after n new architectures, evaluations needed to come within --within of the landscape's best, and medians per proposer. Architectures the sweep did not sample are scored on its tasks and appended to landscape.jsonl. With several landscapes each run is judged on the one with its dataset.",
  flags: [
    {
      name: "landscape",
      type: "string",
      meta: "DIR[,DIR...]",
      description: "sweep output directories (landscape.jsonl + sweep_summary.json)",
    },
    {
      name: "within",
      type: "number",
      default: 0.02,
      description: "margin below the landscape's best, as a fraction",
    },
    { name: "json", type: "boolean", description: "print the report as JSON" },
    {
      name: "replay",
      type: "string",
      meta: "LIST",
      description:
        "strategies replayed on each landscape's recorded scores: rules, rules_no_fgmd, rules_no_surrogate, rules_no_both, random",
    },
    {
      name: "bootstrap",
      type: "string",
      meta: "LIST",
      default: "random",
      description: "replays: round 1's list, any of none, fixed, random (random: random:SEED)",
    },
    { name: "seeds", type: "string", meta: "LIST", default: "1-5", description: "replay seeds" },
    { name: "rounds", type: "number", default: 8, description: "replay rounds" },
    { name: "k", type: "number", default: 4, description: "replay candidates per round" },
    {
      name: "parallel",
      type: "number",
      default: 2,
      description: "missing architectures scored concurrently",
    },
    {
      name: "data_path",
      type: "string",
      meta: "FILE",
      description:
        "data file, when a locomo or reflexion-hotpotqa landscape needs more architectures (default: the benchmark's under ../shared/data)",
    },
    {
      name: "conversations",
      type: "string",
      meta: "LIST",
      description: "LoCoMo conversations or reflexion-hotpotqa questions of the sweep, e.g. 1-5",
    },
  ],
  positionals: { min: 0 },
  async run({ flags, positionals, io }) {
    if (typeof flags.landscape !== "string" || !flags.landscape.trim()) {
      throw new UsageError("--landscape is required (a sweep output directory)");
    }
    const within = Number(flags.within);
    if (!(within >= 0 && within < 1)) {
      throw new UsageError(`--within must be in [0, 1), got ${flags.within}`);
    }
    const parallel = Number(flags.parallel);
    if (!Number.isInteger(parallel) || parallel < 1) {
      throw new UsageError(`--parallel must be a positive integer, got ${flags.parallel}`);
    }
    const replays = replaysFrom(flags);
    if (!positionals.length && !replays.length) {
      throw new UsageError("give search run directories, --replay, or both");
    }
    const { strategyCurves } = await import("../search/strategy_curves.ts");
    const { SearchError } = await import("../search/errors.ts");
    const { RunDirError } = await import("../run_dir/errors.ts");
    const { createBenchmark } = await import("../bench/registry.ts");
    const { defaultServices } = await import("../search/services.ts");
    const { parseRanges } = await import("./memory_commands.ts");
    const { defaultDataPath } = await import("../bench/data_paths.ts");
    const live = await offlineOrLive(io);
    try {
      const report = await strategyCurves({
        landscapes: flags.landscape.split(",").map((d) => d.trim()).filter(Boolean),
        runs: positionals,
        within,
        replays,
      }, {
        embedder: live.embedder,
        models: live.models,
        services: defaultServices,
        parallel,
        signal: io.signal,
        benchmarkFor: (summary) =>
          createBenchmark(summary.benchmark, {
            seed: summary.seed,
            dataPath: typeof flags.data_path === "string"
              ? flags.data_path
              : defaultDataPath(summary.benchmark),
            conversations: flags.conversations
              ? parseRanges(String(flags.conversations), "conversations")
              : undefined,
          }),
        onEvaluated: (entry, done, total) =>
          io.stderr(
            `scored ${done}/${total} ${entry.fingerprint.slice(0, 12)} ${entry.score.toFixed(3)}\n`,
          ),
      });
      io.stdout(flags.json ? JSON.stringify(report, null, 2) + "\n" : formatCurves(report));
      return EXIT.ok;
    } catch (e) {
      if (io.signal.aborted) {
        io.stderr("automem curves: interrupted; the architectures scored so far are kept\n");
        return EXIT.interrupted;
      }
      if (e instanceof SearchError || e instanceof RunDirError) {
        io.stderr(`automem curves: ${e.message}\n`);
        return e.exitCode;
      }
      throw e;
    }
  },
};
