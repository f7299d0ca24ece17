/**
 * Pruning ops: by effective score, by observed harm (utility audit), and by a hard size cap.
 * All deletions are soft; compaction is the store's business.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { effectiveScore, type MemoryUnit, successRate } from "../../core/unit.ts";
import { defineOp, skipped } from "./op_types.ts";
import { byId, commit, mNode } from "./support.ts";

/** Deactivates units below `min_effective_score`, then the weakest beyond `max_memory_count`. */
export const scoreBasedPrune = defineOp(
  "score_based_prune",
  z.object({ min_effective_score: z.number().min(0), max_memory_count: z.number().int().min(0) }),
  async (ctx, s) => {
    const units = await ctx.store.list();
    const scored = units.map((u) => ({ u, score: effectiveScore(u, ctx.now) }));
    const victims = scored.filter((x) => x.score < s.min_effective_score).map((x) => x.u.id);
    const rest = scored.filter((x) => x.score >= s.min_effective_score);
    if (rest.length > s.max_memory_count) {
      rest.sort((a, b) =>
        a.score - b.score || (a.u.created_at < b.u.created_at ? -1 : 1) || byId(a.u, b.u)
      );
      victims.push(...rest.slice(0, rest.length - s.max_memory_count).map((x) => x.u.id));
    }
    if (victims.length === 0) return skipped("nothing below the score floor or over the cap");
    const { deactivated } = await commit(ctx, [], victims);
    return { triggered: true, deactivated };
  },
);

const UtilityAuditSettings = z.object({
  min_usage_count: z.number().int().min(1),
  harmful_threshold: z.number().min(0).max(1),
  require_negative_lift: z.boolean(),
  margin: z.number().min(0).max(1),
  leakage_bump_high: z.number().min(0).max(1),
  leakage_bump_medium: z.number().min(0).max(1),
  handle_stale_unused: z.boolean(),
  stale_hours: z.number().min(0),
});

/** Settings of {@linkcode isHarmful}. */
export type UtilityAuditSettings = z.infer<typeof UtilityAuditSettings>;

/**
 * The harmful rule: success rate below `harmful_threshold` plus the leakage bump, and — unless
 * leakage risk is high or negative lift is not required — below the baseline minus `margin`.
 */
export function isHarmful(u: MemoryUnit, baseline: number, s: UtilityAuditSettings): boolean {
  const risk = typeof u.content.leakage_risk === "string"
    ? u.content.leakage_risk.toLowerCase()
    : "";
  const bump = risk === "high"
    ? s.leakage_bump_high
    : risk === "medium"
    ? s.leakage_bump_medium
    : 0;
  const rate = successRate(u);
  if (rate >= s.harmful_threshold + bump) return false;
  if (risk === "high" || !s.require_negative_lift) return true;
  return rate < baseline - s.margin;
}

/**
 * Deactivates units with enough usage that the harmful rule flags; optionally also never-used
 * units older than `stale_hours`. On graph stores (graph and llm_graph alike — reference bug
 * docs/design.md#fix-counters) the derived edges of removed units go too, so graph expansion cannot
 * reach them.
 */
export const utilityAudit = defineOp("utility_audit", UtilityAuditSettings, async (ctx, s) => {
  const units = await ctx.store.list();
  const eligible = units.filter((u) => u.usage_count >= s.min_usage_count);
  const victims = new Set<string>();
  if (eligible.length > 0) {
    const baseline = eligible.reduce((n, u) => n + successRate(u), 0) / eligible.length;
    for (const u of eligible) if (isHarmful(u, baseline, s)) victims.add(u.id);
  }
  if (s.handle_stale_unused) {
    for (const u of units) {
      const age = (ctx.now - Date.parse(u.created_at)) / 3_600_000;
      if (u.usage_count === 0 && age >= s.stale_hours) victims.add(u.id);
    }
  }
  if (victims.size === 0) {
    return eligible.length === 0 && !s.handle_stale_unused
      ? skipped("no unit has enough usage")
      : { triggered: true, deactivated: 0 };
  }
  const { deactivated } = await commit(ctx, [], victims);
  if (ctx.graph) {
    const nodes = new Set([...victims].map(mNode));
    const edges = (await ctx.graph.listEdges(["SIMILAR", "COOCCURS"])).filter((e) =>
      nodes.has(e.source) || nodes.has(e.target)
    );
    if (edges.length > 0) await ctx.graph.removeEdges(edges);
  }
  return { triggered: true, deactivated };
});

/**
 * The order in which size_capped_prune picks victims: most conflicts, negative examples,
 * never used, lowest effective score, oldest (then id, for a total order).
 */
export function victimOrder(now: number): (a: MemoryUnit, b: MemoryUnit) => number {
  return (a, b) =>
    b.conflict_count - a.conflict_count ||
    Number(b.is_negative_example) - Number(a.is_negative_example) ||
    Number(b.usage_count === 0) - Number(a.usage_count === 0) ||
    effectiveScore(a, now) - effectiveScore(b, now) ||
    (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0) ||
    byId(a, b);
}

/** Over `cap` active units, deactivates the worst down to ⌊cap · shrink_to_ratio⌋. */
export const sizeCappedPrune = defineOp(
  "size_capped_prune",
  z.object({ cap: z.number().int().min(0), shrink_to_ratio: z.number().gt(0).max(1) }),
  async (ctx, s) => {
    const units = await ctx.store.list();
    if (units.length <= s.cap) return skipped(`at most ${s.cap} active units`);
    const target = Math.floor(s.cap * s.shrink_to_ratio);
    const victims = units.sort(victimOrder(ctx.now)).slice(0, units.length - target);
    const { deactivated } = await commit(ctx, [], victims.map((u) => u.id));
    return { triggered: true, deactivated };
  },
);
