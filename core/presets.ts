/**
 * Management presets (exact op order of the reference, docs/design.md#presets) and every op's
 * default settings (docs/design.md#op-defaults). The compiler folds the ops of the chosen preset,
 * with their settings, into the plan.
 *
 * @module
 */
import type { ManagePreset } from "./space.ts";

/** Every management op automem implements. */
export const OP_NAMES = [
  "access_stats_update",
  "boost_on_success",
  "penalize_on_failure",
  "edge_stats_update",
  "reflection_correction",
  "shortcut_promotion",
  "signature_dedup",
  "conflict_detection",
  "shortcut_validation",
  "time_decay",
  "semantic_dedup",
  "cross_type_dedup",
  "cluster_merge",
  "trajectory_to_workflow",
  "cross_task_generalize",
  "llm_conflict_resolve",
  "score_based_prune",
  "quality_curation",
  "utility_audit",
  "size_capped_prune",
  "reindex_relations",
  "edge_weight_optimize",
] as const;

/** One management op name. */
export type OpName = typeof OP_NAMES[number];

/** Scalar settings of one op. */
export type OpSettings = Readonly<Record<string, number | boolean | string | readonly string[]>>;

/** Default settings of every op (docs/design.md#op-defaults), the only source of these numbers. */
export const OP_DEFAULTS: Readonly<Record<OpName, OpSettings>> = {
  access_stats_update: {},
  boost_on_success: { success_boost: 0.05 },
  penalize_on_failure: { failure_penalty: 0.15, decay_factor: 0.9 },
  edge_stats_update: {},
  reflection_correction: { max_units: 10, content_chars: 500, batch_failures: 10 },
  shortcut_promotion: { confidence_boost: 0.1, promote_after_uses: 3 },
  signature_dedup: {},
  conflict_detection: { conflict_threshold: 0.85, deactivate_ratio: 0.5 },
  shortcut_validation: {},
  time_decay: { decay_rate: 0.95, recent_hours: 24, recent_boost: 0.1, min_decay: 0.01 },
  semantic_dedup: { semantic_threshold: 0.88 },
  cross_type_dedup: { cross_type_threshold: 0.85, reinforce_threshold: 0.7 },
  cluster_merge: { similarity_threshold: 0.8, min_cluster_size: 3, member_decay: 0.3 },
  trajectory_to_workflow: { min_usage: 3, min_success_rate: 0.7, source_decay: 0.5 },
  cross_task_generalize: {
    min_cross_task_pairs: 2,
    similarity_threshold: 0.85,
    max_entity_degree: 12,
    duplicate_threshold: 0.88,
  },
  llm_conflict_resolve: {
    max_pairs_per_run: 5,
    similarity_threshold: 0.8,
    require_opposite_outcome: true,
  },
  score_based_prune: { min_effective_score: 0.05, max_memory_count: 500 },
  quality_curation: { bayesian_weight: 0.7 },
  utility_audit: {
    min_usage_count: 3,
    harmful_threshold: 0.3,
    require_negative_lift: true,
    margin: 0.1,
    leakage_bump_high: 0.2,
    leakage_bump_medium: 0.1,
    handle_stale_unused: false,
    stale_hours: 24,
  },
  size_capped_prune: { cap: 300, shrink_to_ratio: 0.85 },
  reindex_relations: { similarity_threshold: 0.7 },
  edge_weight_optimize: {
    min_usage_for_adjust: 5,
    low: 0.4,
    high: 0.6,
    max_penalty: 0.2,
    max_boost: 0.2,
    floor: 0,
    ceiling: 1,
    edge_types: ["SIMILAR"],
  },
};

/** Ops of one preset per trigger, in execution order. */
export interface PresetOps {
  post_task: readonly OpName[];
  periodic: readonly OpName[];
  on_insert: readonly OpName[];
}

const uniq = (xs: OpName[]): OpName[] => xs.filter((x, i) => xs.indexOf(x) === i);

function withMandatory(p: PresetOps, periodicTail?: OpName[]): PresetOps {
  return {
    post_task: uniq([
      "access_stats_update",
      "boost_on_success",
      "penalize_on_failure",
      ...p.post_task,
      "signature_dedup",
    ]),
    periodic: uniq([
      ...p.periodic,
      "quality_curation",
      "utility_audit",
      "size_capped_prune",
      ...(periodicTail ?? []),
    ]),
    on_insert: uniq([...p.on_insert, "signature_dedup", "conflict_detection"]),
  };
}

/** The four presets with the mandatory layers merged in, in order (docs/design.md#presets). */
export const PRESETS: Readonly<Record<ManagePreset, PresetOps>> = {
  lightweight: withMandatory({
    post_task: [],
    periodic: ["time_decay", "score_based_prune"],
    on_insert: [],
  }),
  json_full: withMandatory({
    post_task: ["reflection_correction"],
    periodic: [
      "time_decay",
      "semantic_dedup",
      "cross_type_dedup",
      "cluster_merge",
      "trajectory_to_workflow",
      "llm_conflict_resolve",
      "score_based_prune",
      "reindex_relations",
    ],
    on_insert: [],
  }),
  tool_manager: withMandatory({
    post_task: ["shortcut_promotion"],
    periodic: ["time_decay", "semantic_dedup", "trajectory_to_workflow", "score_based_prune"],
    on_insert: ["shortcut_validation"],
  }),
  graph_consolidate: withMandatory(
    {
      post_task: ["edge_stats_update", "reflection_correction"],
      periodic: [
        "time_decay",
        "semantic_dedup",
        "cross_type_dedup",
        "cluster_merge",
        "trajectory_to_workflow",
        "cross_task_generalize",
        "llm_conflict_resolve",
        "score_based_prune",
      ],
      on_insert: [],
    },
    ["reindex_relations", "edge_weight_optimize"],
  ),
};

/** Tasks between two periodic passes, for every preset. */
export const PERIODIC_INTERVAL = 10;
