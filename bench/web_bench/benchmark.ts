/**
 * `createWebBenchmark`: GAIA, WebWalkerQA or xBench-DeepSearch behind the {@linkcode Benchmark}
 * port. A task runs the research agent (the task model, or the toolkit's offline model), judges
 * the answer with the benchmark's judge, and — unless the judge could not decide — hands the
 * trajectory and its outcome to memory (`endTask`). A judge failure is the task's status
 * (`judge_status: "error"`), never an exception. `runWebTask` also returns the full record the
 * `automem run` command writes per task; for protected benchmarks that record and the result
 * carry no question, answer, trajectory or memory text.
 *
 * @module
 */
import { dirname, resolve } from "node:path";
import { sha256Hex } from "../../core/canonical_json.ts";
import type { Trajectory, TrajectoryStep } from "../../core/trajectory.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { type AgentLimits, type AgentStop, runResearchAgent } from "../agent/mod.ts";
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../benchmark_port.ts";
import { errorMessage } from "../errors.ts";
import { taskIdentity } from "../task_identity.ts";
import { emptyTaskResult } from "../task_result.ts";
import type { WebJudgeOutcome, WebScorer } from "./judges.ts";
import type { WebBenchmarkKind } from "./kinds.ts";
import { redactTrace } from "./redact.ts";
import type { WebToolkit } from "./toolkit.ts";
import type { WebTask } from "./web_task.ts";

/** Options of {@linkcode createWebBenchmark}. */
export interface WebBenchmarkOptions {
  kind: WebBenchmarkKind;
  /** The input file's text and path (attachments resolve against its folder). */
  text: string;
  source: string;
  toolkit: WebToolkit;
  /** Agent limits beyond `deps.maxSteps` (summary interval, task token cap, wall time…). */
  limits?: Partial<AgentLimits>;
  /** False: memory guides the agent but learns nothing (a frozen memory). Default true. */
  ingest?: boolean;
  /** How answers are graded (default `official`, as the benchmark's authors grade). */
  scorer?: WebScorer;
}

/** Everything known about one finished task (what `automem run` writes). */
export interface WebTaskRecord {
  item_index: number;
  task_id: string;
  benchmark: string;
  level: number;
  /** Absent for protected benchmarks. */
  question?: string;
  golden_answer?: string;
  agent_answer?: string;
  agent_trajectory?: TrajectoryStep[];
  retrieved_memory_context?: string[];
  injected_unit_ids: string[];
  judge: Omit<WebJudgeOutcome, "promptTokens" | "completionTokens">;
  stop: AgentStop | "no_model";
  attempts: number;
  errors: string[];
  info: Record<string, unknown>;
  result: TaskResult;
}

/** The web benchmark with its loaded tasks exposed for the runner. */
export interface WebBenchmark extends Benchmark {
  readonly kind: WebBenchmarkKind;
  /** The loaded task behind a benchmark task id. */
  webTask(id: string): WebTask | undefined;
  /** Runs one task and returns the full record. */
  runWebTask(task: BenchTask, provider: MemoryProvider, deps: RunDeps): Promise<WebTaskRecord>;
}

