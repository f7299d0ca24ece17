/**
 * Scaffold evolution (loop 1): evaluate the current scaffold on fixed seeds; per iteration up to
 * `attempts` fresh proposals, each followed after a rejection by up to `continuations`
 * continuation proposals that build on it; accept iff the mean progression strictly improves;
 * every attempt also gets a paired comparison on the same seeds. At the end the start and final
 * scaffolds are played on held-out seeds never used for a decision. The state is saved after
 * every attempt and finished episodes are cached, so a killed run resumes exactly.
 *
 * @module
 */
import { join } from "node:path";
import { writeFileAtomic } from "../core/atomic_write.ts";
import type { ChatModel, Clock } from "../core/ports.ts";
import { openRunDir } from "../run_dir/open.ts";
import { readArtifact, writeArtifact } from "../run_dir/run_dir.ts";
import { ScaffoldError } from "./errors.ts";
import {
  type EpisodeRecord,
  evaluateScaffold,
  meanProgression,
  pairedComparison,
  type PlayedEpisode,
} from "./evaluate.ts";
import {
  type AttemptRecord,
  type EvolveConfig,
  type EvolveState,
  EvolveStore,
  ScaffoldEventLog,
} from "./evolve_store.ts";
import { type EvolveSummary, EvolveSummarySchema, renderEvolveReport } from "./evolve_report.ts";
import { meanMetrics } from "./metrics.ts";
import { modelProposal } from "./model_proposer.ts";
import type { AgentModels } from "./phases.ts";
import { rulesProposal } from "./rules_proposer.ts";
import { scaffoldFingerprint, type ScaffoldSpec } from "./spec.ts";
import { poolStats } from "./trace_stats.ts";

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

