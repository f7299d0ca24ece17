/**
 * The status server's JSON API as zod schemas: the single definition of every response body.
 * Response types derive from these schemas; the tests parse every response with them. Artifact
 * shapes are reused from `search/artifacts.ts` so the API cannot drift from the run directory.
 *
 * @module
 */
import { z } from "zod";
import { ArchitectureSpecSchema } from "../core/spec.ts";
import {
  DifferentialRowSchema,
  LedgerSchema,
  MetricsSchema,
  SignTestSchema,
  SummarySchema,
  UsageBlockSchema,
  VerdictSchema,
} from "../search/artifacts.ts";
import { AttributionSummarySchema, TaskAttributionSchema } from "../search/fgmd/schemas.ts";
import { RunEventSchema } from "../search/events.ts";

const num = z.number();
const int = z.number().int();

/** Error codes of the API. */
export const ErrorCodeSchema = z.enum([
  "bad_request",
  "unauthorized",
  "not_found",
  "method_not_allowed",
  "conflict",
  "internal",
]);

/** Every error response: `{error: {code, message}}`. */
export const ErrorBodySchema = z.object({
  error: z.object({ code: ErrorCodeSchema, message: z.string() }),
});
/** An error response body. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `GET /api/health`. */
export const HealthSchema = z.object({
  ok: z.literal(true),
  service: z.literal("automem-status"),
  api_version: z.literal(1),
  now: z.string(),
  auth: z.boolean(),
});
/** Health response. */
export type Health = z.infer<typeof HealthSchema>;

/** Run status: `stale` = lock not held and no finish event. */
export const RunStatusSchema = z.enum(["running", "finished", "failed", "stale"]);
/** A run status. */
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** One row of `GET /api/runs`. */
export const RunListItemSchema = z.object({
  id: z.string(),
  status: RunStatusSchema,
  /** True when the last finish event says the run was interrupted (it can be resumed). */
  interrupted: z.boolean(),
  started: z.string().nullable(),
  updated: z.string().nullable(),
  benchmark: z.string().nullable(),
  dry_run: z.boolean().nullable(),
  synthetic: z.boolean().nullable(),
  phase: z.string().nullable(),
  rounds_done: int,
  rounds_planned: int.nullable(),
  best_score: num.nullable(),
  best_lift: num.nullable(),
  tokens: num,
  cost_usd: num,
  stop_reason: z.string().nullable(),
  error: z.string().nullable(),
});
/** A run list row. */
export type RunListItem = z.infer<typeof RunListItemSchema>;

/** `GET /api/runs`. */
export const RunListSchema = z.object({ runs: z.array(RunListItemSchema) });
/** Run list response. */
export type RunList = z.infer<typeof RunListSchema>;

/** One candidate in flight or done, as folded from the event stream. */
export const ProgressCandidateSchema = z.object({
  candidate: int,
  config_id: z.string(),
  label: z.string(),
  status: z.enum(["pending", "running", "ok", "failed", "reused"]),
  tasks_done: int,
  n_tasks: int,
  score: num.nullable(),
});

/** One finished round as folded from the event stream. */
export const ProgressRoundSchema = z.object({
  round: int,
  best_score: num,
  mean_score: num,
  best_lift: num,
  champion: z.string().nullable(),
  front_size: int,
  tokens: num,
  cost_usd: num,
});

/** Where a run stands, folded from `events.jsonl`. */
export const ProgressSchema = z.object({
  phase: z.string().nullable(),
  round: int.nullable(),
  fold: int.nullable(),
  rounds_done: int,
  rounds_planned: int.nullable(),
  candidates_done: int,
  candidates_total: int.nullable(),
  candidates: z.array(ProgressCandidateSchema),
  tasks_done: int,
  tasks_total: int.nullable(),
  tasks_finished: int,
  evaluations: int,
  rounds: z.array(ProgressRoundSchema),
  champion: z.object({ config_id: z.string(), label: z.string(), round: int }).nullable(),
  tokens: num,
  cost_usd: num,
  events: int,
  last_event: z.object({ seq: int, type: z.string(), at: z.string() }).nullable(),
});
/** Folded progress. */
export type ProgressView = z.infer<typeof ProgressSchema>;

const limit = z.object({ used: num, limit: num.nullable() });

/** `GET /api/runs/:id`. */
export const RunDetailSchema = z.object({
  run: RunListItemSchema,
  protocol: z.object({
    digest: z.string(),
    models: z.record(z.string(), z.string().nullable()),
    dataset_hash: z.string().nullable(),
    seed: int.nullable(),
    code_version: z.string().nullable(),
    flags: z.record(z.string(), z.unknown()),
  }).nullable(),
  split: z.object({
    method: z.string(),
    seed: int,
    n_tasks: int,
    warmup: int,
    search: int,
    validation: int,
    test: int,
  }).nullable(),
  progress: ProgressSchema,
  champion: z.object({
    config_id: z.string(),
    label: z.string(),
    fingerprint: z.string(),
    architecture: ArchitectureSpecSchema,
    since_round: int,
    mode: z.string(),
    promoted_over: z.string().nullable(),
    test: SignTestSchema.nullable(),
    history: z.array(z.object({ round: int, config_id: z.string(), mode: z.string() })),
  }).nullable(),
  budget: z.object({
    tokens: limit,
    cost_usd: limit,
    wall_s: limit,
    rounds: limit,
    evaluations: limit,
  }),
  baseline: z.object({ score: num, n_tasks: int, synthetic: z.boolean() }).nullable(),
  summary: SummarySchema.nullable(),
  protected: z.boolean(),
  /** Artifacts that exist but could not be read (partial or invalid); their fields are null. */
  warnings: z.array(z.object({ file: z.string(), message: z.string() })),
});
/** Run detail response. */
export type RunDetail = z.infer<typeof RunDetailSchema>;

