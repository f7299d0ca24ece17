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
import { answerInto } from "../answer.ts";
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../benchmark_port.ts";
import { DataUnavailableError, errorMessage, TaskFileError } from "../errors.ts";
import { judgeInto } from "../judge.ts";
import { taskIdentity } from "../task_identity.ts";
import { emptyTaskResult, finishTaskResult } from "../task_result.ts";
import { dryRunBaselineScore, syntheticTaskScore } from "./dry_run.ts";
import { type FileTask, parseTaskFile } from "./parse.ts";

/** Options of {@linkcode taskFileBenchmark}. */
export interface TaskFileOptions {
  /** Dry run: synthetic scores only. */
  synthetic: boolean;
  /** Benchmark id (default `file`). */
  id?: string;
}

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
    return { ...emptyTaskResult(task, "synthetic"), success: score === 1, score };
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
    const result = emptyTaskResult(task, "unjudged");
    const finish = () => finishTaskResult(result, provider, deps.clock, started);
    if (!deps.model) {
      result.error = "task files are scored with a task model or in a dry run; none was given";
      return finish();
    }
    try {
      const guidance = await provider.beginTask(ctx);
      const answer = await answerInto(
        result,
        deps.model,
        guidance?.text,
        task.text,
        "task_answer",
        deps.signal,
      );
      result.memory_tokens = guidance?.tokens ?? 0;
      if (row.answer === undefined) {
        result.error = "the row has no answer to judge against";
        return finish();
      }
      const verdict = await judgeInto(result, deps.judge, {
        question: task.text,
        expected: row.answer,
        predicted: answer,
      }, deps.signal);
      if (verdict.verdict === null) return finish();
      const trajectory: Trajectory = {
        task_id: task.id,
        query: task.text,
        steps: [{ ref: "step:0", kind: "summary", text: answer }],
        final_answer: answer,
      };
      await provider.endTask(ctx, trajectory, {
        success: result.success,
        score: result.score,
        answer,
        ...(result.success ? {} : { failure_reason: `judged incorrect: ${verdict.reason}` }),
      });
    } catch (e) {
      result.error = errorMessage(e);
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
    if (e instanceof Deno.errors.NotFound) {
      throw new DataUnavailableError(path, undefined, { cause: e });
    }
    throw e;
  }
  return taskFileBenchmark(text, path, opts);
}
