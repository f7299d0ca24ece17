/**
 * `automem run`: one of the web benchmarks (GAIA, WebWalkerQA, xBench-DeepSearch) end to end with
 * the research agent, the reference runners' flags, resumable per-task result files, a JSONL
 * output, a text report and progress lines on stderr. Exit 0 only when every selected task has a
 * valid (judged) result; 1 otherwise, 130 when interrupted.
 *
 * @module
 */
import type { FlagDef } from "./args.ts";
import type { ToolkitFactory } from "./run_execute.ts";
import type { CommandDef } from "./command.ts";
import { UsageError } from "./io.ts";
import { QUEUE_FLAG } from "./queue_commands.ts";
import { booleanFlag as B, numberFlag as N, stringFlag as S } from "./flag_builders.ts";

/** Every flag of `automem run`. */
export const RUN_FLAGS: readonly FlagDef[] = [
  S("benchmark", "GAIA | WebWalkerQA | xBench-DeepSearch (any case)", "NAME"),
  S("infile", "the benchmark file (GAIA/WebWalkerQA JSON or JSONL, xBench CSV)", "FILE"),
  S("outfile", "JSONL of every valid result (default <output_dir>/results.jsonl)", "FILE"),
  S("output_dir", "run folder (default runs/run-<benchmark>)", "DIR"),
  S("direct_output_dir", "folder of the per-task files (default <output_dir>/tasks)", "DIR"),
  S("task_indices", "1-based items, e.g. 1,3,5-8 (default all)", "LIST"),
  N("sample_num", "run only the first N selected tasks"),
  N("concurrency", "tasks at once (1 keeps a memory run reproducible)", 1),
  N("seed", "seed of the agent's random choices", 42),
  N("max_steps", "agent action steps before the final-answer prompt", 40),
  N("token_budget", "max completion tokens per model call (default per benchmark)"),
  N("task_token_cap", "stop a task once its model calls used this many tokens"),
  N("task_wall_s", "stop a task after this many seconds"),
  N("summary_interval", "summary every N steps (seeded jitter of ±1)", 8),
  B("skip_summary", "no summary steps"),
  B("disable_memory_evolution", "with --spec: memory guides but learns nothing from this run"),
  {
    name: "tool_mode",
    type: "string",
    description: "native tool calls, JSON actions, or native with JSON fallback",
    choices: ["auto", "native", "json"],
    default: "auto",
  },
  S("model", "task model id (needs an endpoint; without one the offline agent plays)", "ID"),
  S("judge_model", "judge model id", "ID"),
  {
    name: "scorer",
    type: "string",
    description: "official: grade as the benchmark's authors do (GAIA's scorer, no judge model); " +
      "judge: GAIA's scorer rejections re-graded by the judge model (official metric kept beside)",
    choices: ["official", "judge"],
    default: "official",
  },
  S("spec", "memory architecture spec (JSON); without it the agent runs with no memory", "FILE"),
  N("level", "GAIA: only this level (1-3)"),
  S("difficulty", "WebWalkerQA: easy | medium | hard", "NAME"),
  S("lang", "WebWalkerQA: en | zh", "NAME"),
  S("domain", "WebWalkerQA: only this domain", "NAME"),
  S("question_type", "WebWalkerQA: single_source | multi_source", "NAME"),
  B("offline", "use the offline scripted agent even when a model is configured"),
  B("fixture_web", "serve the fixture web on 127.0.0.1 and search it (offline runs, tests)"),
  N("fixture_port", "port of the fixture web (the fixture task files name it)", 38117),
  B("allow_private_addresses", "let the fetch tools reach loopback/private hosts (fixture web)"),
  B("quiet", "no progress lines"),
  B("skip_preflight", "start without the one-call check of every configured endpoint"),
  {
    ...QUEUE_FLAG,
    description: "run each task as a job on `automem worker`s through Redis (not with --spec)",
  },
];

function num(flags: Record<string, unknown>, name: string): number | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1) {
    throw new UsageError(`--${name} must be a positive integer, got ${v}`);
  }
  return v;
}

/** `automem run` with an explicit toolkit factory. */
export function makeRunCommand(toolkitFactory: ToolkitFactory): CommandDef {
  return {
    name: "run",
    usage: "automem run --benchmark GAIA|WebWalkerQA|xBench-DeepSearch --infile F [options]",
    summary:
      "Run a web benchmark with the research agent: per-task result files (atomic, resumable), JSONL output, report.txt, progress on stderr. Exit 1 unless every selected task has a judged result.",
    flags: RUN_FLAGS,
    positionals: { min: 0, max: 0 },
    async run({ flags, io }) {
      const { webKindOf } = await import("../bench/web_bench/kinds.ts");
      const kind = webKindOf(String(flags.benchmark ?? ""));
      if (!kind) {
        throw new UsageError(
          "--benchmark must be GAIA, WebWalkerQA or xBench-DeepSearch" +
            (flags.benchmark ? ` (got '${flags.benchmark}')` : ""),
        );
      }
      if (!flags.infile) throw new UsageError("--infile FILE is required");
      const { executeRun } = await import("./run_execute.ts");
      return await executeRun(kind, flags, io, {
        maxSteps: num(flags, "max_steps")!,
        concurrency: num(flags, "concurrency")!,
        sampleNum: num(flags, "sample_num"),
        tokenBudget: num(flags, "token_budget"),
        taskTokenCap: num(flags, "task_token_cap"),
        taskWallS: num(flags, "task_wall_s"),
        summaryInterval: num(flags, "summary_interval")!,
        level: num(flags, "level"),
        toolkitFactory,
      });
    },
  };
}
