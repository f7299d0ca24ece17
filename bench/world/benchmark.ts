/**
 * `createWorldBenchmark`: the procedural tool-use benchmark behind the {@linkcode Benchmark}
 * port. Offline the scripted agent plays; with `deps.model` the model agent does. Either way the
 * task ends with `provider.endTask` on the real trajectory and the environment's score.
 *
 * @module
 */
import { digestOf } from "../../core/canonical_json.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../../core/trajectory.ts";
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../benchmark_port.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { errorMessage } from "../errors.ts";
import { taskIdentity } from "../task_identity.ts";
import type { AgentRun } from "./agent_run.ts";
import {
  generateFamilies,
  generateTasks,
  WORLD_GENERATOR_VERSION,
  type WorldConfig,
  worldConfig,
  type WorldFamily,
  type WorldTask,
} from "./generator.ts";
import { runModelAgent } from "./model_agent.ts";
import { runScriptedAgent } from "./scripted_agent.ts";

/** Options of {@linkcode createWorldBenchmark}. */
export interface WorldBenchmarkOptions {
  seed: number;
  /** Number of families (default 12: four clusters of three). */
  families?: number;
  tasksPerFamily?: number;
  /** Levels of the generated families (default all three). */
  levels?: readonly number[];
  /** Fraction of the task order where drifting families change; `false` disables drift. */
  drift?: number | false;
}

/** The world benchmark with its generated truth exposed for analysis and tests. */
export interface WorldBenchmark extends Benchmark {
  readonly config: WorldConfig;
  readonly families: readonly WorldFamily[];
  /** The generated task (with its hidden procedure) behind a task id. */
  worldTask(id: string): WorldTask | undefined;
}

/** Builds the benchmark; throws `BenchConfigError` naming a bad option. */
export function createWorldBenchmark(opts: WorldBenchmarkOptions): WorldBenchmark {
  const config = worldConfig(opts);
  const families = generateFamilies(config);
  const generated = generateTasks(config, families);
  const datasetHash = digestOf({ generator: WORLD_GENERATOR_VERSION, ...config });
  const byId = new Map(generated.map((t) => [t.id, t]));
  const tasks: readonly BenchTask[] = Object.freeze(generated.map((t) => ({
    id: t.id,
    text: t.text,
    level: t.level,
    identity: taskIdentity(datasetHash, t.row),
    metadata: {
      benchmark: "world",
      family: t.family,
      cluster: t.cluster,
      drifted: t.drifted,
      procedure_length: t.procedure.length,
      budget: t.budget,
      variant: t.variant,
    },
  })));

  async function runTask(
    task: BenchTask,
    provider: MemoryProvider,
    deps: RunDeps,
  ): Promise<TaskResult> {
    const found = byId.get(task.id);
    if (!found) throw new RangeError(`task '${task.id}' is not part of this world benchmark`);
    const wt = deps.maxSteps !== undefined && deps.maxSteps < found.budget
      ? { ...found, budget: deps.maxSteps }
      : found;
    const started = deps.clock.now();
    const ctx: TaskContext = {
      id: wt.id,
      text: wt.text,
      level: wt.level,
      metadata: { benchmark: "world" },
    };
    const run: AgentRun = deps.model
      ? await runModelAgent(wt, ctx, provider, deps.model, deps.signal)
      : await runScriptedAgent(wt, ctx, provider, config.seed);
    const ep = run.episode;
    const n = wt.procedure.length;
    const summary = ep.done ? "request complete" : `incomplete (${ep.completed}/${n} steps)`;
    const failedSteps = run.steps.filter((s) => s.error);
    const lastError = failedSteps.at(-1)?.observation;
    const outcome: TaskOutcome = { success: ep.done, score: ep.score, answer: summary };
    if (!ep.done) {
      outcome.failure_reason =
        `stopped after ${ep.calls} of ${wt.budget} calls with ${ep.completed}/${n} steps done` +
        (lastError ? `; last error: ${lastError}` : "");
    }
    const trajectory: Trajectory = {
      task_id: wt.id,
      query: wt.text,
      steps: run.steps,
      final_answer: summary,
    };
    let error = run.error;
    try {
      await provider.endTask(ctx, trajectory, outcome);
    } catch (e) {
      error = [error, `endTask failed: ${errorMessage(e)}`].filter(Boolean).join("; ");
    }
    const result: TaskResult = {
      task_id: wt.id,
      identity: task.identity,
      level: wt.level,
      success: ep.done,
      score: ep.score,
      judge_status: "rule",
      steps: run.steps.length,
      tokens: { task: { prompt: run.promptTokens, completion: run.completionTokens } },
      total_tokens: run.promptTokens + run.completionTokens,
      memory_tokens: run.memoryTokens,
      latency_ms: Math.max(0, deps.clock.now() - started),
      answer: summary,
      metrics: {
        completed_steps: ep.completed,
        procedure_length: n,
        budget: wt.budget,
        errors: failedSteps.length,
        refreshed: run.refreshed ? 1 : 0,
        guidance_units: run.guidance.reduce((k, g) => k + g.unit_ids.length, 0),
        followed_memory: run.plan.startsWith("memory:") ? 1 : 0,
        drifted: wt.drifted ? 1 : 0,
      },
      trace: provider.traceOf(wt.id) ?? null,
    };
    if (error) result.error = error;
    return result;
  }

  return {
    id: "world",
    datasetHash,
    synthetic: false,
    config,
    families,
    tasks: () => tasks,
    worldTask: (id) => byId.get(id),
    runTask,
  };
}
