/**
 * Memory management: the pipeline that runs a preset's ops on insert, after each task and
 * every `periodic_interval` tasks, and every op of the four presets (docs/design.md#management,
 * with the fixes of docs/design.md#fixes: deterministic ops run without a model, the periodic
 * counter is persisted, edge feedback survives unit updates, counters are not double-counted, and
 * generalisation is idempotent).
 *
 * ```ts
 * const pipeline = await createManagementPipeline(plan.manage, { store, embedder, clock }, {
 *   dir: plan.store.dir,
 * });
 * await pipeline.onInsert(newUnits);
 * const records = await pipeline.postTask({ task_id, task_query, succeeded, used_unit_ids,
 *   used_edges, failure_context });
 * ```
 *
 * @module
 */
export {
  createManagementPipeline,
  MANAGE_STATE_FILE,
  ManageConfigError,
  type ManagePipelineDeps,
  type ManageState,
  ManageStateError,
  ManageStateSchema,
} from "./pipeline.ts";
export { MANAGE_OPS } from "./registry.ts";
export type { BoundOp, ManageOp, OpContext, OpOutcome, Trigger } from "./op_types.ts";
export { feedbackWeight } from "./edge_ops.ts";
export { isHarmful, victimOrder } from "./prune_ops.ts";
export { shortcutProblems } from "./shortcut_ops.ts";
export { averageLinkage } from "./clustering.ts";
export { abstractWorkflow } from "./workflow_abstraction.ts";
