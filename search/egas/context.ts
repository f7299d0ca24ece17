/**
 * The proposer prompt's variables (docs/design.md#proposers), built from the proposal context.
 * Compact by design (docs/design.md#fix-compact-context): the baseline is summarised rather than
 * dumped per task, and the last round appears once, as verdicts plus differential validation.
 *
 * @module
 */
import { specLabel } from "../../core/spec.ts";
import { STORE_DEFAULTS } from "../../core/compiler.ts";
import { renderLedger } from "./ledger_view.ts";
import { obsGraphForPrompt } from "./obs_graph.ts";
import { paretoFront } from "./pareto.ts";
import type { ProposalContext } from "./proposal.ts";
import { renderHints } from "./tracker.ts";

/** The phase instructions by search progress (docs/design.md#proposers and docs/design.md#fgmd). */
export function phaseInstructions(round: number, maxRounds: number, k: number): string {
  const progress = round / maxRounds;
  if (round === 1) {
    return `Bootstrap: propose ${k} diverse architectures. Candidate 1 'baseline' (simple, low-threshold store), 2 'explore_retrieval', 3 'explore_extract', further ones one new axis each.`;
  }
  if (progress <= 0.5) {
    return `Broad exploration: 1 'exploit' (change 1-2 layers of the champion per the priority action), 2 'explore_retrieval' (retrieval plus one other layer), 3 'explore_storage' (re-route the common store), further ones explore other axes.`;
  }
  if (progress <= 0.75) {
    return `Mixed refinement: 1 'exploit_a' (the dominant attribution), 2 'exploit_b' (a different layer), 3 'validate_open_question' (cite the ledger question id).`;
  }
  return `Pure refinement: only one-layer mutations of the champion: 'exploit_a', 'exploit_b', 'exploit_c' (test a low-evidence ledger principle).`;
}

/** Template variables for `prompts/architecture_search.md`. */
export function proposerVariables(ctx: ProposalContext): Record<string, unknown> {
  const thresholds = Object.fromEntries(
    Object.entries(STORE_DEFAULTS).map(([k, v]) => [k, v.cold_start_threshold]),
  );
  const total = ctx.poolStats.total_units;
  const front = paretoFront(ctx.pareto, ctx.baseline).slice(0, 5);
  const history = ctx.pareto.history.slice(-15);
  return {
    round_id: ctx.round,
    max_rounds: ctx.maxRounds,
    progress_pct: Math.round((ctx.round / ctx.maxRounds) * 100),
    benchmark_name: ctx.benchmarkName,
    num_candidates: ctx.k,
    pool_stats_json: {
      ...ctx.poolStats,
      cold_start_thresholds: thresholds,
      safe_backends: Object.entries(thresholds).filter(([, t]) => t <= total).map(([k]) => k),
      warning: total < 20 ? "small pool: high-threshold stores start cold" : "",
    },
    baseline_stats_json: {
      score: ctx.baseline.score,
      n_tasks: ctx.baseline.n_tasks,
      memory_sensitive_tasks: ctx.baseline.memory_sensitive,
    },
    pareto_front_json: front.map((r) => ({
      label: r.label,
      architecture: r.architecture,
      score: r.score,
      lift: r.lift,
      cost: Math.round(r.cost),
      n_evals: r.n_evals,
    })),
    history_len: history.length,
    history_table_json: history.map((h) => ({
      config_id: h.config_id,
      round: h.round,
      label: h.label,
      score: Math.round(h.score * 1000) / 1000,
      lift: Math.round(h.lift * 1000) / 1000,
      cost: Math.round(h.cost),
    })),
    verdicts_json: ctx.lastRound.length
      ? ctx.lastRound.map((c) => ({
        config_id: c.config_id,
        label: c.label,
        role: c.diversity_role,
        added_to_front: c.added_to_front,
        score: c.metrics?.score ?? null,
        lift: c.metrics?.lift ?? null,
        ...(c.verdict ?? {}),
      }))
      : "No previous round.",
    differential_json: ctx.differential.length ? ctx.differential : "No previous round.",
    round_synthesis_json: ctx.roundSynthesis ?? "No previous round.",
    ledger: renderLedger(ctx.ledger, ctx.ledgerDisabled),
    exploration_hints: renderHints(ctx.pareto) || "(no evaluations yet)",
    obs_graph_json: ctx.obsGraph ? obsGraphForPrompt(ctx.obsGraph) : "(observation graph disabled)",
    evaluated_labels: ctx.pareto.archive.map((r) => r.label).join("; ") || "none",
    champion: ctx.champion ? specLabel(ctx.champion.architecture) : "none yet",
    phase_instructions: phaseInstructions(ctx.round, ctx.maxRounds, ctx.k),
  };
}
