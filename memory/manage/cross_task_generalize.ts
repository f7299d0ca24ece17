/**
 * `cross_task_generalize`: tips and insights from different tasks that share a theme are
 * generalised into one cross-task principle that REINFORCES them. Unlike the reference
 * (docs/design.md#fix-hub-merges) it is idempotent: hub entities (degree > `max_entity_degree`)
 * form no group, a group an existing principle already covers is not asked again, and a principle
 * that nearly duplicates an existing one (cosine ≥ `duplicate_threshold`) is not created.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { contentText, type MemoryUnit } from "../../core/unit.ts";
import template from "../../prompts/manage_cross_task_generalize.md" with { type: "text" };
import { cosine, isUsableVector, type VectorLike } from "../../core/vectors.ts";
import { askOrOffline, clip, fallbackError } from "./model_call.ts";
import { principleOf, sharedTerms } from "./key_terms.ts";
import { defineOp, type OpContext, skipped } from "./op_types.ts";
import {
  addDrafts,
  addRelation,
  byId,
  createUnit,
  entityOf,
  linkEdges,
  memberRefs,
  mNode,
  SYNTHETIC_TASK_IDS,
  vectorsOf,
} from "./support.ts";

/** The model's reply: the principle's text. */
export const GeneralizeReplySchema = z.object({ principle: z.string().trim().min(1) });

const Settings = z.object({
  min_cross_task_pairs: z.number().int().min(1),
  similarity_threshold: z.number().min(-1).max(1),
  max_entity_degree: z.number().int().min(1),
  duplicate_threshold: z.number().min(-1).max(1),
});
type Settings = z.infer<typeof Settings>;

/** A set of units to generalise, with the theme that joins them. */
interface Group {
  members: MemoryUnit[];
  theme: string;
  entity?: string;
}

const tasksOf = (units: readonly MemoryUnit[]) => new Set(units.map((u) => u.source_task_id)).size;

/** Graph stores: entities of bounded degree linked to ≥ 3 candidates from ≥ 2 tasks. */
async function entityGroups(ctx: OpContext, pool: MemoryUnit[], s: Settings): Promise<Group[]> {
  const byNode = new Map(pool.map((u) => [mNode(u.id), u]));
  const linked = new Map<string, string[]>();
  for (const e of await ctx.graph!.listEdges(["HAS_ENTITY"])) {
    linked.set(e.target, [...linked.get(e.target) ?? [], e.source]);
  }
  const groups: Group[] = [];
  for (const [entity, sources] of [...linked].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    if (sources.length > s.max_entity_degree) continue;
    const members = [...new Set(sources)].map((n) => byNode.get(n))
      .filter((u): u is MemoryUnit => u !== undefined).sort(byId);
    if (members.length < 3 || tasksOf(members) < 2) continue;
    groups.push({ members, theme: entityOf(entity)?.name ?? entity, entity });
  }
  return groups;
}

/** Other stores: connected components of cross-task pairs at cosine ≥ the threshold. */
function similarityGroups(
  pool: MemoryUnit[],
  vectors: Map<string, VectorLike>,
  s: Settings,
): Group[] {
  const parent = pool.map((_, i) => i);
  const find = (i: number): number => parent[i] === i ? i : (parent[i] = find(parent[i]));
  let pairs = 0;
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      if (pool[i].source_task_id === pool[j].source_task_id) continue;
      const a = vectors.get(pool[i].id), b = vectors.get(pool[j].id);
      if (!a || !b || cosine(a, b) < s.similarity_threshold) continue;
      pairs++;
      parent[Math.max(find(i), find(j))] = Math.min(find(i), find(j));
    }
  }
  if (pairs < s.min_cross_task_pairs) return [];
  const comps = new Map<number, MemoryUnit[]>();
  pool.forEach((u, i) => comps.set(find(i), [...comps.get(find(i)) ?? [], u]));
  return [...comps.values()].filter((m) => m.length >= 2).map((members) => ({
    members,
    theme: sharedTerms(members.map((m) => contentText(m)), 3).join(", ") || "shared approach",
  }));
}