/** The rule verdict of a candidate, in brief. */
export const VerdictBriefSchema = z.object({
  primary_signal: z.string(),
  layer: z.string().nullable(),
  confidence: z.string(),
  recommended_action: z.string(),
  out_of_scope_for_memory: z.boolean(),
});

/** One candidate row of a round. */
export const RoundCandidateSchema = z.object({
  candidate: int,
  config_id: z.string(),
  label: z.string(),
  fingerprint: z.string(),
  source: z.string(),
  architecture: ArchitectureSpecSchema.nullable(),
  /** `pending` = proposed, not started; `running` = some task files written, no result yet. */
  status: z.enum(["ok", "failed", "running", "pending"]),
  error: z.string().nullable(),
  metrics: MetricsSchema.nullable(),
  added_to_front: z.boolean().nullable(),
  verdict: VerdictBriefSchema.nullable(),
  breakdown: z.record(z.string(), int).nullable(),
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
  aggregates: z.object({
    best_score: num,
    mean_score: num,
    best_lift: num,
    best_fitness: num,
    n_ok: int,
    n_failed: int,
  }).nullable(),
  champion_decision: z.object({
    mode: z.string(),
    champion: z.string().nullable(),
    challenger: z.string().nullable(),
    test: SignTestSchema.nullable(),
    changed: z.boolean(),
  }).nullable(),
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
  differential_validation: z.array(DifferentialRowSchema),
  round_synthesis: z.record(z.string(), z.unknown()).nullable(),
  proposer: z.object({
    kind: z.string(),
    attempts: int,
    rejected: int,
    topped_up: int,
  }).nullable(),
  hypotheses: z.array(z.object({
    candidate: int,
    hypothesis: z.string(),
    diversity_role: z.string(),
    rationale: z.string(),
    repairs: z.array(z.string()),
  })),
});
/** Round detail response. */
export type RoundDetail = z.infer<typeof RoundDetailSchema>;

/** One task outcome of a candidate (never the task's text). */
export const TaskOutcomeSchema = z.object({
  task_id: z.string(),
  level: num,
  success: z.boolean(),
  score: num,
  judge_status: z.string(),
  steps: int,
  total_tokens: num,
  memory_tokens: num,
  latency_ms: num,
  /** The agent's answer; null for protected datasets. */
  answer: z.string().nullable(),
  error: z.string().nullable(),
  retrievals: int,
  injected_units: int,
});
/** A task outcome. */
export type TaskOutcomeView = z.infer<typeof TaskOutcomeSchema>;

/** `GET /api/runs/:id/candidates/:t/:k`. */
export const CandidateDetailSchema = z.object({
  round: int,
  candidate: int,
  config_id: z.string(),
  label: z.string(),
  fingerprint: z.string(),
  source: z.string(),
  architecture: ArchitectureSpecSchema,
  hypothesis: z.string(),
  rationale: z.string(),
  diversity_role: z.string(),
  repairs: z.array(z.string()),
  status: z.enum(["ok", "failed", "running", "pending"]),
  error: z.string().nullable(),
  metrics: MetricsSchema.nullable(),
  usage: UsageBlockSchema.nullable(),
  attribution: z.object({
    summary: AttributionSummarySchema,
    verdict: VerdictSchema,
    layer_diagnosis: z.record(z.string(), z.unknown()),
    per_task: z.array(TaskAttributionSchema),
  }).nullable(),
  tasks: z.array(TaskOutcomeSchema),
  protected: z.boolean(),
});
/** Candidate detail response. */
export type CandidateDetail = z.infer<typeof CandidateDetailSchema>;

/** One evaluated architecture in objective space. */
export const ParetoPointSchema = z.object({
  fingerprint: z.string(),
  label: z.string(),
  config_ids: z.array(z.string()),
  n_evals: int,
  score: num,
  lift: num,
  cost: num,
  fitness: num,
  on_front: z.boolean(),
  champion: z.boolean(),
});
/** A Pareto point. */
export type ParetoPoint = z.infer<typeof ParetoPointSchema>;

/** `GET /api/runs/:id/pareto`. */
export const ParetoViewSchema = z.object({
  objectives: z.array(z.object({ name: z.string(), direction: z.enum(["max", "min"]) })),
  comparison: z.string(),
  champion: z.string().nullable(),
  points: z.array(ParetoPointSchema),
  front: z.array(z.string()),
});
/** Pareto response. */
export type ParetoView = z.infer<typeof ParetoViewSchema>;

/** `GET /api/runs/:id/ledger` (the ledger file as written). */
export const LedgerViewSchema = LedgerSchema;
/** Ledger response. */
export type LedgerView = z.infer<typeof LedgerViewSchema>;

/** `GET /api/runs/:id/usage`. */
export const UsageViewSchema = z.object({
  roles: UsageBlockSchema,
  total_tokens: num,
  cost_usd: num,
  by_stage: z.record(z.string(), UsageBlockSchema),
  note: z.string(),
});
/** Usage response. */
export type UsageView = z.infer<typeof UsageViewSchema>;

/** The `data:` payload of each server-sent event of `GET /api/runs/:id/events`. */
export const SseEventSchema = RunEventSchema;
