/**
 * The three plots of a run report, built from its data: score per round, the Pareto front and
 * cost vs score of every evaluation. File names are fixed so reports can link them.
 *
 * @module
 */
import { paretoView } from "../server/run_views.ts";
import type { ReportData } from "./report_data.ts";
import {
  costVsScoreSvg,
  paretoSvg,
  type RoundPoint,
  type ScatterPoint,
  scorePerRoundSvg,
} from "./svg_plots.ts";

/** File names of the plots, written beside the report. */
export const PLOT_FILES = {
  rounds: "score_per_round.svg",
  pareto: "pareto_front.svg",
  cost: "cost_vs_score.svg",
} as const;

/** One rendered plot. */
export interface NamedSvg {
  name: string;
  svg: string;
}

/** Round aggregates: committed rounds first, then rounds only the event stream has seen. */
export function roundPoints(d: ReportData): RoundPoint[] {
  const out = new Map<number, RoundPoint>();
  for (const r of d.progress.view.rounds) {
    out.set(r.round, { round: r.round, best: r.best_score, mean: r.mean_score });
  }
  for (const r of d.roundDone) {
    out.set(r.round, {
      round: r.round,
      best: r.aggregates.best_score,
      mean: r.aggregates.mean_score,
    });
  }
  return [...out.values()].sort((a, b) => a.round - b.round);
}

/** Every finished evaluation with metrics (including those of a round still running). */
export function evaluationPoints(d: ReportData): ScatterPoint[] {
  const champion = d.champion?.config_id;
  return d.rounds.flatMap((r) =>
    r.candidates.filter((c) => c.metrics !== null).map((c) => ({
      label: `r${r.round}#${c.candidate} ${c.label}`,
      score: c.metrics!.score,
      cost: c.metrics!.cost,
      lift: c.metrics!.lift,
      round: r.round,
      champion: c.config_id === champion,
    }))
  );
}

/** Renders the three plots. */
export function reportPlots(d: ReportData): NamedSvg[] {
  const pareto = d.pareto ? paretoView(d.pareto, d.champion?.fingerprint ?? null).points : [];
  return [
    { name: PLOT_FILES.rounds, svg: scorePerRoundSvg(roundPoints(d), d.baseline?.score ?? null) },
    { name: PLOT_FILES.pareto, svg: paretoSvg(pareto) },
    { name: PLOT_FILES.cost, svg: costVsScoreSvg(evaluationPoints(d)) },
  ];
}
