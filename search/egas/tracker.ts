/**
 * Exploration coverage and component statistics, both derived in code from the Pareto archive
 * (so they are identical after a resume — docs/design.md#fix-tracker — and never model-authored,
 * docs/design.md#fix-ledger). Each architecture counts once per coordinate value; a multi-type
 * encode counts each type.
 *
 * @module
 */
import { ENCODE_TYPES, MANAGE_PRESETS, RETRIEVER_KINDS, STORE_KINDS } from "../../core/space.ts";
import type { ArchitectureSpec } from "../../core/spec.ts";
import { mean, r6 } from "../protocol/metrics.ts";
import type { ArchRecord, ComponentStat, ParetoState } from "./schemas.ts";

/** The four dimensions of the space. */
export const DIMENSIONS = ["encode", "store", "retrieve", "manage"] as const;
/** One dimension. */
export type Dimension = typeof DIMENSIONS[number];

/** Every value of each dimension, in menu order. */
export const MENU: Readonly<Record<Dimension, readonly string[]>> = {
  encode: ENCODE_TYPES,
  store: STORE_KINDS,
  retrieve: RETRIEVER_KINDS,
  manage: MANAGE_PRESETS,
};

/** The values an architecture takes on a dimension (several for encode). */
export function valuesOf(spec: ArchitectureSpec, dim: Dimension): string[] {
  return dim === "encode" ? [...spec.encode] : [spec[dim]];
}

/** How often each value was evaluated (one count per distinct architecture). */
export type Coverage = Record<Dimension, Record<string, number>>;

/** Coverage over the archive. */
export function coverage(state: ParetoState): Coverage {
  const out = Object.fromEntries(
    DIMENSIONS.map((d) => [d, Object.fromEntries(MENU[d].map((v) => [v, 0]))]),
  ) as Coverage;
  for (const rec of state.archive) {
    for (const d of DIMENSIONS) for (const v of valuesOf(rec.architecture, d)) out[d][v]++;
  }
  return out;
}

/** Component statistics: mean pooled score, lift and cost of the architectures holding a value. */
export function componentStats(state: ParetoState): ComponentStat[] {
  const out: ComponentStat[] = [];
  for (const d of DIMENSIONS) {
    for (const v of MENU[d]) {
      const recs = state.archive.filter((r) => valuesOf(r.architecture, d).includes(v));
      if (!recs.length) continue;
      const best = recs.reduce((a, b) => (b.lift > a.lift ? b : a));
      out.push({
        component: d,
        value: v,
        n_evaluations: recs.reduce((s, r) => s + r.n_evals, 0),
        mean_score: r6(mean(recs.map((r) => r.score))),
        mean_lift: r6(mean(recs.map((r) => r.lift))),
        mean_cost: r6(mean(recs.map((r) => r.cost))),
        best_context: best.label,
      });
    }
  }
  return out;
}

/**
 * The reference's exploration hint block: values evaluated fewer than `minCount` times, per
 * dimension; empty before any evaluation.
 */
export function renderHints(state: ParetoState, minCount = 2, maxPerDim = 5): string {
  if (!state.archive.length) return "";
  const cov = coverage(state);
  const lines: string[] = [];
  for (const d of DIMENSIONS) {
    const under = MENU[d].filter((v) => cov[d][v] < minCount).slice(0, maxPerDim);
    if (!under.length) continue;
    const counts = MENU[d].map((v) => `${v}×${cov[d][v]}`).join(", ");
    lines.push(`- ${d}: under-tested ${under.join(", ")} (counts: ${counts})`);
  }
  if (!lines.length) return "";
  return [
    `Exploration coverage across ${state.archive.length} evaluated architectures:`,
    ...lines,
    "Prefer under-tested values when the evidence does not point elsewhere.",
  ].join("\n");
}

/** The best archived record by pooled lift (ties: lower cost). */
export function bestRecord(state: ParetoState): ArchRecord | undefined {
  return [...state.archive].sort((a, b) => b.lift - a.lift || a.cost - b.cost)[0];
}
