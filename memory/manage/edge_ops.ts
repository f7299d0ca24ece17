/**
 * Graph edge feedback: `edge_stats_update` counts how often an edge that supported an injected
 * unit led to success, and `edge_weight_optimize` turns those counts into weights. Together they
 * are the graph_consolidate feedback loop the reference lost to its edge-destroying `update`
 * (docs/design.md#fix-graph-edges).
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { GraphEdge } from "../../stores/store_port.ts";
import { defineOp, skipped } from "./op_types.ts";
import { edgeKey } from "../../stores/graph_schema.ts";
import { asNode } from "./support.ts";

/**
 * For each used edge `(u, v, type)`, bumps the stored edge u→v, else v→u: usage +1, and success
 * +1 when the task succeeded. A pair reported twice in one task counts once.
 */
export const edgeStatsUpdate = defineOp("edge_stats_update", z.object({}), async (ctx) => {
  if (!ctx.graph) return skipped("store has no graph");
  const used = new Map<string, [string, string, string]>();
  for (const [u, v, t] of ctx.task?.used_edges ?? []) {
    const e: [string, string, string] = [asNode(u), asNode(v), t.toUpperCase()];
    used.set(edgeKey({ source: e[0], target: e[1], type: e[2] }), e);
  }
  if (used.size === 0) return skipped("no used edges");
  const types = [...new Set([...used.values()].map((e) => e[2]))];
  const index = new Map((await ctx.graph.listEdges(types)).map((e) => [edgeKey(e), e]));
  const bumped = new Map<string, GraphEdge>();
  for (const [u, v, type] of used.values()) {
    const k1 = edgeKey({ source: u, target: v, type });
    const k2 = edgeKey({ source: v, target: u, type });
    const key = index.has(k1) ? k1 : index.has(k2) ? k2 : undefined;
    if (key === undefined) continue;
    const edge = index.get(key)!;
    edge.usage_count = (edge.usage_count ?? 0) + 1;
    if (ctx.task?.succeeded) edge.success_count = (edge.success_count ?? 0) + 1;
    bumped.set(key, edge);
  }
  if (bumped.size === 0) {
    return skipped(`none of the ${used.size} used edges exists in the graph`);
  }
  await ctx.graph.upsertEdges([...bumped.values()]);
  return { triggered: true, affected: bumped.size };
});

const EdgeWeightSettings = z.object({
  min_usage_for_adjust: z.number().int().min(1),
  low: z.number().gt(0).lt(1),
  high: z.number().gt(0).lt(1),
  max_penalty: z.number().min(0).max(1),
  max_boost: z.number().min(0),
  floor: z.number(),
  ceiling: z.number(),
  edge_types: z.array(z.string().min(1)),
}).refine((s) => s.low <= s.high, { message: "low must not exceed high", path: ["low"] })
  .refine((s) => s.floor <= s.ceiling, {
    message: "floor must not exceed ceiling",
    path: ["floor"],
  });

/** Settings of {@linkcode feedbackWeight}. */
export type EdgeWeightSettings = z.infer<typeof EdgeWeightSettings>;

/**
 * The feedback weight of an edge with `usage` uses and `success` successes, from `base`:
 * boosted linearly above `high`, penalised linearly below `low`, clamped to [floor, ceiling].
 */
export function feedbackWeight(
  base: number,
  usage: number,
  success: number,
  s: EdgeWeightSettings,
): { weight: number; multiplier: number } {
  const rate = usage > 0 ? success / usage : 0;
  let multiplier = 1;
  if (rate > s.high) multiplier = 1 + s.max_boost * (rate - s.high) / (1 - s.high);
  else if (rate < s.low) multiplier = 1 - s.max_penalty * (s.low - rate) / s.low;
  return { weight: Math.min(s.ceiling, Math.max(s.floor, base * multiplier)), multiplier };
}

/**
 * For unit-to-unit edges of `edge_types` used at least `min_usage_for_adjust` times:
 * `weight = clamp(base · multiplier)` with `base = base_weight ?? weight`. Idempotent; never
 * deletes an edge.
 */
export const edgeWeightOptimize = defineOp(
  "edge_weight_optimize",
  EdgeWeightSettings,
  async (ctx, s) => {
    if (!ctx.graph) return skipped("store has no graph");
    const changed: GraphEdge[] = [];
    let eligible = 0;
    for (const e of await ctx.graph.listEdges(s.edge_types)) {
      const usage = e.usage_count ?? 0;
      if (!e.source.startsWith("m:") || !e.target.startsWith("m:")) continue;
      if (usage < s.min_usage_for_adjust) continue;
      eligible++;
      const base = e.base_weight ?? e.weight;
      const { weight, multiplier } = feedbackWeight(base, usage, e.success_count ?? 0, s);
      if (e.weight === weight && e.base_weight === base && e.feedback_multiplier === multiplier) {
        continue;
      }
      changed.push({ ...e, weight, base_weight: base, feedback_multiplier: multiplier });
    }
    if (eligible === 0) return skipped("no edge has enough usage");
    if (changed.length > 0) await ctx.graph.upsertEdges(changed);
    return { triggered: true, affected: changed.length };
  },
);