/** Runs (or resumes) an evolution and returns its summary. */
export async function runEvolve(opts: EvolveOptions): Promise<EvolveSummary> {
  if (opts.config.proposer === "model" && !opts.searchModel) {
    throw new ScaffoldError(
      "no_search_model",
      "--proposer model needs a SEARCH-role model (--search_model and an endpoint)",
    );
  }
  const { dir, lock } = await openRunDir({ ...opts, clock: opts.clock });
  try {
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
    // Queue jobs' states and workers, for the status API (`episode_dispatch` events).
    const dispatched = async (
      label: string,
      seed: number,
      spec: ScaffoldSpec,
      remote: NonNullable<EvolveOptions["remoteEpisode"]>,
    ): Promise<PlayedEpisode> => {
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
    };
    const evaluate = async (
      spec: EvolveConfig["start"],
      seeds: readonly number[],
      label: string,
    ) => {
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
        cache: store.episodes(),
        signal: opts.signal,
        ...(opts.remoteEpisode
          ? { remote: (seed: number) => dispatched(label, seed, spec, opts.remoteEpisode!) }
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
      say(`${label}: mean progression ${score.toFixed(4)} over ${recs.length} episodes`);
      return recs;
    };

    let state = await store.state();
    if (!state) {
      const recs = await evaluate(cfg.start, cfg.seeds, "start");
      state = {
        current: cfg.start,
        current_score: meanProgression(recs),
        iteration: 1,
        slot: 0,
        history: [],
        tried: [],
        search_done: false,
      };
      await store.saveState(state);
    }
    const slots = cfg.attempts * (1 + cfg.continuations);
    while (!state.search_done && state.iteration <= cfg.iterations) {
      const s: EvolveState = state;
      if (s.slot >= slots) {
        // Nothing accepted: the current scaffold is unchanged, so its tried changes stay tried.
        state = { ...s, iteration: s.iteration + 1, slot: 0 };
        await store.saveState(state);
        continue;
      }
      const kind = s.slot % (1 + cfg.continuations) === 0 ? "fresh" : "continuation";
      const prevAttempt = s.history[s.history.length - 1];
      if (
        kind === "continuation" &&
        !(prevAttempt && prevAttempt.iteration === s.iteration && !prevAttempt.accepted &&
          prevAttempt.fingerprint)
      ) {
        state = { ...s, slot: s.slot + 1 };
        await store.saveState(state);
        continue;
      }
      const current = await evaluate(s.current, cfg.seeds, `iter ${s.iteration} current`);
      const proposal = (await store.proposal(s.iteration, s.slot)) ??
        await propose(opts, store, s, current, kind === "continuation" ? prevAttempt : undefined);
      await store.saveProposal(s.iteration, s.slot, proposal);
      await events.emit("proposal_ready", {
        iteration: s.iteration,
        slot: s.slot,
        kind,
        changes: proposal.changes,
        reason: proposal.reason,
      });
      const base = {
        iteration: s.iteration,
        slot: s.slot,
        kind,
        changes: proposal.changes,
        baseline: s.current_score,
      } as const;
      if (!proposal.spec) {
        const record: AttemptRecord = {
          ...base,
          fingerprint: null,
          score: null,
          accepted: false,
          reason: proposal.reason,
          paired: null,
        };
        // Rules with nothing left to try end the search; a failed model reply only ends the attempt.
        const done = cfg.proposer === "rules" && kind === "fresh";
        state = { ...s, history: [...s.history, record], slot: s.slot + 1, search_done: done };
        await store.saveState(state);
        say(`iter ${s.iteration} slot ${s.slot}: ${proposal.reason}`);
        continue;
      }
      const recs = await evaluate(proposal.spec, cfg.seeds, `iter ${s.iteration} slot ${s.slot}`);
      const score = meanProgression(recs);
      const accepted = score > s.current_score;
      const record: AttemptRecord = {
        ...base,
        fingerprint: scaffoldFingerprint(proposal.spec),
        score,
        accepted,
        reason: accepted ? "mean progression improved" : "mean progression did not improve",
        paired: pairedComparison(current, recs),
      };
      await events.emit("attempt_finished", {
        iteration: s.iteration,
        slot: s.slot,
        score,
        baseline: s.current_score,
        accepted,
      });
      say(
        `iter ${s.iteration} slot ${s.slot} [${proposal.changes.join(", ")}]: ${
          score.toFixed(4)
        } vs ${s.current_score.toFixed(4)} ${accepted ? "ACCEPTED" : "rejected"}`,
      );
      state = accepted
        ? {
          ...s,
          current: proposal.spec,
          current_score: score,
          history: [...s.history, record],
          iteration: s.iteration + 1,
          slot: 0,
          tried: [],
        }
        : {
          ...s,
          history: [...s.history, record],
          slot: s.slot + 1,
          tried: [...s.tried, ...proposal.changes.filter((c) => !s.tried.includes(c))],
        };
      await store.saveState(state);
    }
    const finalSpec = state.current;
    await writeFileAtomic(
      dir.path("final_scaffold.json"),
      JSON.stringify(finalSpec, null, 2) + "\n",
    );
    const startSearch = await evaluate(cfg.start, cfg.seeds, "start");
    const finalSearch = await evaluate(finalSpec, cfg.seeds, "final");
    let heldout: EvolveSummary["heldout"] = null;
    if (cfg.heldout_seeds.length) {
      const a = await evaluate(cfg.start, cfg.heldout_seeds, "heldout start");
      const b = await evaluate(finalSpec, cfg.heldout_seeds, "heldout final");
      heldout = {
        paired: pairedComparison(a, b),
        start_metrics: meanMetrics(a.map((r) => r.result.metrics)),
        final_metrics: meanMetrics(b.map((r) => r.result.metrics)),
      };
    }
    const summary: EvolveSummary = {
      status: "finished",
      env: cfg.env,
      proposer: cfg.proposer,
      start_fingerprint: scaffoldFingerprint(cfg.start),
      final_fingerprint: scaffoldFingerprint(finalSpec),
      accepted: state.history.filter((h) => h.accepted).length,
      attempts: state.history.length,
      search: {
        paired: pairedComparison(startSearch, finalSearch),
        start_metrics: meanMetrics(startSearch.map((r) => r.result.metrics)),
        final_metrics: meanMetrics(finalSearch.map((r) => r.result.metrics)),
      },
      heldout,
      history: state.history,
    };
    await writeArtifact(dir.path("summary.json"), EvolveSummarySchema, summary);
    await writeFileAtomic(dir.path("report.md"), renderEvolveReport(summary, cfg));
    await events.emit("run_finished", {
      final_fingerprint: summary.final_fingerprint,
      accepted: summary.accepted,
    });
    return summary;
  } finally {
    await lock.release();
  }
}

async function propose(
  opts: EvolveOptions,
  store: EvolveStore,
  s: EvolveState,
  current: readonly EpisodeRecord[],
  failed: AttemptRecord | undefined,
) {
  const cfg = opts.config;
  const stats = poolStats(current.map((r) => r.stats));
  const nextName = `${cfg.env}_v${s.history.filter((h) => h.accepted).length + 1}`;
  if (cfg.proposer === "rules") {
    const p = rulesProposal(s.current, stats, new Set(s.tried), nextName, failed?.changes);
    return p ? { ...p, reason: "proposed" } : {
      spec: null,
      analysis: "",
      description: "",
      changes: [],
      reason: "no rule applies to the statistics any more",
    };
  }
  const history = s.history.map((h) =>
    `iter ${h.iteration} ${h.kind} [${h.changes.join(", ")}]: ${h.score ?? "-"} vs ${h.baseline} ${
      h.accepted ? "accepted" : "rejected"
    } (${h.reason})`
  ).join("\n");
  const episodes = current.map((r) =>
    `${r.result.seed}: ${r.result.progression} ${r.result.steps} ${r.result.end_reason}`
  ).join("\n");
  let continuation: string | undefined;
  if (failed) {
    const prev = await store.proposal(failed.iteration, failed.slot);
    continuation = prev
      ? `${prev.description}\nscore ${failed.score} vs ${failed.baseline}`
      : undefined;
  }
  const r = await modelProposal(opts.searchModel!, {
    spec: s.current,
    stats,
    episodes,
    history,
    continuation,
    nextName,
    signal: opts.signal,
  });
  return r.ok
    ? { ...r.proposal, reason: "proposed" }
    : { spec: null, analysis: "", description: "", changes: [], reason: r.reason };
}

/** Reads a finished run's summary. */
export function readEvolveSummary(runDir: string): Promise<EvolveSummary | undefined> {
  return readArtifact(join(runDir, "summary.json"), EvolveSummarySchema);
}
