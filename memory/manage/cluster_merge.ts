/**
 * `cluster_merge`: tips and insights that say nearly the same thing are merged into one
 * consolidated tip that supersedes them; the members stay, with their decay cut. Members that an
 * active unit already supersedes are left out, so a second run merges nothing new
 * (docs/design.md#fix-hub-merges), and every merged tip gets its own topic, so no hub concept
 * appears.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import { contentText } from "../../core/unit.ts";
import template from "../../prompts/manage_cluster_merge.md" with { type: "text" };
import { averageLinkage } from "./clustering.ts";
import { principleOf, sharedTerms } from "./key_terms.ts";
import { askOrOffline, clip, fallbackError, type ModelOrOffline } from "./model_call.ts";
import { defineOp, type OpContext, skipped } from "./op_types.ts";
import {
  addDrafts,
  addRelation,
  byId,
  clamp,
  commit,
  createUnit,
  linkDerived,
  memberRefs,
  vectorsOf,
} from "./support.ts";

/** The model's reply: the merged tip's text. */
export const ClusterMergeReplySchema = z.object({ principle: z.string().trim().min(1) });

/** The offline merge: the most confident member's statement plus the terms members share. */
export function offlineMerge(members: readonly MemoryUnit[]): string {
  const best = members.reduce((a, b) =>
    b.confidence > a.confidence || (b.confidence === a.confidence && b.id < a.id) ? b : a
  );
  const terms = sharedTerms(members.map((m) => contentText(m)), 5);
  const base = principleOf(best).replace(/\s*$/, "");
  return terms.length > 0 ? `${base} (Shared context: ${terms.join(", ")}.)` : base;
}

function mergedText(ctx: OpContext, members: MemoryUnit[]): Promise<ModelOrOffline<string>> {
  return askOrOffline(ctx, "cluster_merge", offlineMerge(members), () => ({
    template,
    vars: { items: members.map((m) => `- [${m.type}] ${clip(contentText(m), 300)}`).join("\n") },
    schema: ClusterMergeReplySchema,
    maxTokens: 400,
  }), (reply) => reply.principle);
}

/**
 * Clusters active tips and insights (average linkage, cut at 1 − `similarity_threshold`); each
 * cluster of at least `min_cluster_size` becomes one tip superseding its members, whose decay
 * is multiplied by `member_decay`.
 */
export const clusterMerge = defineOp(
  "cluster_merge",
  z.object({
    similarity_threshold: z.number().min(-1).max(1),
    min_cluster_size: z.number().int().min(2),
    member_decay: z.number().min(0).max(1),
  }),
  async (ctx, s) => {
    // Inactive merged tips count too: members of a merged tip that was later pruned or
    // deduplicated must not be merged again on every cycle.
    const all = (await ctx.store.list({ activeOnly: false })).sort(byId);
    const consolidated = new Set(
      all.flatMap((u) =>
        u.relations.filter((r) => r.relation_type === "supersedes").map((r) => r.target_id)
      ),
    );
    const pool = all.filter((u) =>
      u.is_active &&
      (u.type === "tip" || u.type === "insight") && !consolidated.has(u.id)
    );
    if (pool.length < s.min_cluster_size) return skipped("too few tips and insights");
    const vectors = await vectorsOf(ctx, pool);
    const candidates = pool.filter((u) => vectors.has(u.id));
    const clusters = averageLinkage(
      candidates.map((u) => vectors.get(u.id)!),
      1 - s.similarity_threshold,
    ).filter((c) => c.length >= s.min_cluster_size);
    if (clusters.length === 0) return skipped("no cluster is large enough");

    const errors: string[] = [];
    const drafts: { unit: MemoryUnit; members: MemoryUnit[] }[] = [];
    for (const cluster of clusters) {
      const members = cluster.map((i) => candidates[i]);
      const merged = await mergedText(ctx, members);
      if (merged.error) errors.push(merged.error);
      const terms = sharedTerms(members.map((m) => contentText(m)), 3);
      const unit = await createUnit(ctx, "cluster_merge", {
        type: "tip",
        content: {
          topic: terms.length > 0 ? terms.join(" ") : clip(merged.value, 40),
          principle: merged.value,
          source_count: members.length,
        },
        source_task_id: "cluster_merge",
        task_outcome: "",
        confidence: Math.max(...members.map((m) => m.confidence)),
        source_refs: memberRefs(members),
        extraction_model: merged.extractionModel,
        use_when: [...new Set(members.flatMap((m) => m.use_when))].slice(0, 5),
        applicable_task_types: [...new Set(members.flatMap((m) => m.applicable_task_types))],
      }, members.map((m) => m.id));
      for (const m of members) addRelation(unit, m.id, "supersedes");
      drafts.push({ unit, members });
    }
    const kept = await addDrafts(ctx, drafts);
    const members = kept.flatMap((d) => d.members);
    for (const m of members) m.decay_weight = clamp(m.decay_weight * s.member_decay, 0.01, 1);
    const { updated } = await commit(ctx, members);
    await linkDerived(ctx, kept.map((d) => ({ unit: d.unit, sources: d.members })), "supersedes");
    return {
      triggered: true,
      created: kept.length,
      affected: updated,
      ...fallbackError(errors, "cluster(s)", "offline merge"),
    };
  },
);
