/**
 * Plays one episode of a game with the memory agent and scores it: the step loop, the outcome
 * fields of each step trace (reward, executed action, stuck, oscillation by position), the end
 * reason, and the episode metrics.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { GameEnv } from "../bench/games/game_port.ts";
import type { MemoryAgent } from "./agent.ts";
import { OPPOSITE } from "./map_analysis.ts";
import { episodeMetrics, EpisodeMetricsSchema } from "./metrics.ts";
import type { StepTrace } from "./trace.ts";

/** The scored result of one episode (traces are stored beside it). */
export const EpisodeResultSchema = z.object({
  seed: z.number().int(),
  env: z.string(),
  scaffold: z.string(),
  progression: z.number(),
  steps: z.number().int(),
  episode_return: z.number(),
  end_reason: z.enum(["terminated", "truncated", "step_cap"]),
  stats: z.record(z.string(), z.union([z.number(), z.string()])),
  metrics: EpisodeMetricsSchema,
});

/** An episode result. */
export type EpisodeResult = z.infer<typeof EpisodeResultSchema>;

/** Options of one episode. */
export interface EpisodeOptions {
  maxSteps: number;
  persistMemory: boolean;
  /** Scaffold fingerprint recorded in the result. */
  scaffold: string;
  signal?: AbortSignal;
}

/** Plays an episode; returns the result and the step traces. */
export async function runEpisode(
  env: GameEnv,
  agent: MemoryAgent,
  seed: number,
  opts: EpisodeOptions,
): Promise<{ result: EpisodeResult; traces: StepTrace[] }> {
  agent.startEpisode(opts.persistMemory);
  const initialChars = agent.fs.chars();
  let obs = await env.reset(seed);
  const traces: StepTrace[] = [];
  let prev: { action: string; invalid: boolean } | undefined;
  let ret = 0;
  let end: EpisodeResult["end_reason"] = "step_cap";
  const positions: (string | undefined)[] = [];
  for (let t = 0; t < opts.maxSteps; t++) {
    opts.signal?.throwIfAborted();
    const trace = await agent.act(obs, prev, t, opts.signal);
    const before = obs.position ? `${trace.depth}:${obs.position.x},${obs.position.y}` : undefined;
    const res = await env.step(trace.action);
    const after = res.observation.position
      ? `${
        res.observation.stats.depth ?? trace.depth
      }:${res.observation.position.x},${res.observation.position.y}`
      : undefined;
    positions.push(before);
    const prevTrace = traces[traces.length - 1];
    trace.reward = res.reward;
    trace.executed = res.executed;
    trace.stuck = res.observation.text === obs.text;
    trace.oscillating = prevTrace !== undefined &&
      OPPOSITE[res.executed as keyof typeof OPPOSITE] === prevTrace.executed &&
      after !== undefined && after === positions[positions.length - 2];
    ret += res.reward;
    traces.push(trace);
    prev = { action: res.executed, invalid: !res.valid };
    obs = res.observation;
    if (res.terminated || res.truncated) {
      end = res.terminated ? "terminated" : "truncated";
      break;
    }
  }
  const progression = env.progression();
  const result: EpisodeResult = {
    seed,
    env: env.id,
    scaffold: opts.scaffold,
    progression,
    steps: traces.length,
    episode_return: ret,
    end_reason: end,
    stats: { ...env.stats() },
    metrics: episodeMetrics(traces, progression, initialChars),
  };
  return { result, traces };
}
