/**
 * `llm_conflict_resolve`: near-identical units from a successful and a failed task are judged,
 * and the loser is superseded. The model judges when present; offline the higher effective
 * score wins, and both stay when the scores are within 10 %. A pair judged "keep both" is
 * marked so it is not judged again.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { contentText, effectiveScore, type MemoryUnit } from "../../core/unit.ts";
import template from "../../prompts/manage_llm_conflict_resolve.md" with { type: "text" };
import { askOrOffline, clip, fallbackError, type ModelOrOffline } from "./model_call.ts";
import { similarPairs } from "./clustering.ts";
import { defineOp, type OpContext, skipped } from "./op_types.ts";
import { byId, commit, vectorsOf } from "./support.ts";

/** The judge's reply. */
export const ConflictReplySchema = z.object({
  decision: z.enum(["keep_a", "keep_b", "keep_both"]),
  reasoning: z.string().default(""),
});

/** A verdict on a pair. */
export type ConflictDecision = z.infer<typeof ConflictReplySchema>["decision"];

/** Scores within this fraction of the larger one count as a tie offline. */
const TIE_FRACTION = 0.1;
const KEPT_BOTH = "keep_both";

/** The offline verdict: the higher effective score wins; a near tie keeps both. */
export function offlineDecision(a: MemoryUnit, b: MemoryUnit, now: number): ConflictDecision {
  const sa = effectiveScore(a, now), sb = effectiveScore(b, now);
  if (Math.abs(sa - sb) <= TIE_FRACTION * Math.max(sa, sb)) return "keep_both";
  return sa > sb ? "keep_a" : "keep_b";
}

/** True for a success/failure pair; `""` (op-made units) is not an outcome. */
export function oppositeOutcomes(a: MemoryUnit, b: MemoryUnit): boolean {
  return (a.task_outcome === "success" && b.task_outcome === "failure") ||
    (a.task_outcome === "failure" && b.task_outcome === "success");
}

function describe(u: MemoryUnit): string {
  return [
    `created: ${u.created_at}`,
    `outcome of its task: ${u.task_outcome || "none"}`,
    `accessed: ${u.access_count} times; used: ${u.usage_count}; successes: ${u.success_count}; ` +
    `failures: ${u.usage_count - u.success_count}`,
    `confidence: ${u.confidence.toFixed(2)}`,
    `content: ${clip(contentText(u), 300)}`,
  ].join("\n");
}

const judgedBoth = (a: MemoryUnit, b: MemoryUnit) =>
  a.relations.some((r) =>
    r.target_id === b.id && r.relation_type === "conflicts" && r.annotation === KEPT_BOTH
  );

function markBoth(a: MemoryUnit, b: MemoryUnit, weight: number): void {
  const r = a.relations.find((x) => x.target_id === b.id && x.relation_type === "conflicts");
  if (r) r.annotation = KEPT_BOTH;
  else {a.relations.push({
      target_id: b.id,
      relation_type: "conflicts",
      weight,
      annotation: KEPT_BOTH,
    });}
}

function judge(
  ctx: OpContext,
  a: MemoryUnit,
  b: MemoryUnit,
): Promise<ModelOrOffline<ConflictDecision>> {
  return askOrOffline(ctx, "llm_conflict_resolve", offlineDecision(a, b, ctx.now), () => ({
    template,
    vars: { unit_a: describe(a), unit_b: describe(b) },
    schema: ConflictReplySchema,
    maxTokens: 200,
  }), (reply): ConflictDecision => reply.decision);
}

/**
 * Judges up to `max_pairs_per_run` of the most similar pairs with cosine ≥
 * `similarity_threshold` (and, when `require_opposite_outcome`, success against failure;
 * otherwise any two different outcomes). The loser is superseded by the winner.
 */
export const llmConflictResolve = defineOp(
  "llm_conflict_resolve",
  z.object({
    max_pairs_per_run: z.number().int().min(0),
    similarity_threshold: z.number().min(-1).max(1),
    require_opposite_outcome: z.boolean(),
  }),
  async (ctx, s) => {
    const units = (await ctx.store.list()).sort(byId);
    const vectors = await vectorsOf(ctx, units);
    const pairs = similarPairs(units, vectors, s.similarity_threshold, (a, b) => {
      const eligible = s.require_opposite_outcome
        ? oppositeOutcomes(a, b)
        : a.task_outcome !== b.task_outcome;
      return eligible && !judgedBoth(a, b);
    });
    if (pairs.length === 0) return skipped("no conflicting pair");
    const changed = new Map<string, MemoryUnit>();
    const losers = new Set<string>();
    const errors: string[] = [];
    let judged = 0;
    for (const [a, b, c] of pairs) {
      if (judged >= s.max_pairs_per_run) break;
      if (losers.has(a.id) || losers.has(b.id)) continue;
      judged++;
      const { value: decision, error } = await judge(ctx, a, b);
      if (error) errors.push(error);
      if (decision === "keep_both") {
        markBoth(a, b, c);
        markBoth(b, a, c);
        changed.set(a.id, a).set(b.id, b);
        continue;
      }
      const [winner, loser] = decision === "keep_a" ? [a, b] : [b, a];
      loser.superseded_by = winner.id;
      losers.add(loser.id);
      changed.set(loser.id, loser);
    }
    const { deactivated } = await commit(ctx, changed.values(), losers);
    return {
      triggered: true,
      affected: judged,
      deactivated,
      ...fallbackError(errors, "pair(s)", "offline rule", "model verdict"),
    };
  },
);
