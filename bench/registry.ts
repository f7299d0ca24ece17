/**
 * One entry point for the CLI and the search engine: `createBenchmark(name, options)` builds the
 * `world`, `locomo`, `reflexion-hotpotqa` or `file` benchmark, or one of the web benchmarks (`GAIA`, `WebWalkerQA`,
 * `xBench-DeepSearch`, any case), checking that the options it needs are there.
 *
 * @module
 */
import type { Benchmark } from "./benchmark_port.ts";
import { BenchConfigError } from "./errors.ts";
import { createLocomoBenchmark } from "./locomo/benchmark.ts";
import { createReflexionHotpotBenchmark } from "./reflexion_hotpotqa/benchmark.ts";
import { createTaskFileBenchmark } from "./task_file/benchmark.ts";
import { createWorldBenchmark } from "./world/benchmark.ts";
import type { AgentLimits } from "./agent/mod.ts";
import { webKindOf } from "./web_bench/kinds.ts";
import { openWebBenchmark, type WebFilters } from "./web_bench/open.ts";
import type { WebToolkit } from "./web_bench/toolkit.ts";

/** The benchmark names. */
export const BENCHMARK_NAMES = [
  "world",
  "locomo",
  "reflexion-hotpotqa",
  "file",
  "gaia",
  "webwalkerqa",
  "xbench-deepsearch",
] as const;

/** One benchmark name. */
export type BenchmarkName = typeof BENCHMARK_NAMES[number];

/** Options of every benchmark; each reads its own. */
export interface BenchmarkOptions {
  /** world: generator seed (required). */
  seed?: number;
  /** world: number of families. */
  families?: number;
  /** world: tasks per family. */
  tasksPerFamily?: number;
  /** world: levels of the families. */
  levels?: readonly number[];
  /** world: drift position as a fraction of the task order, or false. */
  drift?: number | false;
  /** locomo: path of `locomo10.json`; reflexion-hotpotqa: path of the log (required). */
  dataPath?: string;
  /** locomo: 1-based conversation numbers; reflexion-hotpotqa: 1-based question numbers. */
  conversations?: readonly number[];
  /** locomo: units per question for recall@k. */
  k?: number;
  /** file: path of the task file (required). */
  infile?: string;
  /** file: synthetic dry-run scores. */
  dryRun?: boolean;
  /** gaia, webwalkerqa, xbench-deepsearch: the agent's tools (required; `infile` too). */
  webToolkit?: WebToolkit;
  /** Web benchmarks: task filters. */
  webFilters?: WebFilters;
  /** Web benchmarks: agent limits beyond `--max_steps`. */
  webLimits?: Partial<AgentLimits>;
}

/** Is `name` a benchmark name? */
export function isBenchmarkName(name: string): name is BenchmarkName {
  return (BENCHMARK_NAMES as readonly string[]).includes(name);
}

/**
 * Builds a benchmark. Throws `BenchConfigError` for an unknown name or a missing option,
 * `DataUnavailableError` when a data file is absent, `TaskFileError` for an invalid file.
 */
export async function createBenchmark(name: string, opts: BenchmarkOptions): Promise<Benchmark> {
  const web = webKindOf(name);
  if (web) {
    if (!opts.infile) throw new BenchConfigError("infile", `${web.name} needs --infile`);
    if (!opts.webToolkit) {
      throw new BenchConfigError("webToolkit", `${web.name} needs the agent's tools`);
    }
    return await openWebBenchmark(web, opts.infile, {
      toolkit: opts.webToolkit,
      filters: opts.webFilters,
      limits: opts.webLimits,
    });
  }
  if (!isBenchmarkName(name)) {
    throw new BenchConfigError(
      "benchmark",
      `unknown benchmark '${name}'; expected one of: ${BENCHMARK_NAMES.join(", ")}`,
    );
  }
  switch (name) {
    case "world": {
      if (opts.seed === undefined) {
        throw new BenchConfigError("seed", "the world benchmark needs a seed");
      }
      return createWorldBenchmark({
        seed: opts.seed,
        families: opts.families,
        tasksPerFamily: opts.tasksPerFamily,
        levels: opts.levels,
        drift: opts.drift,
      });
    }
    case "locomo": {
      if (!opts.dataPath) {
        throw new BenchConfigError(
          "dataPath",
          "the locomo benchmark needs the path of locomo10.json",
        );
      }
      return await createLocomoBenchmark({
        dataPath: opts.dataPath,
        conversations: opts.conversations,
        k: opts.k,
      });
    }
    case "reflexion-hotpotqa": {
      if (!opts.dataPath) {
        throw new BenchConfigError(
          "dataPath",
          "the reflexion-hotpotqa benchmark needs the path of the Reflexion HotpotQA log",
        );
      }
      return await createReflexionHotpotBenchmark({
        dataPath: opts.dataPath,
        questions: opts.conversations,
      });
    }
    case "file": {
      if (!opts.infile) throw new BenchConfigError("infile", "the file benchmark needs --infile");
      return await createTaskFileBenchmark(opts.infile, { synthetic: opts.dryRun ?? false });
    }
    default:
      throw new BenchConfigError("benchmark", `benchmark '${name}' has no factory`);
  }
}
