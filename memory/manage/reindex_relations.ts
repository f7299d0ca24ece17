/**
 * `reindex_relations`: recomputes the derived SIMILAR and COOCCURS links between active units.
 * On graph stores they are edges that keep their feedback counts across a reindex; elsewhere
 * they are `similar`/`cooccurs` relations on the units. Only what changed is written, so a
 * second run writes nothing.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { MemoryUnit, Relation } from "../../core/unit.ts";
import { cosine } from "../../core/vectors.ts";
import type { GraphEdge } from "../../stores/store_port.ts";
import { defineOp, type OpContext, type OpOutcome, skipped } from "./op_types.ts";
import { edgeKey } from "../../stores/graph_schema.ts";
import { byId, commit, mNode, SYNTHETIC_TASK_IDS, vectorsOf } from "./support.ts";

const DERIVED = ["SIMILAR", "COOCCURS"];

const coTask = (a: MemoryUnit, b: MemoryUnit) =>
  a.source_task_id !== "" && a.source_task_id === b.source_task_id &&
  !SYNTHETIC_TASK_IDS.has(a.source_task_id);

const pairKey = (a: string, b: string) => a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;

/** The derived links between active units: i<j by id, with the cosine of SIMILAR pairs. */
async function derivedPairs(ctx: OpContext, units: MemoryUnit[], threshold: number) {
  const vectors = await vectorsOf(ctx, units);
  const similar: [MemoryUnit, MemoryUnit, number][] = [];
  const cooccurs: [MemoryUnit, MemoryUnit][] = [];
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const a = units[i], b = units[j];
      const va = vectors.get(a.id), vb = vectors.get(b.id);
      const c = va && vb ? cosine(va, vb) : 0;
      if (c >= threshold) similar.push([a, b, c]);
      if (coTask(a, b)) cooccurs.push([a, b]);
    }
  }
  return { similar, cooccurs };
}

async function reindexGraph(
  ctx: OpContext,
  units: MemoryUnit[],
  threshold: number,
): Promise<OpOutcome> {
  const graph = ctx.graph!;
  const active = new Set(units.map((u) => mNode(u.id)));
  const existing = await graph.listEdges(DERIVED);
  const { similar, cooccurs } = await derivedPairs(ctx, units, threshold);
  const oldByPair = new Map<string, GraphEdge[]>();
  for (const e of existing) {
    const k = `${e.type}\u0000${pairKey(e.source, e.target)}`;
    oldByPair.set(k, [...oldByPair.get(k) ?? [], e]);
  }
  // Feedback counts of the edges a pair had survive the reindex; the stale feedback weight
  // (base_weight, feedback_multiplier) does not, edge_weight_optimize recomputes it.
  const desired = new Map<string, GraphEdge>();
  const want = (a: MemoryUnit, b: MemoryUnit, type: string, weight: number) => {
    const old = oldByPair.get(`${type}\u0000${pairKey(mNode(a.id), mNode(b.id))}`) ?? [];
    const edge: GraphEdge = { source: mNode(a.id), target: mNode(b.id), type, weight };
    const usage = old.reduce((n, e) => n + (e.usage_count ?? 0), 0);
    const success = old.reduce((n, e) => n + (e.success_count ?? 0), 0);
    if (old.some((e) => e.usage_count !== undefined)) edge.usage_count = usage;
    if (old.some((e) => e.success_count !== undefined)) edge.success_count = success;
    desired.set(edgeKey(edge), edge);
  };
  for (const [a, b, c] of similar) want(a, b, "SIMILAR", c);
  for (const [a, b] of cooccurs) want(a, b, "COOCCURS", 1);

  const byKey = new Map(existing.map((e) => [edgeKey(e), e]));
  const stale = existing.filter((e) => {
    if (desired.has(edgeKey(e))) return false;
    const touchesInactive = (n: string) => n.startsWith("m:") && !active.has(n);
    if (touchesInactive(e.source) || touchesInactive(e.target)) return true;
    // Between two active units: a SIMILAR edge that is no longer wanted (or points the other
    // way) goes; a COOCCURS edge only goes when replaced.
    if (!e.source.startsWith("m:") || !e.target.startsWith("m:")) return false;
    return e.type === "SIMILAR" ||
      desired.has(edgeKey({ source: e.target, target: e.source, type: e.type }));
  });
  const upserts = [...desired.values()].filter((e) => {
    const old = byKey.get(edgeKey(e));
    return !old || old.weight !== e.weight || old.usage_count !== e.usage_count ||
      old.success_count !== e.success_count || old.base_weight !== undefined ||
      old.feedback_multiplier !== undefined;
  });
  if (stale.length > 0) await graph.removeEdges(stale);
  if (upserts.length > 0) await graph.upsertEdges(upserts);
  return { triggered: true, affected: stale.length + upserts.length };
}

async function reindexRelations(
  ctx: OpContext,
  units: MemoryUnit[],
  threshold: number,
): Promise<OpOutcome> {
  const active = new Set(units.map((u) => u.id));
  const { similar, cooccurs } = await derivedPairs(ctx, units, threshold);
  const fresh = new Map<string, Relation[]>(units.map((u) => [u.id, []]));
  const rel = (from: MemoryUnit, to: MemoryUnit, type: Relation["relation_type"], w: number) =>
    fresh.get(from.id)!.push({ target_id: to.id, relation_type: type, weight: w, annotation: "" });
  for (const [a, b, c] of similar) {
    rel(a, b, "similar", c);
    rel(b, a, "similar", c);
  }
  for (const [a, b] of cooccurs) {
    rel(a, b, "cooccurs", 1);
    rel(b, a, "cooccurs", 1);
  }
  const changed = units.filter((u) => {
    // Supersedes links point at deactivated units on purpose (provenance), so they stay.
    const kept = u.relations.filter((r) =>
      r.relation_type !== "similar" && r.relation_type !== "cooccurs" &&
      (active.has(r.target_id) || r.relation_type === "supersedes")
    );
    const next = [
      ...kept,
      ...fresh.get(u.id)!.sort((x, y) => byId({ id: x.target_id }, { id: y.target_id })),
    ];
    if (JSON.stringify(next) === JSON.stringify(u.relations)) return false;
    u.relations = next;
    return true;
  });
  await commit(ctx, changed);
  return { triggered: true, affected: changed.length };
}

/**
 * SIMILAR links for pairs of active units with cosine ≥ `similarity_threshold`, COOCCURS links
 * for pairs from the same task, and removal of derived links to inactive units.
 */
export const reindexRelationsOp = defineOp(
  "reindex_relations",
  z.object({ similarity_threshold: z.number().min(-1).max(1) }),
  async (ctx, s) => {
    const units = (await ctx.store.list()).sort(byId);
    if (units.length < 2) return skipped("fewer than 2 active units");
    return ctx.graph
      ? await reindexGraph(ctx, units, s.similarity_threshold)
      : await reindexRelations(ctx, units, s.similarity_threshold);
  },
);
