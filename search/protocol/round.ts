/**
 * One search round (docs/design.md#round): round-start snapshot → proposals (+ champion) →
 * candidates evaluated concurrently (`--parallel`) → selection (Pareto, paired acceptance, merge of
 * the champion's memory, canonical maintenance, differential validation, ledger, observation graph,
 * round synthesis) → commit. The new engine state is a function of the round-start state and the
 * candidates' result files only, so a round killed anywhere before its commit replays to the
 * same outcome.
 *
 * @module
 */
import { join } from "node:path";
import type { ArchitectureSpec } from "../../core/spec.ts";
import {
  type CandidateResult,
  type ProposalsFile,
  ProposalsFileSchema,
  type RoundDone,
} from "../artifacts.ts";
import { AttributionFileSchema } from "../fgmd/schemas.ts";
import { activeDeadEnds } from "../egas/ledger_view.ts";
import { evaluatedFingerprints } from "../egas/pareto.ts";
import type { LastRoundCandidate } from "../egas/proposal.ts";
import type { EngineState } from "../egas/schemas.ts";
import { Surrogate } from "../egas/surrogate.ts";
import { exists, readArtifact } from "../../run_dir/run_dir.ts";
import { runCandidate } from "./candidate.ts";
import { foldOf } from "./folds.ts";
import { ensureProposals, type PreviousRound, type ProposerBaseline } from "./proposals.ts";
import { pooled, type RunContext } from "./stage.ts";
import { selectRound } from "./select.ts";
import { poolIo } from "./pool_io.ts";

/** The previous round as proposers and FGMD see it (verdicts from the attribution files). */
export async function previousRound(
  ctx: RunContext,
  done: RoundDone | null,
): Promise<PreviousRound> {
  if (!done) return { candidates: [], differential: [], synthesis: null };
  const candidates: LastRoundCandidate[] = [];
  const proposals = await readArtifact(
    ctx.dir.path(`round_${done.round}`, "proposals.json"),
    ProposalsFileSchema,
  );
  for (const c of done.candidates) {
    const p = proposals?.candidates.find((x) => x.config_id === c.config_id);
    const attr = c.status === "ok"
      ? await readArtifact(
        join(ctx.dir.candidate(done.round, c.candidate), "attribution.json"),
        AttributionFileSchema,
      )
      : undefined;
    candidates.push({
      config_id: c.config_id,
      label: c.label,
      architecture: p!.architecture,
      source: c.source,
      diversity_role: p?.diversity_role ?? c.source,
      metrics: c.metrics,
      verdict: attr?.verdict ?? null,
      added_to_front: c.added_to_front,
    });
  }
  return {
    candidates,
    differential: done.differential_validation,
    synthesis: done.round_synthesis,
  };
}

/** Round aggregates of recent rounds, for the layer-diagnosis prompt. */
function trendOf(state: EngineState, upTo: number): unknown[] {
  const out: unknown[] = [];
  for (let t = Math.max(1, upTo - 4); t < upTo; t++) {
    const rows = state.pareto.history.filter((h) => h.round === t);
    if (!rows.length) continue;
    const best = rows.reduce((a, b) => (b.score > a.score ? b : a));
    out.push({
      round: t,
      best_score: best.score,
      best: best.label,
      mean_score: rows.reduce((s, r) => s + r.score, 0) / rows.length,
    });
  }
  return out;
}

/** What a round starts from. */
export interface RoundInput {
  round: number;
  /** The engine state after the previous round. */
  state: EngineState;
  /** The previous round's commit (null before round 1). */
  lastDone: RoundDone | null;
  baseline: ProposerBaseline;
  /** `--search_prompt` text, when given. */
  searchPrompt?: string;
}

/** Runs round `t` to its commit and returns the committed record. */
export async function runRound(ctx: RunContext, input: RoundInput): Promise<RoundDone> {
  const { round, state, lastDone, baseline, searchPrompt } = input;
  const fold = foldOf(round, ctx.folds.n_folds);
  const tasks = ctx.folds.folds[fold].map((i) => ctx.tasks[i]);
  await ctx.events.emit({ type: "round_started", round, fold, n_tasks: tasks.length });
  const snapPath = ctx.dir.path(`round_${round}`, "round_start_pool.json");
  const pools = await poolIo(ctx.benchmark);
  if (!(await exists(snapPath))) {
    const canonical = await pools.read(ctx.dir.canonical);
    if (!canonical) throw new Error("canonical/pool.json is missing");
    await pools.write(snapPath, canonical);
  }
  const startPool = (await pools.read(snapPath))!;
  const previous = await previousRound(ctx, lastDone);
  const proposals: ProposalsFile = await ensureProposals(ctx, {
    round,
    state,
    previous,
    startPool,
    baseline,
    template: searchPrompt,
  });
  await ctx.events.emit({
    type: "proposals_ready",
    round,
    proposer: proposals.proposer.kind,
    attempts: proposals.proposer.attempts,
    topped_up: proposals.proposer.topped_up,
    candidates: proposals.candidates.map((c) => ({
      candidate: c.candidate,
      config_id: c.config_id,
      label: c.label,
      fingerprint: c.fingerprint,
      source: c.source,
      diversity_role: c.diversity_role,
    })),
  });
  const evaluated = evaluatedFingerprints(state.pareto);
  for (const c of proposals.candidates) evaluated.add(c.fingerprint);
  // The same model the rules proposer uses, so a verdict's recommended move and the proposer's
  // exploit move agree.
  const model = Surrogate.fit(state.pareto.archive);
  const moveCtx = {
    evaluated,
    rank: (s: ArchitectureSpec) => model.mean(s),
    deadEnds: activeDeadEnds(state.ledger),
  };
  const primaryOf = new Map(
    previous.candidates.map((c) => [c.label, c.verdict?.primary_signal ?? null]),
  );
  const trend = trendOf(state, round);
  const results: CandidateResult[] = await pooled(
    proposals.candidates,
    ctx.config.parallel,
    (c) =>
      runCandidate(ctx, {
        round,
        candidate: c,
        tasks,
        startPool,
        baselineScores: baseline.scores,
        moveCtx,
        previousPrimary: primaryOf.get(c.label) ?? null,
        trend,
      }),
  );
  return await selectRound(ctx, {
    round,
    fold,
    tasks,
    state,
    proposals,
    results,
    startPool,
    baseline,
  });
}
