/**
 * Small shapes shared by several artifacts (metrics, usage, paired tests), kept apart so the
 * artifact, EGAS and FGMD schema modules can all use them without importing each other.
 *
 * @module
 */
import { z } from "../core/zod.ts";

/** Version stamped into every JSON artifact; bumped on incompatible changes. */
export const ARTIFACT_SCHEMA_VERSION = 1 as const;

const num = z.number();
const score01 = z.number().min(0).max(1);

/** Tokens and spend of one role. */
export const RoleUsageSchema = z.object({
  calls: z.number().int().min(0),
  prompt_tokens: num,
  completion_tokens: num,
  cost_usd: num,
});
/** Usage of one role. */
export type RoleUsage = z.infer<typeof RoleUsageSchema>;

/** Usage of a unit of work (a stage, a proposer call...) per role. */
export const UsageBlockSchema = z.record(z.string(), RoleUsageSchema);
/** Usage per role. */
export type UsageBlock = z.infer<typeof UsageBlockSchema>;

/** Candidate metrics; `lift` and `baseline_score` are over the same tasks. */
export const MetricsSchema = z.object({
  n_tasks: z.number().int().min(0),
  score: score01,
  success_rate: score01,
  baseline_score: score01,
  lift: num,
  /** Mean total tokens per task (the cost objective, minimised). */
  cost: num,
  memory_tokens_per_task: num,
  empty_retrieval_rate: score01,
  hit_rate: score01,
  token_eff: score01,
  /** `1 − min(mean latency / latency cap, 1)`; informational, as in the reference. */
  latency_eff: score01,
  /** `score − 0.05 · empty_retrieval_rate` (reference fitness). */
  fitness: num,
  by_level: z.record(z.string(), z.object({ n: z.number().int(), score: num })),
});
/** Candidate metrics. */
export type Metrics = z.infer<typeof MetricsSchema>;

/** Per-task outcome kept in result files (what pairing and lifts need). */
export const PerTaskSchema = z.record(z.string(), z.object({ score: num, tokens: num }));
/** Per-task outcomes keyed by task id. */
export type PerTask = z.infer<typeof PerTaskSchema>;

/** The paired sign test between a challenger and the champion on the same tasks. */
export const SignTestSchema = z.object({
  n_common: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  p_value: num,
  alpha: num,
  promote: z.boolean(),
});
/** Sign test outcome. */
export type SignTest = z.infer<typeof SignTestSchema>;

/** One row of differential validation: did a change against its parent help, on common tasks? */
export const DifferentialRowSchema = z.object({
  config_id: z.string(),
  parent: z.string(),
  changed: z.record(z.string(), z.object({ from: z.string(), to: z.string() })),
  n_common: z.number().int(),
  delta_score: num,
  delta_cost: num,
  wins: z.number().int(),
  losses: z.number().int(),
  verdict: z.enum(["confirmed", "refuted", "stalled", "inconclusive"]),
});
/** Differential-validation row. */
export type DifferentialRow = z.infer<typeof DifferentialRowSchema>;
