/**
 * Deduplication ops: exact (same signature), semantic (same type, cosine ≥ threshold), and
 * cross-type (an insight a tip already states). Victims are soft-deleted and their usage moves
 * to the survivor, which records a SUPERSEDES link.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { effectiveScore, type MemoryUnit } from "../../core/unit.ts";
import { cosine } from "../../core/vectors.ts";
import type { GraphEdge } from "../../stores/store_port.ts";
import { similarPairs } from "./clustering.ts";
import { defineOp, type OpContext, skipped } from "./op_types.ts";
import {
  addRelation,
  byId,
  commit,
  entityOf,
  type Link,
  linkEdges,
  mNode,
  vectorsOf,
} from "./support.ts";

const threshold = z.number().min(-1).max(1);

/** True when `a` should survive over `b`: higher effective score, then older, then smaller id. */
export function survives(a: MemoryUnit, b: MemoryUnit, now: number): boolean {
  const sa = effectiveScore(a, now), sb = effectiveScore(b, now);
  if (sa !== sb) return sa > sb;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at;
  return a.id < b.id;
}

function absorb(survivor: MemoryUnit, victim: MemoryUnit): void {
  survivor.usage_count += victim.usage_count;
  survivor.success_count += victim.success_count;
  victim.superseded_by = survivor.id;
}

/** Groups active units by signature; the best of each group absorbs the others' usage. */
export const signatureDedup = defineOp("signature_dedup", z.object({}), async (ctx) => {
  const groups = new Map<string, MemoryUnit[]>();
  for (const u of (await ctx.store.list()).sort(byId)) {
    groups.set(u.signature, [...groups.get(u.signature) ?? [], u]);
  }
  const changed: MemoryUnit[] = [];
  const removed: string[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const best = group.reduce((a, b) => survives(a, b, ctx.now) ? a : b);
    for (const v of group) {
      if (v === best) continue;
      absorb(best, v);
      changed.push(v);
      removed.push(v.id);
    }
    changed.push(best);
  }
  if (removed.length === 0) return skipped("no duplicate signatures");
  const { deactivated } = await commit(ctx, changed, removed);
  return { triggered: true, affected: changed.length - removed.length, deactivated };
});

/**
 * Copies the victims' unit-to-unit and entity edges onto their survivors (graph stores), so
 * what led to a victim now leads to its survivor. Query links (HAS_MEMORY) stay with the victim:
 * they record which task produced it.
 */
async function moveEdges(ctx: OpContext, survivorOf: Map<string, string>): Promise<void> {
  const graph = ctx.graph;
  if (!graph || survivorOf.size === 0) return;
  const resolve = (id: string): string => {
    let s = id;
    while (survivorOf.has(s)) s = survivorOf.get(s)!;
    return s;
  };
  const all = await graph.listEdges();
  const keys = new Set(all.map((e) => `${e.source}\u0000${e.target}\u0000${e.type}`));
  const copies: GraphEdge[] = [];
  const entities = new Map<string, { type: string; name: string }[]>();
  for (const e of all) {
    if (e.type === "HAS_MEMORY") continue;
    const mapEnd = (n: string) =>
      n.startsWith("m:") && survivorOf.has(n.slice(2)) ? mNode(resolve(n.slice(2))) : n;
    const source = mapEnd(e.source), target = mapEnd(e.target);
    if ((source === e.source && target === e.target) || source === target) continue;
    if (e.type === "HAS_ENTITY") {
      const ent = entityOf(target);
      if (ent) entities.set(source.slice(2), [...entities.get(source.slice(2)) ?? [], ent]);
      continue;
    }
    const key = `${source}\u0000${target}\u0000${e.type}`;
    if (keys.has(key)) continue;
    keys.add(key);
    copies.push({ ...e, source, target });
  }
  if (copies.length > 0) await graph.upsertEdges(copies);
  for (const [id, ents] of [...entities].sort((x, y) => x[0] < y[0] ? -1 : 1)) {
    await graph.linkEntities(id, ents);
  }
}

