/**
 * EGAS state shapes: the pooled Pareto archive, the champion, the experience ledger and the
 * observation graph, and the engine state that a round commits in `round_done.json`.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { ArchitectureSpecSchema } from "../../core/spec.ts";
import { SignTestSchema, UsageBlockSchema } from "../common_schemas.ts";

const num = z.number();

/** Pooled outcome of one architecture on one task (over all its evaluations of that task). */
export const TaskPoolSchema = z.object({ score_sum: num, tokens_sum: num, n: z.number().int() });

/** Everything measured for one architecture, pooled over its evaluations. */
export const ArchRecordSchema = z.object({
  fingerprint: z.string(),
  architecture: ArchitectureSpecSchema,
  label: z.string(),
  config_ids: z.array(z.string()),
  first_round: z.number().int(),
  last_round: z.number().int(),
  n_evals: z.number().int(),
  tasks: z.record(z.string(), TaskPoolSchema),
  fitness_sum: num,
  empty_rate_sum: num,
  /** Pooled objectives: mean score, mean lift over the same tasks' baseline, tokens per task. */
  score: num,
  lift: num,
  cost: num,
  fitness: num,
});
/** Pooled record of one architecture. */
export type ArchRecord = z.infer<typeof ArchRecordSchema>;

/** One raw measurement, in evaluation order. */
export const HistoryRowSchema = z.object({
  round: z.number().int(),
  candidate: z.number().int(),
  config_id: z.string(),
  fingerprint: z.string(),
  label: z.string(),
  source: z.string(),
  score: num,
  lift: num,
  cost: num,
  fitness: num,
  n_tasks: z.number().int(),
});
/** A history row. */
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

/** The Pareto archive: pooled records plus raw history; the front is derived from it. */
export const ParetoStateSchema = z.object({
  archive: z.array(ArchRecordSchema),
  history: z.array(HistoryRowSchema),
});
/** Pareto archive. */
export type ParetoState = z.infer<typeof ParetoStateSchema>;

/** `pareto_front.json`. */
export const ParetoFileSchema = z.object({
  schema_version: z.literal(1),
  objectives: z.array(z.object({ name: z.string(), direction: z.enum(["max", "min"]) })),
  comparison: z.string(),
  front: z.array(z.object({
    fingerprint: z.string(),
    label: z.string(),
    architecture: ArchitectureSpecSchema,
    config_ids: z.array(z.string()),
    n_evals: z.number().int(),
    n_tasks: z.number().int(),
    score: num,
    lift: num,
    cost: num,
    fitness: num,
  })),
  archive: z.array(ArchRecordSchema),
  history: z.array(HistoryRowSchema),
});
/** Pareto file content. */
export type ParetoFile = z.infer<typeof ParetoFileSchema>;

/** `champion_state.json`. */
export const ChampionStateSchema = z.object({
  config_id: z.string(),
  fingerprint: z.string(),
  label: z.string(),
  architecture: ArchitectureSpecSchema,
  since_round: z.number().int(),
  mode: z.enum(["init", "reinit_no_champion_row", "paired_promotion"]),
  promoted_over: z.string().nullable(),
  test: SignTestSchema.nullable(),
  last_applied_round: z.number().int(),
  history: z.array(z.object({
    round: z.number().int(),
    config_id: z.string(),
    mode: z.string(),
  })),
});
/** Champion state. */
export type ChampionState = z.infer<typeof ChampionStateSchema>;

/** One piece of evidence behind a principle (from differential validation). */
export const EvidenceSchema = z.object({
  round: z.number().int(),
  config_id: z.string(),
  delta: num,
  n_common: z.number().int(),
  supports: z.boolean(),
});

/** A validated principle about a component change. */
export const PrincipleSchema = z.object({
  id: z.string(),
  /** The change it is about, e.g. `retrieve:hybrid→mmr`. */
  key: z.string(),
  claim: z.string().max(300),
  domain: z.enum(["extract", "storage", "retrieval", "management", "general"]),
  evidence: z.array(EvidenceSchema),
  confidence: z.number().min(0).max(1),
  status: z.enum(["active", "refuted", "superseded"]),
  first_introduced_round: z.number().int(),
  last_validated_round: z.number().int(),
});
/** A principle. */
export type Principle = z.infer<typeof PrincipleSchema>;

