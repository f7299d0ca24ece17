/**
 * The round and candidate responses of the status server's JSON API (`/rounds`, `/rounds/:t`,
 * `/candidates/:t/:k`) as zod schemas, re-exported by `api_schemas.ts`. Fields passed through
 * from the run directory are picked from the artifact schemas of `search/`.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { ArchitectureSpecSchema } from "../core/spec.ts";
import {
  AttributionFileSchema,
  CandidateSchema,
  ChampionDecisionSchema,
  MetricsSchema,
  RoundAggregatesSchema,
  RoundDoneSchema,
  TaskFileSchema,
  UsageBlockSchema,
  VerdictSchema,
} from "../search/artifacts.ts";
import { AttributionSummarySchema } from "../search/fgmd/schemas.ts";

const int = z.number().int();

/** The rule verdict of a candidate, in brief. */
export const VerdictBriefSchema = VerdictSchema.pick({
  primary_signal: true,
  layer: true,
  confidence: true,
  recommended_action: true,
  out_of_scope_for_memory: true,
});

/** `pending` = proposed, not started; `running` = some task files written, no result yet. */
const CandidateStatusSchema = z.enum(["ok", "failed", "running", "pending"]);

/** One candidate row of a round. */
export const RoundCandidateSchema = z.object({
  candidate: int,
  config_id: z.string(),
  label: z.string(),
  fingerprint: z.string(),
  source: z.string(),
  architecture: ArchitectureSpecSchema.nullable(),
  status: CandidateStatusSchema,
  error: z.string().nullable(),
  metrics: MetricsSchema.nullable(),
  added_to_front: z.boolean().nullable(),
  verdict: VerdictBriefSchema.nullable(),
  breakdown: AttributionSummarySchema.shape.breakdown.nullable(),
  tasks_done: int,
});
/** A round's candidate row. */
export type RoundCandidate = z.infer<typeof RoundCandidateSchema>;

/** One round: done (committed) or in progress. */
export const RoundSummarySchema = z.object({
  round: int,
  fold: int.nullable(),
  status: z.enum(["done", "in_progress"]),
  n_tasks: int,
  candidates: z.array(RoundCandidateSchema),
  aggregates: RoundAggregatesSchema.nullable(),
  champion_decision: ChampionDecisionSchema.nullable(),
  merged_config_id: z.string().nullable(),
});
/** A round summary. */
export type RoundSummary = z.infer<typeof RoundSummarySchema>;

/** `GET /api/runs/:id/rounds`. */
export const RoundListSchema = z.object({ rounds: z.array(RoundSummarySchema) });
/** Round list response. */
export type RoundList = z.infer<typeof RoundListSchema>;

/** `GET /api/runs/:id/rounds/:t`. */
export const RoundDetailSchema = RoundSummarySchema.extend({
  differential_validation: RoundDoneSchema.shape.differential_validation,
  round_synthesis: RoundDoneSchema.shape.round_synthesis,
  proposer: z.object({
    kind: z.string(),
    attempts: int,
    rejected: int,
    topped_up: int,
  }).nullable(),
  hypotheses: z.array(CandidateSchema.pick({
    candidate: true,
    hypothesis: true,
    diversity_role: true,
    rationale: true,
    repairs: true,
  })),
});
/** Round detail response. */
export type RoundDetail = z.infer<typeof RoundDetailSchema>;

/** One task outcome of a candidate (never the task's text). */
export const TaskOutcomeSchema = TaskFileSchema.pick({
  task_id: true,
  level: true,
  success: true,
  score: true,
  judge_status: true,
  steps: true,
  total_tokens: true,
  memory_tokens: true,
  latency_ms: true,
}).extend({
  /** The agent's answer; null for protected datasets. */
  answer: z.string().nullable(),
  error: z.string().nullable(),
  retrievals: int,
  injected_units: int,
});
/** A task outcome. */
export type TaskOutcomeView = z.infer<typeof TaskOutcomeSchema>;

/** `GET /api/runs/:id/candidates/:t/:k`. */
export const CandidateDetailSchema = CandidateSchema.extend({
  round: int,
  status: CandidateStatusSchema,
  error: z.string().nullable(),
  metrics: MetricsSchema.nullable(),
  usage: UsageBlockSchema.nullable(),
  attribution: AttributionFileSchema.pick({
    summary: true,
    verdict: true,
    layer_diagnosis: true,
    per_task: true,
  }).nullable(),
  tasks: z.array(TaskOutcomeSchema),
  protected: z.boolean(),
});
/** Candidate detail response. */
export type CandidateDetail = z.infer<typeof CandidateDetailSchema>;
