/**
 * `reflection_correction` (after a failed task): the model reviews the memory units that were
 * in the agent's context and corrects (UPDATE) or supersedes (REPLACE) the ones that misled it.
 *
 * Failures are reviewed in batches (`deferred_failures.ts`): each failed task that used memory
 * is noted in the pipeline's persisted queue, and once `batch_failures` are waiting ONE call
 * reviews them together, the units used in the most failures first (at most `max_units`).
 * Reviewing after every failure cost about half a model call per task on top of guidance and
 * extraction (`automem bench calls`); a batch of 10 costs at most 0.1 per task when every task
 * fails. With `batch_failures` 1 it reviews every failure at once, as before. Without a pipeline
 * queue (an op run on its own) the failure is reviewed at once.
 *
 * It needs a model; offline it is skipped with a reason (and nothing is queued), never silently.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import template from "../../prompts/manage_reflection_correction.md" with { type: "text" };
import { type FailureNote, unitsToReview } from "./deferred_failures.ts";
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

function failureListing(notes: readonly FailureNote[]): string {
  return notes.map((n, i) =>
    `${i + 1}. Task: ${clip(n.task_query, 600)}\n` +
    `   What went wrong: ${clip(n.failure_context || "unknown", 600)}\n` +
    `   Items used: ${n.used_unit_ids.join(", ") || "none"}`
  ).join("\n");
}

/**
 * Notes a failed task and, once `batch_failures` are queued, asks the model to correct up to
 * `max_units` of the units they used, in one call.
 */
export const reflectionCorrection = defineOp(
  "reflection_correction",
  z.object({
    max_units: z.number().int().min(1),
    content_chars: z.number().int().min(50),
    batch_failures: z.number().int().min(1),
  }),
  async (ctx, s) => {
    if (ctx.task?.succeeded !== false) return skipped("task did not fail");
    if (!ctx.model) return skipped("offline: reflection needs a model");
    const used = await usedUnits(ctx);
    if (used.length === 0) return skipped("no used units");
    const note: FailureNote = {
      task_id: ctx.task.task_id ?? "",
      task_query: ctx.task.task_query ?? "",
      failure_context: ctx.task.failure_context ?? "",
      used_unit_ids: used.map((u) => u.id),
    };
    let notes = [note];
    if (ctx.deferredFailures) {
      ctx.deferredFailures.add(note);
      const waiting = ctx.deferredFailures.notes.length;
      if (waiting < s.batch_failures) {
        return skipped(
          `deferred: ${waiting} of ${s.batch_failures} failed tasks queued for review`,
        );
      }
      notes = ctx.deferredFailures.take();
    }
    const units: MemoryUnit[] = [];
    for (const id of unitsToReview(notes, s.max_units)) {
      const u = await ctx.store.get(id);
      if (u?.is_active) units.push(u);
    }
    if (units.length === 0) return skipped("no used unit is still active");
    const listing = units.map((u) =>
      `- id: ${u.id}\n  type: ${u.type}\n  keys: ${Object.keys(u.content).join(", ")}\n` +
      `  content: ${clip(JSON.stringify(u.content), s.content_chars)}`
    ).join("\n");
    const reply = await askModel(
      ctx,
      "reflection_correction",
      template,
      { failures: failureListing(notes), units: listing },
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
