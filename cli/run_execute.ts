/**
 * The body of `automem run` (see `run_command.ts`): models, benchmark, memory, the task loop and
 * the outputs. Offline (no endpoint, or `--offline`) every time source is a logical clock, so
 * two offline runs with the same seed write byte-identical files. For protected benchmarks the
 * response cache is off and a memory store lives in a private temporary folder, RAM-backed
 * (`/dev/shm`) where the machine has one, removed at exit, so no decrypted text reaches the disk.
 *
 * @module
 */
import { createTaskProgress } from "./task_progress.ts";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../core/atomic_write.ts";
import { logicalClock, systemClock } from "../core/clock.ts";
import { loadConfig } from "../core/config.ts";
import type { ChatModel } from "../core/ports.ts";
import { createRng } from "../core/rng.ts";
import { tokenCapped } from "../core/token_cap.ts";
import type { WebScorer } from "../bench/web_bench/judges.ts";
import type { WebBenchmarkKind } from "../bench/web_bench/kinds.ts";
import type { WebToolkit } from "../bench/web_bench/toolkit.ts";
import { openWebBenchmark } from "../bench/web_bench/open.ts";
import { formatRunReport, summarizeRun } from "../bench/web_bench/run_report.ts";
import { parseTaskIndices, runWebTasks, selectTasks } from "../bench/web_bench/run_tasks.ts";
import { DataUnavailableError, TaskFileError } from "../bench/errors.ts";
import { isAutomemError } from "../core/automem_error.ts";
import { type Flags, trimmedFlag } from "./args.ts";
import { countFiles, openRunMemory } from "./run_memory.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import { buildModels } from "./model_deps.ts";

/** Builds the agent's tools for a run (injectable for tests). */
export type ToolkitFactory = (
  kind: WebBenchmarkKind,
  opts: { io: CliIo; allowPrivate: boolean; offline: boolean; fixturePort?: number },
) => Promise<WebToolkit>;

/** Writes the JSONL of valid results and the report; returns the report text. */
export async function writeRunOutputs(
  outfile: string,
  reportPath: string,
  lines: readonly string[],
  report: string,
): Promise<void> {
  await writeFileAtomic(outfile, lines.map((l) => l + "\n").join(""));
  await writeFileAtomic(reportPath, report);
}

/** The default run folder for a benchmark. */
export function defaultRunDir(kind: WebBenchmarkKind): string {
  return join("runs", `run-${kind.key}`);
}

/** Validated numeric options of a run. */
export interface RunOptions {
  maxSteps: number;
  concurrency: number;
  sampleNum?: number;
  tokenBudget?: number;
  taskTokenCap?: number;
  taskWallS?: number;
  summaryInterval: number;
  level?: number;
  toolkitFactory: ToolkitFactory;
}

/** Runs the benchmark; returns the exit code. */
export async function executeRun(
  kind: WebBenchmarkKind,
  flags: Flags,
  io: CliIo,
  opts: RunOptions,
): Promise<number> {
  const offline = flags.offline === true;
  if (flags.queue !== undefined && trimmedFlag(flags.spec)) {
    throw new UsageError(
      "--queue runs every task as its own job without memory; with --spec the tasks share one evolving memory, so run it without --queue",
    );
  }
  const config = loadConfig({
    env: io.env,
    cwd: io.cwd,
    flags: { model: trimmedFlag(flags.model), judgeModel: trimmedFlag(flags.judge_model) },
  });
  // Protected prompts must not land in the on-disk response cache.
  const models = offline
    ? {}
    : buildModels(kind.protected ? { ...config, cache: { ...config.cache, mode: "off" } } : config);
  if (!offline && models.task && flags.skip_preflight !== true) {
    // A dead endpoint fails here in seconds, not as a run of unjudged tasks.
    const { preflight, PreflightError } = await import("./preflight.ts");
    const roles = (["task", "judge", "memory"] as const).filter((r) => models[r] !== undefined);
    try {
      await preflight(config, { roles });
    } catch (e) {
      if (!(e instanceof PreflightError)) throw e;
      io.stderr(`automem run: ${e.message}\n`);
      return EXIT.failure;
    }
  }
  const budget = opts.tokenBudget ?? kind.tokenBudget;
  const task: ChatModel | undefined = models.task && tokenCapped(models.task, budget);
  const judge: ChatModel | undefined = models.judge && tokenCapped(models.judge, 4096);
  if (flags.scorer === "judge" && !judge) {
    throw new UsageError("--scorer judge needs a judge model (--judge_model and its endpoint)");
  }
  const toolkitOpts = {
    io,
    allowPrivate: flags.allow_private_addresses === true,
    offline: offline || !task,
    ...(flags.fixture_web === true ? { fixturePort: Number(flags.fixture_port) } : {}),
  };
  // With --queue the workers run the tasks with their own toolkits; this process only reads
  // the task file.
  const toolkit: WebToolkit = flags.queue === undefined
    ? await opts.toolkitFactory(kind, toolkitOpts)
    : { tools: () => [], context: { fetch, clock: logicalClock(), allowPrivateAddresses: false } };
  try {
    return await runWith(kind, flags, io, opts, {
      config,
      models,
      task,
      judge,
      budget,
      offline,
      toolkit,
    });
  } finally {
    await toolkit.close?.();
  }
}

interface Prepared {
  config: ReturnType<typeof loadConfig>;
  models: ReturnType<typeof buildModels>;
  task?: ChatModel;
  judge?: ChatModel;
  budget: number;
  offline: boolean;
  toolkit: WebToolkit;
}

