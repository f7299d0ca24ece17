/**
 * Evaluates a scaffold on a list of seeds: one episode per seed, offline with the scripted
 * policies or with the configured MEMORY/TASK models. Finished episodes go through a cache so a
 * killed run resumes without replaying them; with persistent memory the episodes run in seed
 * order and each one's end-of-episode memory is kept to seed the next.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { GameEnv } from "../bench/games/game_port.ts";
import { createRng } from "../core/rng.ts";
import type { FsSnapshot } from "../memory/files/memory_fs.ts";
import { MemoryAgent } from "./agent.ts";
import { createScaffoldEnv } from "./env_lookup.ts";
import { EpisodeResultSchema, runEpisode } from "./episode.ts";
import { ScriptedScaffoldModel } from "./offline/scripted_scaffold_model.ts";
import type { AgentModels } from "./phases.ts";
import { scaffoldFingerprint, type ScaffoldSpec } from "./spec.ts";
import type { StepTrace } from "./trace.ts";
import { episodeStats, TraceStatsSchema } from "./trace_stats.ts";

/** What is kept of one evaluated episode. */
export const EpisodeRecordSchema = z.object({
  result: EpisodeResultSchema,
  stats: TraceStatsSchema,
  /** Memory at the end of the episode (kept when memory persists across episodes). */
  memory_after: z.record(z.string(), z.string()).nullable(),
});

/** An episode record. */
export type EpisodeRecord = z.infer<typeof EpisodeRecordSchema>;

/** Where finished episodes are kept between runs. */
export interface EpisodeCache {
  get(key: string, seed: number): Promise<EpisodeRecord | undefined>;
  put(
    key: string,
    seed: number,
    record: EpisodeRecord,
    traces: readonly StepTrace[],
  ): Promise<void>;
}

/** Options of an evaluation. */
export interface EvaluateOptions {
  env: string;
  maxSteps: number;
  persistMemory: boolean;
  /** Live models; absent, the scripted policies play. */
  models?: AgentModels;
  cache?: EpisodeCache;
  /** Called after each episode (new or from the cache). */
  onEpisode?: (record: EpisodeRecord, cached: boolean) => void | Promise<void>;
  /** Builds the game (default: the scaffold environments). */
  makeEnv?: (id: string, maxSteps: number) => Promise<GameEnv>;
  signal?: AbortSignal;
  /**
   * Plays one episode elsewhere (a queue worker). Used only without persistent memory, where
   * episodes are independent: every uncached seed is started at once and the records are
   * taken, cached and reported in seed order, as in-process.
   */
  remote?: (seed: number) => Promise<PlayedEpisode>;
}

/** One played episode: its record and step traces. */
export interface PlayedEpisode {
  record: EpisodeRecord;
  traces: StepTrace[];
}

/**
 * Plays one episode of `spec` on `env` (memory restored from `carried` when it persists).
 * `evaluateScaffold` and queue workers both play through here.
 */
export async function playEpisode(
  spec: ScaffoldSpec,
  env: GameEnv,
  seed: number,
  opts: Pick<EvaluateOptions, "maxSteps" | "persistMemory" | "models" | "signal">,
  carried: FsSnapshot | null = null,
): Promise<PlayedEpisode> {
  const scripted = new ScriptedScaffoldModel(createRng(`scaffold:${seed}`));
  const agent = new MemoryAgent(spec, env, opts.models ?? { memory: scripted, task: scripted });
  if (opts.persistMemory && carried) agent.fs.restore(carried);
  const { result, traces } = await runEpisode(env, agent, seed, {
    maxSteps: opts.maxSteps,
    persistMemory: opts.persistMemory,
    scaffold: scaffoldFingerprint(spec),
    signal: opts.signal,
  });
  const record: EpisodeRecord = {
    result,
    stats: episodeStats(traces),
    memory_after: opts.persistMemory ? agent.fs.snapshot() : null,
  };
  return { record, traces };
}

