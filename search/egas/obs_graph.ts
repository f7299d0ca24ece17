/**
 * The observation graph (docs/design.md#observation-graph, on by default and gain-based per
 * docs/design.md#fix-obs-graph): for each task pattern (task level) the running mean *gain over the
 * no-memory baseline* of every architecture and of every coordinate value, from per-task results.
 * Rule-based; idempotent per round.
 *
 * @module
 */
import type { PerTask } from "../common_schemas.ts";
import type { RoundRow } from "../protocol/champion.ts";
import { mean, r6 } from "../protocol/metrics.ts";
import type { ObsGraph } from "./schemas.ts";
import { DIMENSIONS, valuesOf } from "./tracker.ts";

/** An empty graph. */
export function emptyObsGraph(): ObsGraph {
  return { version: 1, updated_at_round: 0, recorded_rounds: [], patterns: {} };
}

type Gain = { mean_gain: number; n: number };

function bump(map: Record<string, Gain>, key: string, gain: number): void {
  const cur = map[key] ?? { mean_gain: 0, n: 0 };
  const n = cur.n + 1;
  map[key] = { mean_gain: r6(cur.mean_gain + (gain - cur.mean_gain) / n), n };
}

/** Adds one round's successful candidates (pure; a recorded round is a no-op). */
export function updateObsGraph(
  graph: ObsGraph,
  round: number,
  rows: readonly RoundRow[],
  levelOf: ReadonlyMap<string, number>,
  baseline: Readonly<Record<string, number>>,
): ObsGraph {
  if (graph.recorded_rounds.includes(round)) return graph;
  const g: ObsGraph = structuredClone(graph);
  const taskIds = [...new Set(rows.flatMap((r) => Object.keys(r.per_task)))].sort();
  const byPattern = new Map<string, string[]>();
  for (const id of taskIds) {
    const key = `L${levelOf.get(id) ?? 0}`;
    if (!byPattern.has(key)) byPattern.set(key, []);
    byPattern.get(key)!.push(id);
  }
  for (const [key, ids] of byPattern) {
    const p = g.patterns[key] ??= {
      n_tasks_seen: 0,
      baseline_score: 0,
      best_gain_so_far: Number.NEGATIVE_INFINITY,
      architectures: {},
      encode: {},
      store: {},
      retrieve: {},
      manage: {},
    };
    const base = mean(ids.map((id) => baseline[id] ?? 0));
    p.baseline_score = r6(
      (p.baseline_score * p.n_tasks_seen + base * ids.length) / (p.n_tasks_seen + ids.length),
    );
    p.n_tasks_seen += ids.length;
    for (const row of rows) {
      const gain = gainOn(row.per_task, ids, baseline);
      if (gain === null) continue;
      bump(p.architectures, row.label, gain);
      for (const d of DIMENSIONS) {
        for (const v of valuesOf(row.architecture, d)) bump(p[d], v, gain);
      }
      p.best_gain_so_far = r6(Math.max(p.best_gain_so_far, gain));
    }
    if (!Number.isFinite(p.best_gain_so_far)) p.best_gain_so_far = 0;
  }
  g.updated_at_round = round;
  g.recorded_rounds = [...g.recorded_rounds, round];
  return g;
}

function gainOn(
  per: PerTask,
  ids: readonly string[],
  baseline: Readonly<Record<string, number>>,
): number | null {
  const own = ids.filter((id) => id in per);
  if (!own.length) return null;
  return mean(own.map((id) => per[id].score - (baseline[id] ?? 0)));
}

/** Compact proposer view: per pattern, the top architectures and each dimension's values. */
export function obsGraphForPrompt(graph: ObsGraph | null, top = 5): unknown {
  if (!graph || !graph.recorded_rounds.length) return {};
  const sorted = (m: Record<string, Gain>, k: number) =>
    Object.fromEntries(
      Object.entries(m).sort((a, b) => b[1].mean_gain - a[1].mean_gain || (a[0] < b[0] ? -1 : 1))
        .slice(0, k),
    );
  return {
    round: graph.updated_at_round,
    patterns: Object.fromEntries(
      Object.keys(graph.patterns).sort().map((k) => {
        const p = graph.patterns[k];
        return [k, {
          n_tasks: p.n_tasks_seen,
          baseline_score: p.baseline_score,
          best_gain_so_far: p.best_gain_so_far,
          architectures_evaluated: sorted(p.architectures, top),
          encode: sorted(p.encode, 5),
          store: sorted(p.store, 5),
          retrieve: sorted(p.retrieve, 6),
          manage: sorted(p.manage, 4),
        }];
      }),
    ),
  };
}
