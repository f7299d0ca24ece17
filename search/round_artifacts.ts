/**
 * Round artifacts: the bound candidate list (`proposals.json`), each candidate's
 * `result.json`, the round commit `round_done.json`, and the round's persisted model outputs
 * (`round_synthesis.json`, `ledger/round_<t>_delta.json`). Re-exported by `artifacts.ts`.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { ArchitectureSpecSchema } from "../core/spec.ts";
import {
  ARTIFACT_SCHEMA_VERSION,
  DifferentialRowSchema,
  MetricsSchema,
  PerTaskSchema,
  SignTestSchema,
  UsageBlockSchema,
} from "./common_schemas.ts";
import { EngineStateSchema, LedgerDeltaSchema } from "./egas/schemas.ts";
import { AttributionSummarySchema } from "./fgmd/schemas.ts";

const num = z.number();

/** Where a candidate came from. */
export const CandidateSourceSchema = z.enum(["champion", "llm", "rules", "random", "top_up"]);
/** Candidate source. */
export type CandidateSource = z.infer<typeof CandidateSourceSchema>;

/** One candidate of a round, as proposed. */
export const CandidateSchema = z.object({
  candidate: z.number().int().min(0),
  config_id: z.string(),
  architecture: ArchitectureSpecSchema,
  fingerprint: z.string(),
  label: z.string(),
  hypothesis: z.string(),
  diversity_role: z.string(),
  rationale: z.string(),
  source: CandidateSourceSchema,
  /** Repairs applied by the validator (empty when the proposal was valid as given). */
  repairs: z.array(z.string()),
});
/** A candidate. */
export type Candidate = z.infer<typeof CandidateSchema>;

/** `round_<t>/proposals.json`: the bound candidate list of a round. */
export const ProposalsFileSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  round: z.number().int().min(1),
  fold: z.number().int().min(0),
  task_ids: z.array(z.string()),
  candidates: z.array(CandidateSchema),
  proposer: z.object({
    kind: z.enum(["llm", "rules", "random"]),
    attempts: z.number().int(),
    rejected: z.array(z.object({ attempt: z.number().int(), reason: z.string() })),
    topped_up: z.number().int(),
    usage: UsageBlockSchema,
  }),
  /** sha256 of the canonical JSON of `candidates` (binds results to architectures). */
  manifest_sha256: z.string(),
});
/** Proposals file content. */
export type ProposalsFile = z.infer<typeof ProposalsFileSchema>;

/** `round_<t>/candidate_<k>/result.json`: written last, its presence marks the candidate done. */
export const CandidateResultSchema = CandidateSchema.extend({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  round: z.number().int(),
  stage: z.string(),
  status: z.enum(["ok", "failed"]),
  error: z.string().nullable(),
  task_ids: z.array(z.string()),
  metrics: MetricsSchema.nullable(),
  per_task: PerTaskSchema,
  attribution_summary: AttributionSummarySchema.nullable(),
  usage: UsageBlockSchema,
});
/** Candidate result content. */
export type CandidateResult = z.infer<typeof CandidateResultSchema>;

/** The champion decision a round commits: paired acceptance of the challenger, or not. */
export const ChampionDecisionSchema = z.object({
  mode: z.string(),
  champion: z.string().nullable(),
  challenger: z.string().nullable(),
  test: SignTestSchema.nullable(),
  changed: z.boolean(),
});

/** Score aggregates over a round's candidates. */
export const RoundAggregatesSchema = z.object({
  best_score: num,
  mean_score: num,
  best_lift: num,
  best_fitness: num,
  n_ok: z.number().int(),
  n_failed: z.number().int(),
});

/** `round_<t>/round_done.json`: the commit point of a round (written last). */
export const RoundDoneSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  round: z.number().int(),
  fold: z.number().int(),
  task_ids: z.array(z.string()),
  candidates: z.array(z.object({
    candidate: z.number().int(),
    config_id: z.string(),
    fingerprint: z.string(),
    label: z.string(),
    source: CandidateSourceSchema,
    status: z.enum(["ok", "failed"]),
    metrics: MetricsSchema.nullable(),
    added_to_front: z.boolean(),
    primary_signal: z.string().nullable(),
  })),
  merged_config_id: z.string().nullable(),
  champion_decision: ChampionDecisionSchema,
  differential_validation: z.array(DifferentialRowSchema),
  round_synthesis: z.record(z.string(), z.unknown()).nullable(),
  aggregates: RoundAggregatesSchema,
  state: EngineStateSchema,
});
/** Round commit content. */
export type RoundDone = z.infer<typeof RoundDoneSchema>;

/** `round_<t>/round_synthesis.json`: the round summary (rules, plus model prose when configured). */
export const RoundSynthesisFileSchema = z.object({
  synthesis: z.record(z.string(), z.unknown()),
  usage: UsageBlockSchema,
});

/** `ledger/round_<t>_delta.json`: what round `t` adds to the ledger, and what phrasing it cost. */
export const LedgerDeltaFileSchema = z.object({
  delta: LedgerDeltaSchema,
  usage: UsageBlockSchema,
});
