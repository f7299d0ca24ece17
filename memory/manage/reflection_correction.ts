/**
 * `reflection_correction` (after a failed task): the model reviews the memory units that were
 * in the agent's context and corrects (UPDATE) or supersedes (REPLACE) the ones that misled it.
 * It needs a model; offline it is skipped with a reason, never silently.
 *
 * @module
 */
import { z } from "zod";
import type { MemoryUnit } from "../../core/unit.ts";
import template from "../../prompts/manage_reflection_correction.md" with { type: "text" };
import { askModel, clip } from "./model_call.ts";
import { defineOp, skipped } from "./op_types.ts";
import {
  addDrafts,
  addRelation,
  commit,
  contentProblem,
  createUnit,
  inheritedFrom,
  linkDerived,
  refreshDerived,
  usedUnits,
} from "./support.ts";

/** The model's reply: one verdict per unit. */
export const ReflectionReplySchema = z.object({
  corrections: z.array(z.object({
    id: z.string().min(1),
    action: z.enum(["UPDATE", "REPLACE", "KEEP"]),
    new_content: z.record(z.string(), z.unknown()).default({}),
  })),
});

/**
 * The corrected content: only keys the unit already has, with values of the same JSON kind and
 * not empty; undefined when nothing usable remains (so `{}` can never blank a unit).
 */
export function correctedContent(
  unit: MemoryUnit,
  proposal: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const kind = (v: unknown) => Array.isArray(v) ? "array" : v === null ? "null" : typeof v;
  const next = { ...unit.content };
  let changed = false;
  for (const [k, v] of Object.entries(proposal)) {
    if (!(k in unit.content) || kind(v) !== kind(unit.content[k])) continue;
    if (v === "" || (Array.isArray(v) && v.length === 0)) continue;
    if (JSON.stringify(v) === JSON.stringify(unit.content[k])) continue;
    next[k] = v;
    changed = true;
  }
  return changed ? next : undefined;
}

/** Asks the model to correct up to `max_units` used units after a failure. */
export const reflectionCorrection = defineOp(
  "reflection_correction",
  z.object({
    max_units: z.number().int().min(1),
    content_chars: z.number().int().min(50),
  }),
  async (ctx, s) => {
    if (ctx.task?.succeeded !== false) return skipped("task did not fail");
    if (!ctx.model) return skipped("offline: reflection needs a model");
    const units = (await usedUnits(ctx)).slice(0, s.max_units);
    if (units.length === 0) return skipped("no used units");
    const listing = units.map((u) =>
      `- id: ${u.id}\n  type: ${u.type}\n  keys: ${Object.keys(u.content).join(", ")}\n` +
      `  content: ${clip(JSON.stringify(u.content), s.content_chars)}`
    ).join("\n");
    const reply = await askModel(
      ctx,
      "reflection_correction",
      template,
      {
        task_query: clip(ctx.task.task_query ?? "", 1500),
        failure_context: clip(ctx.task.failure_context || "unknown", 1500),
        units: listing,
      },
      ReflectionReplySchema,
      1500,
    );
    if (!reply.ok) return { triggered: false, error: reply.error };

    const byId = new Map(units.map((u) => [u.id, u]));
    const updated: MemoryUnit[] = [];
    const replacements: { unit: MemoryUnit; old: MemoryUnit }[] = [];
    const rejected: string[] = [];
    for (const c of reply.value.corrections) {
      const unit = byId.get(c.id);
      if (!unit || c.action === "KEEP") continue;
      byId.delete(c.id);
      const content = correctedContent(unit, c.new_content);
      if (!content) continue;
      const problem = contentProblem(unit.type, content);
      if (problem) {
        rejected.push(`${unit.id}: ${problem}`);
        continue;
      }
      if (c.action === "UPDATE") {
        unit.content = content;
        await refreshDerived(ctx, unit);
        updated.push(unit);
        continue;
      }
      const fresh = await createUnit(ctx, "reflection_correction", {
        type: unit.type,
        content,
        ...inheritedFrom(unit),
        extraction_model: ctx.model.id,
        is_negative_example: unit.is_negative_example,
      }, [unit.id]);
      addRelation(fresh, unit.id, "supersedes");
      replacements.push({ unit: fresh, old: unit });
    }
    const done = await addDrafts(ctx, replacements);
    for (const r of done) r.old.superseded_by = r.unit.id;
    const { deactivated } = await commit(
      ctx,
      [...updated, ...done.map((r) => r.old)],
      done.map((r) => r.old.id),
    );
    await linkDerived(ctx, done.map((r) => ({ unit: r.unit, sources: [r.old] })), "supersedes");
    return {
      triggered: true,
      affected: updated.length,
      created: done.length,
      deactivated,
      ...(rejected.length > 0
        ? { error: `${rejected.length} correction(s) rejected as invalid content: ${rejected[0]}` }
        : {}),
    };
  },
);
