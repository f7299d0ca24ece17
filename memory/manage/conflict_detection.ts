/**
 * `conflict_detection` (on insert): a new unit that closely matches an existing one from the
 * opposite outcome is a conflict. Both sides are marked; when one side is much weaker it is
 * superseded by the stronger.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { effectiveScore, type MemoryUnit } from "../../core/unit.ts";
import { cosine } from "../../core/vectors.ts";
import { defineOp, skipped } from "./op_types.ts";
import { addRelation, byId, commit, type Link, linkEdges, vectorsOf } from "./support.ts";

const opposite = (a: MemoryUnit, b: MemoryUnit) =>
  (a.task_outcome === "success" && b.task_outcome === "failure") ||
  (a.task_outcome === "failure" && b.task_outcome === "success");

/**
 * For each new unit and every other active unit: cosine ≥ `conflict_threshold` with opposite
 * outcomes (`""` is no outcome) is a conflict — CONFLICTS both ways (weight = cosine) and
 * `conflict_count` +1 on both. When the weaker effective score is below `deactivate_ratio` × the
 * stronger, the weaker is superseded and that new unit's scan ends.
 */
export const conflictDetection = defineOp(
  "conflict_detection",
  z.object({
    conflict_threshold: z.number().min(-1).max(1),
    deactivate_ratio: z.number().min(0).max(1),
  }),
  async (ctx, s) => {
    if (ctx.newUnitIds.length === 0) return skipped("no new units");
    const units = (await ctx.store.list()).sort(byId);
    const byIdMap = new Map(units.map((u) => [u.id, u]));
    const targets = [...new Set(ctx.newUnitIds)].map((id) => byIdMap.get(id))
      .filter((u): u is MemoryUnit => u !== undefined);
    if (targets.length === 0) return skipped("no new unit is active");
    const vectors = await vectorsOf(ctx, units);
    const seen = new Set<string>();
    const dead = new Set<string>();
    const changed = new Map<string, MemoryUnit>();
    const links: Link[] = [];
    let conflicts = 0;
    for (const t of targets) {
      const vt = vectors.get(t.id);
      if (!vt || dead.has(t.id)) continue;
      for (const c of units) {
        if (c.id === t.id || dead.has(c.id) || !opposite(t, c)) continue;
        const key = t.id < c.id ? `${t.id}\u0000${c.id}` : `${c.id}\u0000${t.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const vc = vectors.get(c.id);
        const cos = vc ? cosine(vt, vc) : 0;
        if (cos < s.conflict_threshold) continue;
        conflicts++;
        addRelation(t, c.id, "conflicts", cos);
        addRelation(c, t.id, "conflicts", cos);
        links.push({ from: t.id, to: c.id, type: "conflicts", weight: cos });
        links.push({ from: c.id, to: t.id, type: "conflicts", weight: cos });
        t.conflict_count += 1;
        c.conflict_count += 1;
        changed.set(t.id, t).set(c.id, c);
        const st = effectiveScore(t, ctx.now), sc = effectiveScore(c, ctx.now);
        const [weak, strong] = st < sc ? [t, c] : [c, t];
        if (Math.min(st, sc) < s.deactivate_ratio * Math.max(st, sc)) {
          weak.superseded_by = strong.id;
          dead.add(weak.id);
          break;
        }
      }
    }
    if (conflicts === 0) return skipped("no conflicts");
    const { deactivated } = await commit(ctx, changed.values(), dead);
    await linkEdges(ctx, links);
    return { triggered: true, affected: changed.size, deactivated };
  },
);