/** The cache key of an evaluation: scaffold fingerprint, step cap, memory mode. */
export function evaluationKey(
  spec: ScaffoldSpec,
  opts: Pick<EvaluateOptions, "maxSteps" | "persistMemory">,
): string {
  return `${scaffoldFingerprint(spec).slice(0, 16)}-s${opts.maxSteps}${
    opts.persistMemory ? "-persist" : ""
  }`;
}

/** Plays every seed and returns the records in seed order. */
export async function evaluateScaffold(
  spec: ScaffoldSpec,
  seeds: readonly number[],
  opts: EvaluateOptions,
): Promise<EpisodeRecord[]> {
  const key = evaluationKey(spec, opts);
  if (opts.remote && !opts.persistMemory) return await evaluateRemotely(key, seeds, opts);
  const out: EpisodeRecord[] = [];
  let env: GameEnv | undefined;
  let carried: FsSnapshot | null = null;
  try {
    for (const seed of seeds) {
      const hit = await opts.cache?.get(key, seed);
      if (hit) {
        out.push(hit);
        carried = hit.memory_after;
        await opts.onEpisode?.(hit, true);
        continue;
      }
      env ??= await (opts.makeEnv ?? ((id, maxSteps) =>
        createScaffoldEnv(id, { maxSteps, signal: opts.signal })))(
          opts.env,
          opts.maxSteps,
        );
      const { record, traces } = await playEpisode(spec, env, seed, opts, carried);
      carried = record.memory_after;
      await opts.cache?.put(key, seed, record, traces);
      out.push(record);
      await opts.onEpisode?.(record, false);
    }
  } finally {
    await env?.close();
  }
  return out;
}

async function evaluateRemotely(
  key: string,
  seeds: readonly number[],
  opts: EvaluateOptions,
): Promise<EpisodeRecord[]> {
  const hits = await Promise.all(seeds.map((seed) => opts.cache?.get(key, seed)));
  const played = seeds.map((seed, i) => hits[i] ? undefined : opts.remote!(seed));
  // Rejections are awaited in seed order below; until then they must not count as unhandled.
  for (const p of played) p?.catch(() => {});
  const out: EpisodeRecord[] = [];
  for (const [i, seed] of seeds.entries()) {
    const hit = hits[i];
    if (hit) {
      out.push(hit);
      await opts.onEpisode?.(hit, true);
      continue;
    }
    const { record, traces } = await played[i]!;
    await opts.cache?.put(key, seed, record, traces);
    out.push(record);
    await opts.onEpisode?.(record, false);
  }
  return out;
}

/** Mean progression of records. */
export function meanProgression(records: readonly EpisodeRecord[]): number {
  if (records.length === 0) return 0;
  return records.reduce((s, r) => s + r.result.progression, 0) / records.length;
}

/** A paired comparison of two evaluations on the same seeds. */
export interface PairedComparison {
  seeds: number;
  mean_a: number;
  mean_b: number;
  mean_diff: number;
  wins: number;
  losses: number;
  ties: number;
  /** Standard error of the per-seed difference. */
  se_diff: number;
}

/** Compares `b` against `a` seed by seed. */
export function pairedComparison(
  a: readonly EpisodeRecord[],
  b: readonly EpisodeRecord[],
): PairedComparison {
  const bySeed = new Map(b.map((r) => [r.result.seed, r.result.progression]));
  const diffs: number[] = [];
  for (const r of a) {
    const other = bySeed.get(r.result.seed);
    if (other !== undefined) diffs.push(other - r.result.progression);
  }
  const n = diffs.length;
  const mean = n ? diffs.reduce((s, d) => s + d, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1)) : 0;
  const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    seeds: n,
    mean_a: r6(meanProgression(a)),
    mean_b: r6(meanProgression(b)),
    mean_diff: r6(mean),
    wins: diffs.filter((d) => d > 0).length,
    losses: diffs.filter((d) => d < 0).length,
    ties: diffs.filter((d) => d === 0).length,
    se_diff: r6(n ? sd / Math.sqrt(n) : 0),
  };
}
