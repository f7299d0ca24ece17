/**
 * Differential validation, computed in code every round (docs/design.md#fix-differential: the
 * paper's "did the last edit help?" existed only as dead code). Each new candidate is compared with
 * its parent — the champion's re-evaluation in the same round, on the same tasks — or, without a
 * champion row, with the no-memory baseline on the same tasks.
 *
 * @module
 */
import type { ArchitectureSpec } from "../../core/spec.ts";
import type { DifferentialRow, PerTask } from "../common_schemas.ts";
import type { RoundRow } from "../protocol/champion.ts";
import { mean, r6 } from "../protocol/metrics.ts";
import type { BaselineView } from "./pareto.ts";
import { DIMENSIONS, valuesOf } from "./tracker.ts";

/** Changes within ±this band count as stalled (reference step verification). */
export const NOISE_BAND = 0.02;
/** Fewer common tasks than this is inconclusive. */
export const MIN_COMMON = 2;

/** The coordinates that differ between a parent and a child. */
export function changedLayers(
  parent: ArchitectureSpec | null,
  child: ArchitectureSpec,
): Record<string, { from: string; to: string }> {
  const out: Record<string, { from: string; to: string }> = {};
  for (const d of DIMENSIONS) {
    const to = valuesOf(child, d).join("+");
    const from = parent ? valuesOf(parent, d).join("+") : "none";
    if (from !== to) out[d] = { from, to };
  }
  return out;
}

/** A key naming a change, e.g. `retrieve:hybrid→mmr` or `encode:tip→tip+workflow & store:json→hybrid`. */
export function changeKey(changed: Record<string, { from: string; to: string }>): string {
  return Object.keys(changed).sort().map((d) => `${d}:${changed[d].from}→${changed[d].to}`).join(
    " & ",
  );
}

/** Compares one child with its parent's outcomes on their common tasks. */
export function compareOnCommon(
  configId: string,
  parentId: string,
  parentSpec: ArchitectureSpec | null,
  childSpec: ArchitectureSpec,
  child: PerTask,
  parent: PerTask,
): DifferentialRow {
  const ids = Object.keys(child).filter((id) => id in parent).sort();
  const ds = ids.map((id) => child[id].score - parent[id].score);
  const dc = ids.map((id) => child[id].tokens - parent[id].tokens);
  const delta = mean(ds);
  return {
    config_id: configId,
    parent: parentId,
    changed: changedLayers(parentSpec, childSpec),
    n_common: ids.length,
    delta_score: r6(delta),
    delta_cost: r6(mean(dc)),
    wins: ds.filter((d) => d > 1e-9).length,
    losses: ds.filter((d) => d < -1e-9).length,
    verdict: ids.length < MIN_COMMON
      ? "inconclusive"
      : delta >= NOISE_BAND
      ? "confirmed"
      : delta <= -NOISE_BAND
      ? "refuted"
      : "stalled",
  };
}

/** Differential validation of a round: every non-champion row against its parent. */
export function differentialValidation(
  rows: readonly RoundRow[],
  baseline: BaselineView,
): DifferentialRow[] {
  const champ = rows.find((r) => r.source === "champion");
  const basePer: PerTask = Object.fromEntries(
    Object.entries(baseline.scores).map((
      [id, s],
    ) => [id, { score: s, tokens: baseline.tokens[id] ?? 0 }]),
  );
  return rows.filter((r) => r !== champ).map((r) =>
    champ
      ? compareOnCommon(
        r.config_id,
        champ.config_id,
        champ.architecture,
        r.architecture,
        r.per_task,
        champ.per_task,
      )
      : compareOnCommon(r.config_id, "baseline", null, r.architecture, r.per_task, basePer)
  );
}
