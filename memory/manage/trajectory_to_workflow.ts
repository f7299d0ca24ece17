/**
 * `trajectory_to_workflow`: a trajectory that keeps helping (enough uses, high success rate) is
 * abstracted into a reusable workflow that DEPENDS on it; the trajectory then decays. With a
 * model the abstraction is written by the model; offline (or after a rejected reply) the steps
 * are abstracted by rule.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { type MemoryUnit, successRate } from "../../core/unit.ts";
import template from "../../prompts/manage_trajectory_to_workflow.md" with { type: "text" };
import { askOrOffline, clip, fallbackError, type ModelOrOffline } from "./model_call.ts";
import { defineOp, type OpContext, skipped } from "./op_types.ts";
import {
  addDrafts,
  addRelation,
  byId,
  clamp,
  commit,
  createUnit,
  inheritedFrom,
  linkDerived,
} from "./support.ts";
import { abstractWorkflow } from "./workflow_abstraction.ts";

const text = z.string().trim().min(1);

/** The model's reply: agent steps (1–8) and search steps (0–6). */
export const WorkflowReplySchema = z.object({
  agent_workflow: z.array(z.object({
    step: z.number().int().min(1),
    action: text,
    rationale: z.string(),
    generalized_execution: z.string(),
  })).min(1).max(8),
  search_workflow: z.array(z.object({
    step: z.number().int().min(1),
    query_formulation: text,
    validation_criteria: z.string(),
  })).max(6),
});

function workflowContent(
  ctx: OpContext,
  traj: MemoryUnit,
): Promise<ModelOrOffline<Record<string, unknown>>> {
  const offline = abstractWorkflow(traj);
  return askOrOffline(ctx, "trajectory_to_workflow", offline, () => ({
    template,
    vars: {
      usage_count: traj.usage_count,
      success_rate: successRate(traj).toFixed(2),
      trajectory: clip(JSON.stringify(traj.content, null, 1), 3000),
    },
    schema: WorkflowReplySchema,
    maxTokens: 1200,
  }), (reply) => ({ ...offline, ...reply }));
}

/**
 * Active trajectories with usage ≥ `min_usage` and success rate ≥ `min_success_rate` that no
 * workflow yet depends on each get one workflow; the trajectory's decay × `source_decay`.
 */
export const trajectoryToWorkflow = defineOp(
  "trajectory_to_workflow",
  z.object({
    min_usage: z.number().int().min(0),
    min_success_rate: z.number().min(0).max(1),
    source_decay: z.number().min(0).max(1),
  }),
  async (ctx, s) => {
    // Inactive workflows count too: a workflow pruned as harmful must not be re-created.
    const workflows = await ctx.store.list({ types: ["workflow"], activeOnly: false });
    const covered = new Set(workflows.flatMap((w) => [
      ...w.relations.filter((r) => r.relation_type === "depends").map((r) => r.target_id),
      ...(typeof w.content.source_trajectory_id === "string"
        ? [w.content.source_trajectory_id]
        : []),
    ]));
    const sources = (await ctx.store.list({ types: ["trajectory"] })).sort(byId).filter((t) =>
      t.usage_count >= s.min_usage && successRate(t) >= s.min_success_rate && !covered.has(t.id)
    );
    if (sources.length === 0) return skipped("no proven trajectory without a workflow");
    const errors: string[] = [];
    const drafts: { unit: MemoryUnit; traj: MemoryUnit }[] = [];
    for (const traj of sources) {
      const made = await workflowContent(ctx, traj);
      if (made.error) errors.push(made.error);
      const unit = await createUnit(ctx, "trajectory_to_workflow", {
        type: "workflow",
        content: { ...made.value, source_trajectory_id: traj.id },
        ...inheritedFrom(traj),
        extraction_model: made.extractionModel,
      }, [traj.id]);
      addRelation(unit, traj.id, "depends");
      drafts.push({ unit, traj });
    }
    const kept = await addDrafts(ctx, drafts);
    for (const { traj } of kept) {
      traj.decay_weight = clamp(traj.decay_weight * s.source_decay, 0.01, 1);
    }
    const { updated } = await commit(ctx, kept.map((d) => d.traj));
    await linkDerived(ctx, kept.map((d) => ({ unit: d.unit, sources: [d.traj] })), "depends");
    return {
      triggered: true,
      created: kept.length,
      affected: updated,
      ...fallbackError(errors, "trajectory(ies)", "offline abstraction"),
    };
  },
);
