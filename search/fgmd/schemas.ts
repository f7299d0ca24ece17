/**
 * FGMD shapes: the failure taxonomy, per-task attributions, the candidate verdict (the text
 * gradient `bottleneck → evidence → action`) and `attribution.json`, plus the zod schemas of the
 * diagnosis model's replies (which only ever contribute prose).
 *
 * @module
 */
import { z } from "../../core/zod.ts";

/** Labels a memory architecture can fix, with the layer each points at. */
export const MEMORY_LABELS = {
  extraction_gap: "encode",
  extraction_low_quality: "encode",
  domain_knowledge_gap: "encode",
  injection_bad: "encode",
  store_unreachable: "store",
  retrieval_miss_topk: "retrieve",
  judge_rejected_all: "retrieve",
  retrieval_noise: "retrieve",
  memory_stale: "manage",
} as const;

/** Labels outside memory's reach (the model, the tools, the judge or the answer format). */
export const OUT_OF_SCOPE_LABELS = [
  "reasoning_error",
  "budget_capped",
  "tool_failure",
  "multimodal_failure",
  "infra_error",
  "numeric_precision",
  "time_range_mismatch",
  "near_miss",
  "judge_format_mismatch",
] as const;

/** A memory-addressable label. */
export type MemoryLabel = keyof typeof MEMORY_LABELS;
/** An out-of-scope label. */
export type OutOfScopeLabel = typeof OUT_OF_SCOPE_LABELS[number];
/** Every attribution label, `success` included. */
export const ATTRIBUTION_LABELS = [
  "success",
  ...Object.keys(MEMORY_LABELS) as MemoryLabel[],
  ...OUT_OF_SCOPE_LABELS,
] as const;
/** One attribution label. */
export type AttributionLabel = "success" | MemoryLabel | OutOfScopeLabel;
/** The four layers plus the store. */
export type Layer = "encode" | "store" | "retrieve" | "manage";

/** One task's attribution. */
export const TaskAttributionSchema = z.object({
  task_id: z.string(),
  score: z.number(),
  attribution: z.string(),
  /** One line with the numbers that decided the label. */
  evidence: z.string(),
  pool_matches: z.number().int(),
  max_pool_score: z.number(),
  retrieved_count: z.number().int(),
  injected_count: z.number().int(),
  reasoning_subclass: z.string().nullable(),
});
/** Attribution of one task. */
export type TaskAttribution = z.infer<typeof TaskAttributionSchema>;

/** Aggregates over a candidate's tasks. */
export const AttributionSummarySchema = z.object({
  total_tasks: z.number().int(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  breakdown: z.record(z.string(), z.number().int()),
  rates: z.object({
    extractable_failure_rate: z.number(),
    retrieval_failure_rate: z.number(),
    store_failure_rate: z.number(),
    out_of_scope_rate: z.number(),
  }),
  rule_diagnosis: z.string(),
  layer_metrics: z.object({
    extracted: z.number().int(),
    inserted: z.number().int(),
    deduped: z.number().int(),
    retrieval_calls: z.number().int(),
    empty_retrievals: z.number().int(),
    injected_units: z.number().int(),
    op_runs: z.number().int(),
    op_affected: z.number().int(),
  }),
});
/** Attribution summary. */
export type AttributionSummary = z.infer<typeof AttributionSummarySchema>;

/** A concrete one-coordinate change. */
export const MoveSchema = z.object({
  layer: z.enum(["encode", "store", "retrieve", "manage"]),
  from: z.string(),
  to: z.string(),
});
/** A move. */
export type Move = z.infer<typeof MoveSchema>;

/** The candidate verdict; every field is computed in code, `reasoning` may be model prose. */
export const VerdictSchema = z.object({
  primary_signal: z.string(),
  layer: z.string().nullable(),
  /** Share of failures carrying the primary signal. */
  share: z.number(),
  confidence: z.enum(["high", "medium", "low"]),
  recommended_action: z.string(),
  suggested_move: MoveSchema.nullable(),
  memory_bypass: z.boolean(),
  out_of_scope_for_memory: z.boolean(),
  evidence_task_ids: z.array(z.string()),
  cross_source_agreement: z.enum(["rules_only", "agree", "disagree"]),
  reasoning: z.string(),
});
/** A candidate verdict. */
export type Verdict = z.infer<typeof VerdictSchema>;

/** Per-layer status (computed) with the model's observation (prose, optional). */
export const LayerDiagnosisSchema = z.record(
  z.string(),
  z.object({
    status: z.enum(["ok", "warning", "critical"]),
    observation: z.string(),
    suggestion: z.string(),
  }),
);
/** Layer diagnosis. */
export type LayerDiagnosis = z.infer<typeof LayerDiagnosisSchema>;

/** `round_<t>/candidate_<k>/attribution.json`. */
export const AttributionFileSchema = z.object({
  schema_version: z.literal(1),
  config_id: z.string(),
  /** Per-task thresholds adapt to the pool (see each task's `evidence`); this is their floor. */
  relevance: z.object({
    backend: z.literal("tfidf"),
    base_threshold: z.number(),
    pool_units: z.number(),
  }),
  summary: AttributionSummarySchema,
  verdict: VerdictSchema,
  layer_diagnosis: LayerDiagnosisSchema,
  reasoning_subclasses: z.record(z.string(), z.number().int()),
  evidence_by_category: z.record(z.string(), z.array(z.string())),
  per_task: z.array(TaskAttributionSchema),
  /** Which LLM stages ran (empty offline). */
  llm_stages: z.array(z.string()),
});
/** Attribution file content. */
export type AttributionFile = z.infer<typeof AttributionFileSchema>;

/** Reasoning sub-classes the diagnosis model may assign to a `reasoning_error`. */
export const REASONING_SUBCLASSES = [
  "numeric_calculation_error",
  "unit_or_format_mismatch",
  "entity_disambiguation_error",
  "time_range_misinterpretation",
  "question_constraint_missed",
  "scope_misinterpretation",
  "multi_hop_reasoning_collapse",
  "true_reasoning_error",
] as const;

/** Reply of the reasoning sub-classification call. */
export const SubclassReplySchema = z.object({
  subclass: z.string(),
  evidence: z.string().default(""),
});

/** Reply of the four-layer diagnosis call: prose per layer. */
export const LayerReplySchema = z.object({
  encode: z.object({ observation: z.string(), suggestion: z.string() }),
  store: z.object({ observation: z.string(), suggestion: z.string() }),
  retrieve: z.object({ observation: z.string(), suggestion: z.string() }),
  manage: z.object({ observation: z.string(), suggestion: z.string() }),
  overall: z.string(),
});

/** Reply of the candidate synthesis call: prose only. */
export const SynthesisReplySchema = z.object({
  reasoning: z.string().min(1),
  agrees_with_rules: z.boolean(),
});

/** Reply of the round-level synthesis (differential + round verdict): prose only. */
export const RoundReplySchema = z.object({
  key_finding: z.string(),
  next_round_focus: z.string(),
  reasoning: z.string(),
});
