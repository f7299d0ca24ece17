/**
 * The task-file benchmark (`--infile`). In a dry run (`synthetic: true`) every score is the
 * deterministic pseudo-score of `dry_run.ts` and the provider is never touched (trace null).
 * Otherwise a task model answers each task from the provider's guidance (prompt
 * `prompts/locomo_answer.md`), the answer is judged against the row's `answer` (model judge with
 * `deps.judge`, else the rule judge), and `endTask` receives the answer and the verdict. A row
 * without an answer, or a run without a model, yields an `unjudged` result with an error.
 *
 * The dataset hash is the SHA-256 of the file's bytes.
 *
 * @module
 */
import { sha256Hex } from "../../core/canonical_json.ts";
import type { TaskContext, Trajectory } from "../../core/trajectory.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { answerFromMemory } from "../answer.ts";
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../benchmark_port.ts";
import { DataUnavailableError, TaskFileError } from "../errors.ts";
import { judgeInto } from "../judge.ts";
import { taskIdentity } from "../task_identity.ts";
import { dryRunBaselineScore, syntheticTaskScore } from "./dry_run.ts";
import { type FileTask, parseTaskFile } from "./parse.ts";

/** Options of {@linkcode taskFileBenchmark}. */
export interface TaskFileOptions {
  /** Dry run: synthetic scores only. */
  synthetic: boolean;
  /** Benchmark id (default `file`). */
  id?: string;
}

const message = (e: unknown) => e instanceof Error ? e.message : String(e);

/** Builds the benchmark from a task file's text; throws {@linkcode TaskFileError}. */
export function taskFileBenchmark(text: string, source: string, opts: TaskFileOptions): Benchmark {
  const parsed = parseTaskFile(text);
  if (!parsed.ok) throw new TaskFileError(source, parsed.issues);
  const datasetHash = sha256Hex(text);
  const rows = new Map<string, FileTask>(parsed.value.map((t) => [t.id, t]));
  const tasks: readonly BenchTask[] = Object.freeze(parsed.value.map((t) => ({
    id: t.id,
    text: t.text,
    level: t.level,
    identity: taskIdentity(datasetHash, t.row),
    metadata: {
      ...t.extra,
      benchmark: "file",
      row: t.row,
      level_given: t.levelGiven,
      has_answer: t.answer !== undefined,
    },
  })));

  function synthetic(task: BenchTask, row: FileTask, provider: MemoryProvider): TaskResult {
    const score = provider.plan === null
      ? dryRunBaselineScore(row.row)
      : syntheticTaskScore(provider.plan.fingerprint, task.id);
    return {
      task_id: task.id,
      identity: task.identity,
      level: task.level,
      success: score === 1,
      score,
      judge_status: "synthetic",
      steps: 0,
      tokens: {},
      total_tokens: 0,
      memory_tokens: 0,
      latency_ms: 0,
      trace: null,
    };
  }

  async function answered(
    task: BenchTask,
    row: FileTask,
    provider: MemoryProvider,
    deps: RunDeps,
  ): Promise<TaskResult> {
    const started = deps.clock.now();
    const ctx: TaskContext = {
      id: task.id,
      text: task.text,
      level: task.level,
      metadata: { benchmark: "file" },
    };
    const result: TaskResult = {
      task_id: task.id,
      identity: task.identity,
      level: task.level,
      success: false,
      score: 0,
      judge_status: "unjudged",
      steps: 0,
      tokens: {},
      total_tokens: 0,
      memory_tokens: 0,
      latency_ms: 0,
      trace: null,
    };
    const finish = () => {
      result.total_tokens = Object.values(result.tokens).reduce(
        (n, t) => n + t.prompt + t.completion,
        0,
      );
      result.latency_ms = Math.max(0, deps.clock.now() - started);
      result.trace = provider.traceOf(task.id) ?? null;
      return result;
    };
    if (!deps.model) {
      result.error = "task files are scored with a task model or in a dry run; none was given";
      return finish();
    }
    try {
      const guidance = await provider.beginTask(ctx);
      const reply = await answerFromMemory(
        deps.model,
        guidance?.text,
        task.text,
        "task_answer",
        deps.signal,
      );
      result.steps = 1;
      result.answer = reply.answer;
      result.memory_tokens = guidance?.tokens ?? 0;
      result.tokens.task = { prompt: reply.promptTokens, completion: reply.completionTokens };
      if (row.answer === undefined) {
        result.error = "the row has no answer to judge against";
        return finish();
      }
      const verdict = await judgeInto(result, deps.judge, {
        question: task.text,
        expected: row.answer,
        predicted: result.answer,
      }, deps.signal);
      if (verdict.verdict === null) return finish();
      const trajectory: Trajectory = {
        task_id: task.id,
        query: task.text,
        steps: [{ ref: "step:0", kind: "summary", text: result.answer }],
        final_answer: result.answer,
      };
      await provider.endTask(ctx, trajectory, {
        success: result.success,
        score: result.score,
        answer: result.answer,
        ...(result.success ? {} : { failure_reason: `judged incorrect: ${verdict.reason}` }),
      });
    } catch (e) {
      result.error = message(e);
    }
    return finish();
  }

  return {
    id: opts.id ?? "file",
    datasetHash,
    synthetic: opts.synthetic,
    tasks: () => tasks,
    runTask(task, provider, deps) {
      const row = rows.get(task.id);
      if (!row) throw new RangeError(`task '${task.id}' is not part of this task file`);
      return opts.synthetic
        ? Promise.resolve(synthetic(task, row, provider))
        : answered(task, row, provider, deps);
    },
  };
}

/** Reads a task file from disk; throws {@linkcode DataUnavailableError} when it is absent. */
export async function createTaskFileBenchmark(
  path: string,
  opts: TaskFileOptions,
): Promise<Benchmark> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) throw new DataUnavailableError(path);
    throw e;
  }
  return taskFileBenchmark(text, path, opts);
}
