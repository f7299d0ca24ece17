/**
 * The registry of every management op, keyed by the names in `core/presets.ts`. The type makes
 * a missing op a compile error.
 *
 * @module
 */
import type { OpName } from "../../core/presets.ts";
import { clusterMerge } from "./cluster_merge.ts";
import { conflictDetection } from "./conflict_detection.ts";
import { crossTaskGeneralize } from "./cross_task_generalize.ts";
import { crossTypeDedup, semanticDedup, signatureDedup } from "./dedup_ops.ts";
import { edgeStatsUpdate, edgeWeightOptimize } from "./edge_ops.ts";
import { llmConflictResolve } from "./llm_conflict_resolve.ts";
import type { ManageOp } from "./op_types.ts";
import { scoreBasedPrune, sizeCappedPrune, utilityAudit } from "./prune_ops.ts";
import { reflectionCorrection } from "./reflection_correction.ts";
import { reindexRelationsOp } from "./reindex_relations.ts";
import { shortcutPromotion, shortcutValidation } from "./shortcut_ops.ts";
import {
  accessStatsUpdate,
  boostOnSuccess,
  penalizeOnFailure,
  qualityCuration,
  timeDecay,
} from "./stats_ops.ts";
import { trajectoryToWorkflow } from "./trajectory_to_workflow.ts";

/** Every op by name. */
export const MANAGE_OPS: Readonly<Record<OpName, ManageOp>> = {
  access_stats_update: accessStatsUpdate,
  boost_on_success: boostOnSuccess,
  penalize_on_failure: penalizeOnFailure,
  edge_stats_update: edgeStatsUpdate,
  reflection_correction: reflectionCorrection,
  shortcut_promotion: shortcutPromotion,
  signature_dedup: signatureDedup,
  conflict_detection: conflictDetection,
  shortcut_validation: shortcutValidation,
  time_decay: timeDecay,
  semantic_dedup: semanticDedup,
  cross_type_dedup: crossTypeDedup,
  cluster_merge: clusterMerge,
  trajectory_to_workflow: trajectoryToWorkflow,
  cross_task_generalize: crossTaskGeneralize,
  llm_conflict_resolve: llmConflictResolve,
  score_based_prune: scoreBasedPrune,
  quality_curation: qualityCuration,
  utility_audit: utilityAudit,
  size_capped_prune: sizeCappedPrune,
  reindex_relations: reindexRelationsOp,
  edge_weight_optimize: edgeWeightOptimize,
};