/** Within each type, pairs at cosine ≥ `semantic_threshold`: the weaker unit is superseded. */
export const semanticDedup = defineOp(
  "semantic_dedup",
  z.object({ semantic_threshold: threshold }),
  async (ctx, s) => {
    const units = (await ctx.store.list()).sort(byId);
    const vectors = await vectorsOf(ctx, units);
    // Most similar pairs first, so a unit is merged into its closest twin.
    const pairs = similarPairs(units, vectors, s.semantic_threshold, (a, b) => a.type === b.type);
    if (pairs.length === 0) return skipped("no near-duplicate pairs");
    const survivorOf = new Map<string, string>();
    const changed = new Map<string, MemoryUnit>();
    const links: Link[] = [];
    for (const [a, b] of pairs) {
      if (survivorOf.has(a.id) || survivorOf.has(b.id)) continue;
      const [keep, drop] = survives(a, b, ctx.now) ? [a, b] : [b, a];
      absorb(keep, drop);
      addRelation(keep, drop.id, "supersedes");
      links.push({ from: keep.id, to: drop.id, type: "supersedes", weight: 1 });
      survivorOf.set(drop.id, keep.id);
      changed.set(keep.id, keep).set(drop.id, drop);
    }
    await moveEdges(ctx, survivorOf);
    const { deactivated } = await commit(ctx, changed.values(), survivorOf.keys());
    await linkEdges(ctx, links);
    return { triggered: true, affected: changed.size - survivorOf.size, deactivated };
  },
);

/**
 * For each insight, the most similar tip: above `cross_type_threshold` the tip supersedes the
 * insight; above `reinforce_threshold` the two reinforce each other (linked once).
 */
export const crossTypeDedup = defineOp(
  "cross_type_dedup",
  z.object({ cross_type_threshold: threshold, reinforce_threshold: threshold }),
  async (ctx, s) => {
    const insights = (await ctx.store.list({ types: ["insight"] })).sort(byId);
    const tips = (await ctx.store.list({ types: ["tip"] })).sort(byId);
    if (insights.length === 0 || tips.length === 0) return skipped("needs both insights and tips");
    const vectors = await vectorsOf(ctx, [...insights, ...tips]);
    const changed = new Map<string, MemoryUnit>();
    const removed: string[] = [];
    const links: Link[] = [];
    for (const ins of insights) {
      const vi = vectors.get(ins.id);
      if (!vi) continue;
      let best: MemoryUnit | undefined;
      let bestCos = -Infinity;
      for (const tip of tips) {
        const vt = vectors.get(tip.id);
        const c = vt ? cosine(vi, vt) : -Infinity;
        if (c > bestCos) [best, bestCos] = [tip, c];
      }
      if (!best) continue;
      if (bestCos > s.cross_type_threshold) {
        ins.superseded_by = best.id;
        addRelation(best, ins.id, "supersedes");
        links.push({ from: best.id, to: ins.id, type: "supersedes", weight: 1 });
        changed.set(ins.id, ins).set(best.id, best);
        removed.push(ins.id);
      } else if (bestCos > s.reinforce_threshold) {
        const added = addRelation(ins, best.id, "reinforces", bestCos);
        const back = addRelation(best, ins.id, "reinforces", bestCos);
        if (added || back) {
          links.push({ from: ins.id, to: best.id, type: "reinforces", weight: bestCos });
          links.push({ from: best.id, to: ins.id, type: "reinforces", weight: bestCos });
          changed.set(ins.id, ins).set(best.id, best);
        }
      }
    }
    if (changed.size === 0) return skipped("no insight overlaps a tip");
    const { deactivated } = await commit(ctx, changed.values(), removed);
    await linkEdges(ctx, links);
    return { triggered: true, affected: changed.size - removed.length, deactivated };
  },
);
