/**
 * The games as `search` benchmarks: one episode is one task. Inside an episode the scaffold's
 * files carry memory (the two-phase agent); ACROSS episodes automem's
 * Encode×Store×Retrieve×Manage memory carries experience: its begin-of-task guidance seeds an
 * `experience.txt` file the agent can read, and the episode's actions and outcome go back to the
 * provider at the end. Offline, the scripted policies play; the score is the progression.
 *
 * @module
 */
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../bench/benchmark_port.ts";
import { errorMessage } from "../bench/errors.ts";
import { emptyTaskResult, finishTaskResult } from "../bench/task_result.ts";
import { taskIdentity } from "../bench/task_identity.ts";
import { digestOf } from "../core/canonical_json.ts";
import { asInfrastructure, isIoFault } from "../core/infra_fault.ts";
import { createRng } from "../core/rng.ts";
import type { TaskContext, Trajectory } from "../core/trajectory.ts";
import type { MemoryProvider } from "../memory/provider_port.ts";
import { MemoryAgent } from "./agent.ts";
import { createScaffoldEnv } from "./env_lookup.ts";
import { runEpisode } from "./episode.ts";
import { ScriptedScaffoldModel } from "./offline/scripted_scaffold_model.ts";
import { type ScaffoldSpec, ScaffoldSpecSchema } from "./spec.ts";
import { v0Scaffold } from "./v0.ts";

/** Game environments that are search benchmarks. */
export const GAME_BENCHMARKS = ["tiny", "nethack", "crawl"] as const;

/** Options of a game benchmark. */
export interface GameBenchmarkOptions {
  seed: number;
  /** Episodes (tasks) in the benchmark (default 200). */
  episodes?: number;
  /** Step cap of an episode when the search gives none (default 40). */
  maxSteps?: number;
  /** The scaffold (default: the environment's v0). */
  spec?: ScaffoldSpec;
}

/** The episode seeds of a benchmark: distinct, drawn from [1000, 99999] by a seeded generator. */
export function episodeSeeds(env: string, seed: number, n: number): number[] {
  const rng = createRng(`games:${env}:${seed}`);
  const out = new Set<number>();
  while (out.size < n) out.add(1000 + rng.int(99000));
  return [...out];
}

function withExperience(spec: ScaffoldSpec, text: string): ScaffoldSpec {
  return ScaffoldSpecSchema.parse({
    ...spec,
    files: [...spec.files.filter((f) => f.name !== "experience.txt"), {
      name: "experience.txt",
      seed: text === "" ? "" : text.replace(/\n*$/, "\n"),
      purpose: "lessons from earlier episodes (long-term memory, read it first)",
    }],
  });
}

/** Builds the benchmark of a game environment. */
export function createGameBenchmark(env: string, opts: GameBenchmarkOptions): Benchmark {
  const spec = opts.spec ?? v0Scaffold(env);
  const n = opts.episodes ?? 200;
  const seeds = episodeSeeds(env, opts.seed, n);
  const datasetHash = digestOf({ games: env, seed: opts.seed, episodes: n, scaffold: spec });
  const tasks: readonly BenchTask[] = Object.freeze(seeds.map((s, i) => ({
    id: `${env}-${s}`,
    text: `Play one ${env} episode (seed ${s}) and get as deep as possible.`,
    level: 1,
    identity: taskIdentity(datasetHash, i),
    metadata: { benchmark: env, seed: s },
  })));
  const bySeed = new Map(tasks.map((t) => [t.id, t.metadata.seed as number]));

  async function runTask(
    task: BenchTask,
    provider: MemoryProvider,
    deps: RunDeps,
  ): Promise<TaskResult> {
    const seed = bySeed.get(task.id);
    if (seed === undefined) {
      throw new RangeError(`task '${task.id}' is not part of the ${env} benchmark`);
    }
    const started = deps.clock.now();
    const result = emptyTaskResult(task, "rule");
    const ctx: TaskContext = {
      id: task.id,
      text: task.text,
      level: 1,
      metadata: { benchmark: env },
    };
    const maxSteps = deps.maxSteps ?? opts.maxSteps ?? 40;
    try {
      const guidance = await provider.beginTask(ctx);
      const game = await createScaffoldEnv(env, { maxSteps, signal: deps.signal });
      try {
        const scripted = new ScriptedScaffoldModel(createRng(`scaffold:${seed}`));
        const model = deps.model ?? scripted;
        const agent = new MemoryAgent(withExperience(spec, guidance?.text ?? ""), game, {
          memory: model,
          task: model,
        });
        const { result: ep, traces } = await runEpisode(game, agent, seed, {
          maxSteps,
          persistMemory: false,
          scaffold: task.id,
          signal: deps.signal,
        });
        const prompt = traces.reduce(
          (s, t) => s + (t.log?.prompt_tokens ?? 0) + t.plan.prompt_tokens,
          0,
        );
        const completion = traces.reduce(
          (s, t) => s + (t.log?.completion_tokens ?? 0) + t.plan.completion_tokens,
          0,
        );
        const trajectory: Trajectory = {
          task_id: task.id,
          query: task.text,
          steps: traces.map((t) => ({
            ref: `s${t.step}`,
            kind: "action" as const,
            tool: "game",
            args: { action: t.executed },
            observation:
              `depth ${t.depth} at ${t.position ? `(${t.position.x},${t.position.y})` : "?"}` +
              (t.stuck ? "; no effect" : ""),
            error: t.stuck,
          })),
          final_answer: `progression ${ep.progression}`,
        };
        const success = ep.progression >= 1;
        await provider.endTask(ctx, trajectory, {
          success,
          score: ep.progression,
          answer: `reached depth ${ep.stats.max_depth ?? ep.stats.depth ?? "?"}`,
          ...(success ? {} : {
            failure_reason: `episode ended (${ep.end_reason}) at progression ${ep.progression}`,
          }),
        });
        result.success = success;
        result.score = ep.progression;
        result.steps = ep.steps;
        result.answer = `progression ${ep.progression}`;
        result.tokens = { task: { prompt, completion } };
        result.memory_tokens = guidance?.tokens ?? 0;
        result.metrics = Object.fromEntries(
          Object.entries(ep.metrics).filter(([, v]) => typeof v === "number"),
        ) as Record<string, number>;
      } finally {
        await game.close();
      }
    } catch (e) {
      // A disk fault starting or running the game (its scratch, the template cache) measured
      // nothing about the memory: it stops the run instead of failing the task.
      if (isIoFault(e)) throw asInfrastructure(e, "io");
      result.error = errorMessage(e);
    }
    return finishTaskResult(result, provider, deps.clock, started);
  }

  return { id: env, datasetHash, synthetic: false, tasks: () => tasks, runTask };
}
