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
import { openRunDir } from "../run_dir/open.ts";
import { readArtifact, writeArtifact } from "../run_dir/run_dir.ts";
import { ScaffoldError } from "./errors.ts";
import { type EpisodeRecord, meanProgression, pairedComparison } from "./evaluate.ts";
import type { AttemptRecord, EvolveState } from "./evolve_store.ts";
import { type EvolveSummary, EvolveSummarySchema, renderEvolveReport } from "./evolve_report.ts";
import { meanMetrics } from "./metrics.ts";
import { propose } from "./evolve_propose.ts";
import { scaffoldFingerprint } from "./spec.ts";
import { type EvolveOptions, type EvolveRun, startRun } from "./evolve_run.ts";

export type { EvolveOptions };

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
    const run = await startRun(opts, dir);
    let state = await run.store.state() ?? await initialState(run);
    while (!state.search_done && state.iteration <= run.cfg.iterations) {
      state = await nextState(run, state);
      await run.store.saveState(state);
    }
    return await finishRun(run, state);
  } finally {
    await lock.release();
  }
}

/** The state of a new run: the start scaffold, scored on the search seeds. */
async function initialState(run: EvolveRun): Promise<EvolveState> {
  const recs = await run.evaluate(run.cfg.start, run.cfg.seeds, "start");
  const state: EvolveState = {
    current: run.cfg.start,
    current_score: meanProgression(recs),
    iteration: 1,
    slot: 0,
    history: [],
    tried: [],
    search_done: false,
  };
  await run.store.saveState(state);
  return state;
}

/**
 * One step of the search loop: past the iteration's last slot, the next iteration (nothing was
 * accepted, so the tried changes stay tried); a continuation slot without a rejected attempt of
 * this iteration to build on is skipped; otherwise one attempt.
 */
function nextState(run: EvolveRun, s: EvolveState): Promise<EvolveState> {
  const { cfg } = run;
  if (s.slot >= cfg.attempts * (1 + cfg.continuations)) {
    return Promise.resolve({ ...s, iteration: s.iteration + 1, slot: 0 });
  }
  const kind = s.slot % (1 + cfg.continuations) === 0 ? "fresh" : "continuation";
  const prev = s.history[s.history.length - 1];
  const buildsOn = prev && prev.iteration === s.iteration && !prev.accepted && prev.fingerprint
    ? prev
    : undefined;
  if (kind === "continuation" && !buildsOn) return Promise.resolve({ ...s, slot: s.slot + 1 });
  return attempt(run, s, kind, buildsOn);
}

/** One attempt: a proposal (kept, so a resumed run reuses it), its evaluation and the verdict. */
async function attempt(
  run: EvolveRun,
  s: EvolveState,
  kind: "fresh" | "continuation",
  buildsOn: AttemptRecord | undefined,
): Promise<EvolveState> {
  const { cfg, store, events } = run;
  const current = await run.evaluate(s.current, cfg.seeds, `iter ${s.iteration} current`);
  const proposal = (await store.proposal(s.iteration, s.slot)) ??
    await propose(run.opts, store, s, current, buildsOn);
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
    run.say(`iter ${s.iteration} slot ${s.slot}: ${proposal.reason}`);
    return { ...s, history: [...s.history, record], slot: s.slot + 1, search_done: done };
  }
  const recs = await run.evaluate(proposal.spec, cfg.seeds, `iter ${s.iteration} slot ${s.slot}`);
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
  run.say(
    `iter ${s.iteration} slot ${s.slot} [${proposal.changes.join(", ")}]: ${score.toFixed(4)} vs ${
      s.current_score.toFixed(4)
    } ${accepted ? "ACCEPTED" : "rejected"}`,
  );
  return accepted
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
}

/**
 * The end of a run: the final scaffold written, start and final played again on the search
 * seeds and on the held-out seeds, then the summary, the report and `run_finished`.
 */
async function finishRun(run: EvolveRun, state: EvolveState): Promise<EvolveSummary> {
  const { cfg, dir, evaluate } = run;
  const finalSpec = state.current;
  await writeFileAtomic(
    dir.path("final_scaffold.json"),
    JSON.stringify(finalSpec, null, 2) + "\n",
  );
  const compare = (a: EpisodeRecord[], b: EpisodeRecord[]) => ({
    paired: pairedComparison(a, b),
    start_metrics: meanMetrics(a.map((r) => r.result.metrics)),
    final_metrics: meanMetrics(b.map((r) => r.result.metrics)),
  });
  const startSearch = await evaluate(cfg.start, cfg.seeds, "start");
  const finalSearch = await evaluate(finalSpec, cfg.seeds, "final");
  let heldout: EvolveSummary["heldout"] = null;
  if (cfg.heldout_seeds.length) {
    const a = await evaluate(cfg.start, cfg.heldout_seeds, "heldout start");
    const b = await evaluate(finalSpec, cfg.heldout_seeds, "heldout final");
    heldout = compare(a, b);
  }
  const summary: EvolveSummary = {
    status: "finished",
    env: cfg.env,
    proposer: cfg.proposer,
    start_fingerprint: scaffoldFingerprint(cfg.start),
    final_fingerprint: scaffoldFingerprint(finalSpec),
    accepted: state.history.filter((h) => h.accepted).length,
    attempts: state.history.length,
    search: compare(startSearch, finalSearch),
    heldout,
    history: state.history,
  };
  await writeArtifact(dir.path("summary.json"), EvolveSummarySchema, summary);
  await writeFileAtomic(dir.path("report.md"), renderEvolveReport(summary, cfg));
  await run.events.emit("run_finished", {
    final_fingerprint: summary.final_fingerprint,
    accepted: summary.accepted,
  });
  return summary;
}

/** Reads a finished run's summary. */
export function readEvolveSummary(runDir: string): Promise<EvolveSummary | undefined> {
  return readArtifact(join(runDir, "summary.json"), EvolveSummarySchema);
}
