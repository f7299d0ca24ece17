/**
 * What the steps of one scaffold evolution share: its options, the checked configuration, the
 * store and event log of its run directory, and the evaluation every step uses (cached
 * episodes, local or on queue workers, with events and a progress line).
 *
 * @module
 */
import type { ChatModel, Clock } from "../core/ports.ts";
import type { RunDir } from "../run_dir/run_dir.ts";
import { ScaffoldError } from "./errors.ts";
import {
  type EpisodeRecord,
  evaluateScaffold,
  meanProgression,
  type PlayedEpisode,
} from "./evaluate.ts";
import { type EvolveConfig, EvolveStore, ScaffoldEventLog } from "./evolve_store.ts";
import type { AgentModels } from "./phases.ts";
import { scaffoldFingerprint, type ScaffoldSpec } from "./spec.ts";

/** Options of an evolution run. */
export interface EvolveOptions {
  outputDir: string;
  runName: string;
  resume: boolean;
  forceNew: boolean;
  config: EvolveConfig;
  clock: Clock;
  /** Live agent models (absent: scripted policies). */
  models?: AgentModels;
  /** The SEARCH-role model (needed by the model proposer). */
  searchModel?: ChatModel;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
  /**
   * Plays one episode elsewhere (queue workers); used when memory does not persist. `onActive`
   * names the worker that took it; the result names the one that finished it.
   */
  remoteEpisode?: (
    spec: ScaffoldSpec,
    seed: number,
    hooks: { onActive: (worker: string | null) => void },
  ) => Promise<PlayedEpisode & { worker?: string }>;
}

const sameConfig = (a: EvolveConfig, b: EvolveConfig) => JSON.stringify(a) === JSON.stringify(b);

/** Evaluates a scaffold on seeds under a label (events, progress line, cached episodes). */
export type Evaluate = (
  spec: ScaffoldSpec,
  seeds: readonly number[],
  label: string,
) => Promise<EpisodeRecord[]>;

/** What the steps of one run share. */
export interface EvolveRun {
  opts: EvolveOptions;
  cfg: EvolveConfig;
  dir: RunDir;
  store: EvolveStore;
  events: ScaffoldEventLog;
  say: (line: string) => void;
  evaluate: Evaluate;
}

/** Checks (or records) the configuration, opens the event log and emits `run_started`. */
export async function startRun(opts: EvolveOptions, dir: RunDir): Promise<EvolveRun> {
  const store = new EvolveStore(dir);
  const stored = await store.config();
  if (stored && !sameConfig(stored, opts.config)) {
    throw new ScaffoldError(
      "config_mismatch",
      `${dir.path("config.json")} holds a different configuration; use --force_new to start over`,
    );
  }
  if (!stored) await store.saveConfig(opts.config);
  const cfg = opts.config;
  const events = await ScaffoldEventLog.open(dir.events, opts.runName, opts.clock);
  await events.emit("run_started", {
    resumed: !!stored,
    env: cfg.env,
    proposer: cfg.proposer,
    seeds: cfg.seeds.length,
  });
  const say = (l: string) => opts.onProgress?.(l);
  const run = { opts, cfg, dir, store, events, say } as Omit<EvolveRun, "evaluate">;
  return { ...run, evaluate: evaluator(run) };
}

/**
 * Plays one episode on a queue worker, recording the job's states and workers as
 * `episode_dispatch` events for the status API.
 */
async function dispatched(
  events: ScaffoldEventLog,
  label: string,
  seed: number,
  spec: ScaffoldSpec,
  remote: NonNullable<EvolveOptions["remoteEpisode"]>,
): Promise<PlayedEpisode> {
  const emit = (state: string, worker: string | null) =>
    events.emit("episode_dispatch", { label, seed, state, worker }).catch(() => {});
  await emit("queued", null);
  let settled = false;
  try {
    const played = await remote(spec, seed, {
      onActive: (w) => void (settled || emit("active", w)),
    });
    settled = true;
    await emit("done", played.worker ?? null);
    return played;
  } catch (e) {
    settled = true;
    await emit("failed", null);
    throw e;
  }
}

/** The run's evaluation: cached episodes, events around it, one progress line after. */
function evaluator(run: Omit<EvolveRun, "evaluate">): Evaluate {
  const { opts, cfg, events } = run;
  return async (spec, seeds, label) => {
    await events.emit("evaluation_started", {
      label,
      fingerprint: scaffoldFingerprint(spec),
      episodes: seeds.length,
    });
    const recs = await evaluateScaffold(spec, seeds, {
      env: cfg.env,
      maxSteps: cfg.max_steps,
      persistMemory: cfg.persist_memory,
      models: opts.models,
      cache: run.store.episodes(),
      signal: opts.signal,
      ...(opts.remoteEpisode
        ? {
          remote: (seed: number) => dispatched(events, label, seed, spec, opts.remoteEpisode!),
        }
        : {}),
      onEpisode: (r, cached) =>
        events.emit("episode_finished", {
          label,
          seed: r.result.seed,
          progression: r.result.progression,
          steps: r.result.steps,
          cached,
        }),
    });
    const score = meanProgression(recs);
    await events.emit("evaluation_finished", { label, score });
    run.say(`${label}: mean progression ${score.toFixed(4)} over ${recs.length} episodes`);
    return recs;
  };
}
