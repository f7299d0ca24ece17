/**
 * Task exclusion that also covers consolidated units. A unit that management merged or
 * generalised gets a synthetic `source_task_id` (`cluster_merge`, `cross_task`), so excluding
 * tasks by `source_task_id` alone would let a unit built from an excluded task's units through:
 * in LoCoMo, another conversation's turns under the same `D<s>:<t>` ids. A unit is excluded when
 * its own task is, or when any unit it consolidates (its `supersedes`, `reinforces` or
 * `generalizes` targets, followed a few levels down) comes from an excluded task.
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";

/** Relations from a consolidated unit to the units it was built from. */
const MEMBER_RELATIONS = new Set(["supersedes", "reinforces", "generalizes"]);

/** Levels of consolidation followed (a merge of merges of merges). */
const MAX_DEPTH = 3;

/** Whether `unit` comes from, or consolidates units of, a task in `excluded`. */
export async function fromExcludedTask(
  unit: MemoryUnit,
  excluded: ReadonlySet<string>,
  get: (id: string) => Promise<MemoryUnit | null | undefined>,
  depth = 0,
): Promise<boolean> {
  if (excluded.has(unit.source_task_id)) return true;
  if (depth >= MAX_DEPTH) return false;
  for (const r of unit.relations) {
    if (!MEMBER_RELATIONS.has(r.relation_type)) continue;
    const member = await get(r.target_id);
    if (member && await fromExcludedTask(member, excluded, get, depth + 1)) return true;
  }
  return false;
}