/** A combination not to propose again (until it expires). */
export const DeadEndSchema = z.object({
  combo: z.string().max(200),
  outcome: z.string().max(200),
  evidence_round: z.number().int(),
  expires_round: z.number().int(),
  active: z.boolean(),
});
/** A dead end. */
export type DeadEnd = z.infer<typeof DeadEndSchema>;

/** An open question for a later round. */
export const QuestionSchema = z.object({
  id: z.string(),
  /** The change it asks about (a differential-validation key). */
  key: z.string(),
  question: z.string().max(300),
  recommended_test: z.string().max(300),
  raised_round: z.number().int(),
  status: z.enum(["untested", "answered"]),
  answer: z.string(),
  answered_round: z.number().int().nullable(),
});
/** An open question. */
export type Question = z.infer<typeof QuestionSchema>;

/** Mean outcome of one coordinate value over the evaluated architectures (computed in code). */
export const ComponentStatSchema = z.object({
  component: z.enum(["encode", "store", "retrieve", "manage"]),
  value: z.string(),
  n_evaluations: z.number().int(),
  mean_score: num,
  mean_lift: num,
  mean_cost: num,
  best_context: z.string(),
});
/** Component statistics row. */
export type ComponentStat = z.infer<typeof ComponentStatSchema>;

/** What one round adds to the ledger; computed in code, with optional model prose in `claims`. */
export const LedgerDeltaSchema = z.object({
  round: z.number().int(),
  new_principles: z.array(z.object({
    key: z.string(),
    domain: PrincipleSchema.shape.domain,
    evidence: EvidenceSchema,
  })),
  evidence_updates: z.array(z.object({ key: z.string(), evidence: EvidenceSchema })),
  new_dead_ends: z.array(z.object({ combo: z.string(), outcome: z.string() })),
  new_questions: z.array(
    z.object({ key: z.string(), question: z.string(), recommended_test: z.string() }),
  ),
  answered: z.array(z.object({ key: z.string(), answer: z.string() })),
  /** Claim prose by key (from the model, else a template). */
  claims: z.record(z.string(), z.string()),
});
/** A ledger delta. */
export type LedgerDelta = z.infer<typeof LedgerDeltaSchema>;

/** `ledger/ledger.json`. */
export const LedgerSchema = z.object({
  version: z.number().int(),
  last_updated_round: z.number().int(),
  principles: z.array(PrincipleSchema),
  dead_ends: z.array(DeadEndSchema),
  open_questions: z.array(QuestionSchema),
  component_performance: z.array(ComponentStatSchema),
  archived: z.array(PrincipleSchema.extend({ archived_at_round: z.number().int() })),
});
/** The experience ledger. */
export type Ledger = z.infer<typeof LedgerSchema>;

const GainSchema = z.object({ mean_gain: num, n: z.number().int() });

/** `observation_graph.json`: mean gain over baseline per (task pattern, choice). */
export const ObsGraphSchema = z.object({
  version: z.literal(1),
  updated_at_round: z.number().int(),
  recorded_rounds: z.array(z.number().int()),
  patterns: z.record(
    z.string(),
    z.object({
      n_tasks_seen: z.number().int(),
      baseline_score: num,
      best_gain_so_far: num,
      architectures: z.record(z.string(), GainSchema),
      encode: z.record(z.string(), GainSchema),
      store: z.record(z.string(), GainSchema),
      retrieve: z.record(z.string(), GainSchema),
      manage: z.record(z.string(), GainSchema),
    }),
  ),
});
/** Observation graph. */
export type ObsGraph = z.infer<typeof ObsGraphSchema>;

/** The state a round commits; everything after a round is a pure function of it. */
export const EngineStateSchema = z.object({
  pareto: ParetoStateSchema,
  champion: ChampionStateSchema.nullable(),
  ledger: LedgerSchema.nullable(),
  obs_graph: ObsGraphSchema.nullable(),
  best_lift: num.nullable(),
  rounds_without_improvement: z.number().int(),
  evaluations: z.number().int(),
  usage_by_stage: z.record(z.string(), UsageBlockSchema),
});
/** Engine state. */
export type EngineState = z.infer<typeof EngineStateSchema>;