/** The offline principle: the most central member's statement, restated with shared terms. */
export function offlinePrinciple(
  members: readonly MemoryUnit[],
  vectors: Map<string, VectorLike>,
): string {
  let central = members[0], best = -Infinity;
  for (const m of members) {
    const v = vectors.get(m.id);
    const score = members.reduce((n, o) => {
      const w = vectors.get(o.id);
      return o === m || !v || !w ? n : n + cosine(v, w);
    }, 0);
    if (score > best) [central, best] = [m, score];
  }
  const terms = sharedTerms(members.map((m) => contentText(m)), 4);
  const text = `Across ${tasksOf(members)} tasks: ${principleOf(central)}`;
  return terms.length > 0 ? `${text} (Recurring: ${terms.join(", ")}.)` : text;
}

/** Generalises each cross-task group into one principle tip. */
export const crossTaskGeneralize = defineOp("cross_task_generalize", Settings, async (ctx, s) => {
  const all = (await ctx.store.list({ activeOnly: false })).sort(byId);
  const active = all.filter((u) => u.is_active);
  // Inactive principles count too: one pruned or deduplicated must not be re-created.
  const principles = all.filter((u) => u.source_task_id === "cross_task");
  const pool = active.filter((u) =>
    (u.type === "tip" || u.type === "insight") && !SYNTHETIC_TASK_IDS.has(u.source_task_id)
  );
  const vectors = await vectorsOf(ctx, pool);
  const groups = ctx.graph
    ? await entityGroups(ctx, pool, s)
    : similarityGroups(pool.filter((u) => vectors.has(u.id)), vectors, s);
  if (groups.length === 0) return skipped("no cross-task group");
  const known: VectorLike[] = principles.flatMap((p) =>
    isUsableVector(p.embedding) ? [p.embedding] : []
  );
  const coveredBy = principles.map((p) =>
    new Set(p.relations.filter((r) => r.relation_type === "reinforces").map((r) => r.target_id))
  );
  const errors: string[] = [];
  const drafts: { unit: MemoryUnit; group: Group }[] = [];
  let duplicates = 0;
  const seen = new Set<string>();
  for (const group of groups) {
    const ids = group.members.map((m) => m.id);
    const key = ids.join("\u0000");
    if (seen.has(key) || coveredBy.some((c) => ids.every((id) => c.has(id)))) continue;
    seen.add(key);
    const principle = await askOrOffline(
      ctx,
      "cross_task_generalize",
      offlinePrinciple(group.members, vectors),
      () => ({
        template,
        vars: {
          task_count: tasksOf(group.members),
          theme: group.theme,
          items: group.members.map((m) => `- [${m.type}] ${clip(contentText(m), 300)}`).join("\n"),
        },
        schema: GeneralizeReplySchema,
        maxTokens: 300,
      }),
      (reply) => reply.principle,
    );
    if (principle.error) errors.push(principle.error);
    const unit = await createUnit(ctx, "cross_task_generalize", {
      type: "tip",
      content: {
        topic: `cross-task: ${group.theme}`,
        principle: principle.value,
        source_task_count: tasksOf(group.members),
        source_unit_count: group.members.length,
      },
      source_task_id: "cross_task",
      task_outcome: "",
      confidence: Math.min(...group.members.map((m) => m.confidence)),
      source_refs: memberRefs(group.members),
      extraction_model: principle.extractionModel,
    }, ids);
    const v = unit.embedding;
    if (v && known.some((k) => cosine(k, v) >= s.duplicate_threshold)) {
      duplicates++;
      continue;
    }
    for (const id of ids) addRelation(unit, id, "reinforces");
    if (v) known.push(v);
    drafts.push({ unit, group });
  }
  const kept = await addDrafts(ctx, drafts);
  await linkEdges(
    ctx,
    kept.flatMap((m) =>
      m.group.members.map((u) => ({
        from: m.unit.id,
        to: u.id,
        type: "reinforces" as const,
        weight: 1,
      }))
    ),
  );
  for (const m of kept) {
    const ent = m.group.entity ? entityOf(m.group.entity) : undefined;
    if (ent && ctx.graph) await ctx.graph.linkEntities(m.unit.id, [ent]);
  }
  return {
    triggered: kept.length > 0,
    created: kept.length,
    ...(kept.length === 0
      ? { skipped_reason: `every group is already generalised (${duplicates} near-duplicate(s))` }
      : {}),
    ...fallbackError(errors, "group(s)", "offline principle"),
  };
});