async function runWith(
  kind: WebBenchmarkKind,
  flags: Flags,
  io: CliIo,
  opts: RunOptions,
  { config, models, task, judge, budget, offline, toolkit }: Prepared,
): Promise<number> {
  const infile = resolve(io.cwd, String(flags.infile));
  const filters = {
    level: opts.level,
    difficulty: trimmedFlag(flags.difficulty),
    lang: trimmedFlag(flags.lang),
    domain: trimmedFlag(flags.domain),
    question_type: trimmedFlag(flags.question_type),
  };
  const limits = {
    maxSteps: opts.maxSteps,
    maxTokensPerCall: budget,
    summaryInterval: flags.skip_summary === true ? 0 : opts.summaryInterval,
    toolMode: flags.tool_mode as "auto" | "native" | "json",
    ...(opts.taskTokenCap ? { taskTokenCap: opts.taskTokenCap } : {}),
    ...(opts.taskWallS ? { wallMs: opts.taskWallS * 1000 } : {}),
  };
  let benchmark;
  try {
    benchmark = await openWebBenchmark(kind, infile, {
      toolkit,
      filters,
      ingest: flags.disable_memory_evolution !== true,
      limits,
      scorer: flags.scorer as WebScorer,
    });
  } catch (e) {
    if (e instanceof TaskFileError || e instanceof DataUnavailableError) {
      io.stderr(`automem run: ${e.message}\n`);
      return EXIT.failure;
    }
    throw e;
  }
  let selected;
  try {
    const indices = trimmedFlag(flags.task_indices);
    selected = selectTasks(
      benchmark.tasks(),
      indices ? parseTaskIndices(indices) : undefined,
      opts.sampleNum,
    );
  } catch (e) {
    if (isAutomemError(e, "invalid_task_indices")) throw new UsageError(e.message);
    throw e;
  }
  const outDir = resolve(io.cwd, trimmedFlag(flags.output_dir) ?? defaultRunDir(kind));
  const tasksDir = resolve(io.cwd, trimmedFlag(flags.direct_output_dir) ?? join(outDir, "tasks"));
  const outfile = resolve(io.cwd, trimmedFlag(flags.outfile) ?? join(outDir, "results.jsonl"));
  await Deno.mkdir(outDir, { recursive: true });
  const clock = task ? systemClock : logicalClock();
  const { provider, cleanup } = await openRunMemory(flags, io, kind, outDir, {
    config,
    clock,
    memoryModel: offline ? undefined : models.memory,
    // Unit ids must not repeat when a resumed run adds to the same store.
    idPrefix: `u-run-r${await countFiles(tasksDir)}-`,
  });
  const progress = createTaskProgress({
    stream: { write: (t) => io.stderr(t), isTTY: io.isTTY },
    isTTY: io.isTTY,
    quiet: flags.quiet === true,
    name: kind.name,
    total: selected.length,
  });
  const queued = flags.queue === undefined ? undefined : await (await import("./run_queue.ts"))
    .openRunQueue(flags, io, (line) => flags.quiet === true || io.stderr(line));
  let result;
  try {
    result = await runWebTasks({
      ...(queued
        ? {
          remote: queued.runner({
            benchmark: kind.name,
            infile,
            dataset_hash: benchmark.datasetHash,
            filters: JSON.parse(JSON.stringify(filters)),
            limits: JSON.parse(JSON.stringify(limits)),
            ingest: flags.disable_memory_evolution !== true,
            scorer: flags.scorer as WebScorer,
            seed: Number(flags.seed),
            max_steps: opts.maxSteps,
            token_budget: budget,
            models: (await import("./queue_commands.ts")).modelRefsFor(models, io),
            offline,
            toolkit: {
              allow_private: flags.allow_private_addresses === true,
              fixture_port: flags.fixture_web === true ? Number(flags.fixture_port) : null,
            },
            web: flags.fixture_web === true
              ? null
              : { search: config.web.search.provider, reader: config.web.reader.kind },
          }),
        }
        : {}),
      benchmark,
      tasks: selected,
      tasksDir,
      provider,
      deps: { model: task, judge, clock, signal: io.signal, maxSteps: opts.maxSteps },
      rng: createRng(`run:${kind.key}:${flags.seed}`),
      // Through the queue every task is submitted at once; the workers set the pace.
      concurrency: queued ? selected.length : opts.concurrency,
      onTask: ({ done, total, file, skipped }) => {
        const outcome = skipped
          ? "kept"
          : file.status !== "success"
          ? "error"
          : file.task_score >= 1
          ? "correct"
          : "incorrect";
        progress.task({
          done,
          total,
          outcome,
          line: `[${done}/${total}] item ${file.item_index}: ` +
            (skipped
              ? "valid result kept"
              : `${outcome}, ${file.result.steps} steps, ${file.result.total_tokens} tokens`),
        });
      },
    });
  } finally {
    progress.close();
    await provider.close().catch(() => {});
    await cleanup();
    await queued?.close();
  }
  if (io.signal.aborted) {
    io.stderr("automem run: interrupted; rerun the same command to resume\n");
    return EXIT.interrupted;
  }
  const items = selected.map((t) => Number(t.metadata.item_index));
  const summary = summarizeRun(kind.name, items, result.files);
  const report = formatRunReport(summary);
  const lines = result.files.filter((f) => f !== undefined).map((f) => JSON.stringify(f));
  await writeRunOutputs(outfile, join(outDir, "report.txt"), lines, report);
  io.stdout(report);
  return summary.missing_items.length === 0 ? EXIT.ok : EXIT.failure;
}
