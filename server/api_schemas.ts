/**
 * The status server's JSON API as zod schemas: the single definition of every response body.
 * Response types derive from these schemas; the tests parse every response with them. Whatever
 * the API passes through from the run directory is picked from the artifact schemas of `search/`
 * (`artifacts.ts`, `egas/schemas.ts`), so the API cannot drift from the files it reads. The round
 * and candidate responses live in `api_round_schemas.ts` and are re-exported here.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import {
  BaselineDoneSchema,
  ChampionStateSchema,
  LedgerSchema,
  ParetoFileSchema,
  SummarySchema,
  UsageFileSchema,
} from "../search/artifacts.ts";
import { ArchRecordSchema } from "../search/egas/schemas.ts";
import { RunEventSchema } from "../search/events.ts";

export * from "./api_round_schemas.ts";

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
  /** Set when the run's files cannot be read (a special file, a symlink out): the reason. */
  unreadable: z.string().optional(),
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
  /** Distributed runs (`--queue`): job counts and, per worker, what it runs and ran. */
  queue: z.object({
    url: z.string(),
    queued: int,
    active: int,
    done: int,
    failed: int,
    workers: z.array(z.object({
      worker: z.string(),
      active: int,
      done: int,
      failed: int,
      /** The unit it was given last. */
      last: z.string().nullable(),
    })),
  }).nullable(),
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
  champion: ChampionStateSchema.omit({ last_applied_round: true }).nullable(),
  budget: z.object({
    tokens: limit,
    cost_usd: limit,
    wall_s: limit,
    rounds: limit,
    evaluations: limit,
  }),
  baseline: BaselineDoneSchema.pick({ score: true, n_tasks: true, synthetic: true }).nullable(),
  summary: SummarySchema.nullable(),
  protected: z.boolean(),
  /** Artifacts that exist but could not be read (partial or invalid); their fields are null. */
  warnings: z.array(z.object({ file: z.string(), message: z.string() })),
});
/** Run detail response. */
export type RunDetail = z.infer<typeof RunDetailSchema>;

/** One evaluated architecture in objective space. */
export const ParetoPointSchema = ArchRecordSchema.pick({
  fingerprint: true,
  label: true,
  config_ids: true,
  n_evals: true,
  score: true,
  lift: true,
  cost: true,
  fitness: true,
}).extend({
  on_front: z.boolean(),
  champion: z.boolean(),
});
/** A Pareto point. */
export type ParetoPoint = z.infer<typeof ParetoPointSchema>;

/** `GET /api/runs/:id/pareto`. */
export const ParetoViewSchema = ParetoFileSchema.pick({ objectives: true, comparison: true })
  .extend({
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
export const UsageViewSchema = UsageFileSchema.omit({ schema_version: true });
/** Usage response. */
export type UsageView = z.infer<typeof UsageViewSchema>;

/** The `data:` payload of each server-sent event of `GET /api/runs/:id/events`. */
export const SseEventSchema = RunEventSchema;