/** Builds the benchmark; throws `TaskFileError` (via the caller) when loading failed. */
export function createWebBenchmark(
  opts: WebBenchmarkOptions,
  loaded: readonly WebTask[],
): WebBenchmark {
  const { kind, toolkit } = opts;
  const datasetHash = sha256Hex(opts.text);
  const byId = new Map(loaded.map((t) => [t.id, t]));
  const folder = dirname(resolve(opts.source));
  const tasks: readonly BenchTask[] = Object.freeze(loaded.map((t) => ({
    id: t.id,
    text: t.question,
    level: t.level,
    identity: taskIdentity(datasetHash, t.row),
    metadata: {
      benchmark: kind.name,
      row: t.row,
      item_index: t.row + 1,
      level_given: t.levelGiven,
      ...(kind.protected ? {} : { ...t.info, answer: t.answer }),
    },
  })));

  async function runWebTask(
    task: BenchTask,
    provider: MemoryProvider,
    deps: RunDeps,
  ): Promise<WebTaskRecord> {
    const wt = byId.get(task.id);
    if (!wt) throw new RangeError(`task '${task.id}' is not part of this ${kind.name} file`);
    const started = deps.clock.now();
    const ctx = {
      id: wt.id,
      text: wt.question,
      level: wt.level,
      metadata: { benchmark: kind.name },
    };
    const result = emptyTaskResult(task, "unjudged");
    const record: WebTaskRecord = {
      item_index: wt.row + 1,
      task_id: wt.id,
      benchmark: kind.name,
      level: wt.level,
      ...(kind.protected ? {} : { question: wt.question, golden_answer: wt.answer }),
      injected_unit_ids: [],
      judge: { verdict: null, status: "error", reason: "not judged" },
      stop: "no_model",
      attempts: 0,
      errors: [],
      info: kind.protected ? {} : wt.info,
      result,
    };
    const model = deps.model ?? toolkit.offlineModel?.(wt);
    if (!model) {
      result.error = `${kind.name} needs a task model (--model) or the offline agent`;
      return finish(record, provider, deps, started);
    }
    const run = await runResearchAgent({
      task: ctx,
      prompt: kind.prompt(wt),
      model,
      tools: toolkit.tools({ webOnly: kind.webOnly }),
      toolContext: {
        ...toolkit.context,
        // Tools condense pages with the real task model only, never with the offline agent.
        ...(deps.model ? { model: deps.model } : {}),
        signal: deps.signal,
        ...(kind.name === "GAIA" ? { attachmentsDir: folder } : {}),
      },
      provider,
      rng: deps.rng,
      clock: deps.clock,
      signal: deps.signal,
      limits: {
        maxTokensPerCall: kind.tokenBudget,
        ...opts.limits,
        ...(deps.maxSteps !== undefined ? { maxSteps: deps.maxSteps } : {}),
      },
    });
    Object.assign(record, { stop: run.stop, attempts: run.attempts, errors: run.errors });
    record.injected_unit_ids = [...new Set(run.guidance.flatMap((g) => g.unit_ids))];
    if (!kind.protected) {
      record.agent_answer = run.answer;
      record.agent_trajectory = run.steps;
      record.retrieved_memory_context = [...new Set(run.guidance.map((g) => g.text))];
      result.answer = run.answer;
    }
    result.steps = run.steps.filter((s) => s.kind === "action").length;
    result.tokens.task = { prompt: run.promptTokens, completion: run.completionTokens };
    result.memory_tokens = run.memoryTokens;
    result.metrics = {
      model_calls: run.calls,
      attempts: run.attempts,
      refreshed: run.refreshed ? 1 : 0,
      guidance_units: record.injected_unit_ids.length,
      tool_errors: run.steps.filter((s) => s.error).length,
      summary_interval: run.summaryInterval,
      reached_final_answer: run.stop === "final_answer" ? 1 : 0,
    };
    if (run.stop === "error") {
      result.judge_status = "error";
      result.error = `agent failed: ${run.errors.at(-1) ?? "unknown error"}`;
      return finish(record, provider, deps, started);
    }
    const verdict = await kind.judge(
      { question: wt.question, expected: wt.answer, predicted: run.answer },
      deps.judge,
      deps.signal,
      opts.scorer ?? "official",
    );
    const { promptTokens, completionTokens, ...judge } = verdict;
    record.judge = kind.protected ? { ...judge, reason: judge.status } : judge;
    if (promptTokens + completionTokens > 0) {
      result.tokens.judge = { prompt: promptTokens, completion: completionTokens };
    }
    result.judge_status = verdict.status;
    if (verdict.verdict === null) {
      // Unjudged: the outcome is unknown, so memory must not learn from it.
      result.error = kind.protected ? "judge failed" : verdict.reason;
      return finish(record, provider, deps, started);
    }
    result.success = verdict.verdict === "correct";
    result.score = result.success ? 1 : 0;
    // The official metric, reported beside the chosen scorer's (they differ only under `judge`).
    result.metrics = {
      ...result.metrics,
      official_correct: (verdict.official ?? verdict.verdict) === "correct" ? 1 : 0,
    };
    const trajectory: Trajectory = {
      task_id: wt.id,
      query: wt.question,
      steps: run.steps,
      final_answer: run.answer,
    };
    if (opts.ingest === false) return finish(record, provider, deps, started);
    try {
      await provider.endTask(ctx, trajectory, {
        success: result.success,
        score: result.score,
        answer: run.answer,
        ...(kind.protected ? {} : { expected: wt.answer }),
        ...(result.success ? {} : {
          failure_reason: failureReason(run.stop, kind.protected ? undefined : verdict.reason),
        }),
      });
    } catch (e) {
      record.errors.push(`memory endTask failed: ${errorMessage(e)}`);
    }
    return finish(record, provider, deps, started);
  }

  function finish(
    record: WebTaskRecord,
    provider: MemoryProvider,
    deps: RunDeps,
    started: number,
  ): WebTaskRecord {
    const r = record.result;
    r.total_tokens = Object.values(r.tokens).reduce((n, t) => n + t.prompt + t.completion, 0);
    r.latency_ms = Math.max(0, deps.clock.now() - started);
    const trace = provider.traceOf(r.task_id) ?? null;
    r.trace = kind.protected ? redactTrace(trace) : trace;
    return record;
  }

  return {
    id: kind.key,
    datasetHash,
    synthetic: false,
    ...(kind.protected ? { protectedSecret: opts.text } : {}),
    kind,
    tasks: () => tasks,
    webTask: (id) => byId.get(id),
    runWebTask,
    runTask: async (task, provider, deps) => (await runWebTask(task, provider, deps)).result,
  };
}

function failureReason(stop: AgentStop, judgeReason: string | undefined): string {
  const why = stop === "final_answer" ? "answered" : `stopped (${stop})`;
  return `${why}; judged incorrect${judgeReason ? `: ${judgeReason}` : ""}`;
}
