/**
 * The run-directory contract: every file a search writes, as zod schemas. The status server,
 * reports and resumed runs read a run only through these schemas, so this file is the single
 * definition of the on-disk format. JSON files are written atomically (temp file + rename);
 * pool files are compact JSON, everything else is indented.
 *
 * Layout of `<output_dir>/<run_name>/`:
 * - `.run_active.lock` (`LockFileSchema` in `run_dir/lock.ts`), `eval_protocol.json`,
 *   `data_split.json`, `search_folds.json`, `events.jsonl` (see `events.ts`), `STOP` (created by
 *   a user to stop).
 * - `baseline/{baseline_done.json, tasks/<task>.json}`; `warmup/{warmup_done.json, tasks/}`
 * - `canonical/pool.json` ({@linkcode PoolFileSchema})
 * - `round_<t>/{round_start_pool.json, proposals.json, round_synthesis.json, round_done.json}`
 *   and `round_<t>/candidate_<k>/{result.json, attribution.json, pool_final.json, tasks/}`;
 *   `result.json` is written last. A candidate's `store/` exists only while it runs.
 * - `pareto_front.json`, `champion_state.json`, `search_state.json`, `usage.json`
 * - `ledger/{ledger.json, round_<t>_delta.json}` (unless `--no_ledger`), `observation_graph.json`
 * - `final_runoff/{runoff_start_pool.json, runoff_result.json, contender_<i>/{result.json, tasks/}}`
 * - `final_validation/{validation_result.json, baseline_tasks/, tasks/}` (`--final_validation`)
 * - `summary.json` ({@linkcode SummarySchema})
 *
 * Task files are named `<task id>.json` (ids with unsafe characters percent-encoded; see
 * `taskFileName` in `run_dir.ts`).
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { ArchitectureSpecSchema } from "../core/spec.ts";
import { MemoryUnitSchema } from "../core/unit.ts";
import { TaskResultSchema } from "../bench/benchmark_port.ts";
import {
  ARTIFACT_SCHEMA_VERSION,
  MetricsSchema,
  PerTaskSchema,
  UsageBlockSchema,
} from "./common_schemas.ts";
import { ChampionStateSchema } from "./egas/schemas.ts";

export * from "./common_schemas.ts";
export * from "./round_artifacts.ts";
export {
  type AttributionFile,
  AttributionFileSchema,
  type Verdict,
  VerdictSchema,
} from "./fgmd/schemas.ts";
export {
  type ChampionState,
  ChampionStateSchema,
  type EngineState,
  EngineStateSchema,
  type Ledger,
  LedgerSchema,
  type ObsGraph,
  ObsGraphSchema,
  type ParetoFile,
  ParetoFileSchema,
} from "./egas/schemas.ts";

const num = z.number();

/** `eval_protocol.json`: the digest and its components (see `protocol/digest.ts`). */
export const EvalProtocolSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  digest: z.string(),
  components: z.record(z.string(), z.unknown()),
  /** Settings recorded for information but not hashed (they never change results). */
  recorded: z.record(z.string(), z.unknown()),
});
/** Protocol file content. */
export type EvalProtocol = z.infer<typeof EvalProtocolSchema>;

/** `data_split.json`: four disjoint lists of 0-based task positions (reference field names). */
export const DataSplitSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  method: z.enum(["stratified", "file"]),
  seed: z.number().int(),
  n_tasks: z.number().int().min(0),
  profile_indices: z.array(z.number().int()),
  optimization_indices: z.array(z.number().int()),
  validation_indices: z.array(z.number().int()),
  final_test_indices: z.array(z.number().int()),
});
/** Split file content. */
export type DataSplit = z.infer<typeof DataSplitSchema>;

/** `search_folds.json`: two rotating folds over the search split. */
export const FoldsSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  folds: z.array(z.array(z.number().int())),
  n_folds: z.number().int(),
  fold_sizes: z.array(z.number().int()),
  seed: z.number().int(),
  pool_size: z.number().int(),
});
/** Folds file content. */
export type Folds = z.infer<typeof FoldsSchema>;

/** `tasks/<task>.json`: one scored task run (the benchmark's record plus its stage). */
export const TaskFileSchema = TaskResultSchema.extend({
  stage: z.string(),
  /** 0-based position of the task in the benchmark. */
  row: z.number().int().min(0),
  /**
   * Metered model usage of this task alone, for stateless stages whose task files are reused on
   * resume (so a resumed run's totals equal an uninterrupted run's).
   */
  usage: UsageBlockSchema.optional(),
});
/** Task file content. */
export type TaskFile = z.infer<typeof TaskFileSchema>;

/** `usage.json`: tokens and spend per role over all completed work of the run. */
export const UsageFileSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  roles: UsageBlockSchema,
  total_tokens: num,
  cost_usd: num,
  /** Per stage (`baseline`, `warmup`, `round_1`, `runoff`, `final_test`). */
  by_stage: z.record(z.string(), UsageBlockSchema),
  note: z.string(),
});
/** Usage file content. */
export type UsageFile = z.infer<typeof UsageFileSchema>;

/** `baseline/baseline_done.json`. */
export const BaselineDoneSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  score: num,
  n_tasks: z.number().int(),
  task_ids: z.array(z.string()),
  per_task: PerTaskSchema,
  by_split: z.object({
    warmup: num.nullable(),
    search: num.nullable(),
    validation: num.nullable(),
  }),
  memory_sensitive_count: z.number().int(),
  easy_count: z.number().int(),
  synthetic: z.boolean(),
  /** `fresh`, `reused:<path>`, or `fresh (baseline_from refused: <reason>)`. */
  source: z.string(),
  usage: UsageBlockSchema,
});
/** Baseline marker content. */
export type BaselineDone = z.infer<typeof BaselineDoneSchema>;

/** `warmup/warmup_done.json`. */
export const WarmupDoneSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  architecture: ArchitectureSpecSchema,
  fingerprint: z.string(),
  n_tasks: z.number().int(),
  score: num,
  pool_size: z.number().int(),
  usage: UsageBlockSchema,
});
/** Warm-up marker content. */
export type WarmupDone = z.infer<typeof WarmupDoneSchema>;

const EdgeSchema = z.object({
  source: z.string(),
  target: z.string(),
  type: z.string(),
  weight: num,
  usage_count: num.optional(),
  success_count: num.optional(),
  base_weight: num.optional(),
  feedback_multiplier: num.optional(),
  fact: z.string().optional(),
});

/** `canonical/pool.json`, round-start snapshots and candidate exports: units, edges, lineage. */
export const PoolFileSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  /** Merge ids applied to reach this pool, oldest first (`warmup`, `round:1:candidate:r1_c2`). */
  merges: z.array(z.string()),
  /** Rounds whose canonical maintenance ran on this pool. */
  maintained_rounds: z.array(z.number().int()),
  units: z.array(MemoryUnitSchema),
  edges: z.array(EdgeSchema),
});
/** Pool file content. */
export type PoolFile = z.infer<typeof PoolFileSchema>;

/** `search_state.json`: where the run stands. */
export const SearchStateSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  phase: z.enum(["baseline", "warmup", "rounds", "runoff", "final_test", "finished"]),
  next_round: z.number().int(),
  completed_rounds: z.number().int(),
  max_rounds: z.number().int(),
  evaluations: z.number().int(),
  best_lift: num.nullable(),
  rounds_without_improvement: z.number().int(),
  stop_reason: z.string().nullable(),
  champion: ChampionStateSchema.nullable(),
  /** Best raw score and fitness so far, and the first round reaching each discovery threshold. */
  cumulative_tracking: z.object({
    cumulative_max_score: num,
    cumulative_max_fitness: num,
    rounds_to_discovery: z.record(z.string(), z.number().int().nullable()),
  }),
});
/** Search state content. */
export type SearchState = z.infer<typeof SearchStateSchema>;

/** One contender of the final runoff. */
export const ContenderSchema = z.object({
  contender: z.number().int(),
  config_id: z.string(),
  fingerprint: z.string(),
  label: z.string(),
  architecture: ArchitectureSpecSchema,
  source: z.enum(["champion", "history"]),
  search_lift: num,
  status: z.enum(["ok", "failed"]),
  error: z.string().nullable(),
  metrics: MetricsSchema.nullable(),
  per_task: PerTaskSchema,
  usage: UsageBlockSchema,
});
/** A runoff contender. */
export type Contender = z.infer<typeof ContenderSchema>;

/** `final_runoff/runoff_result.json`. */
export const RunoffResultSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  selection: z.enum(["validation", "search_pooled"]),
  task_ids: z.array(z.string()),
  baseline_score: num.nullable(),
  contenders: z.array(ContenderSchema),
  winner: z.object({
    config_id: z.string(),
    fingerprint: z.string(),
    architecture: ArchitectureSpecSchema,
    validation_score: num.nullable(),
  }),
  canonical_sha256: z.string(),
});
/** Runoff result content. */
export type RunoffResult = z.infer<typeof RunoffResultSchema>;

/** `final_validation/validation_result.json`: the held-out test (never used for a decision). */
export const ValidationResultSchema = z.object({
  schema_version: z.literal(ARTIFACT_SCHEMA_VERSION),
  config_id: z.string(),
  fingerprint: z.string(),
  architecture: ArchitectureSpecSchema,
  evaluation_split: z.literal("final_test"),
  task_ids: z.array(z.string()),
  metrics: MetricsSchema,
  baseline_score: num,
  improvement_over_baseline: num,
  n_passed: z.number().int(),
  n_failed: z.number().int(),
  per_task_results: z.array(z.object({
    task_id: z.string(),
    level: num,
    score: num,
    baseline_score: num,
    lift: num,
    passed: z.boolean(),
  })),
  usage: UsageBlockSchema,
});
/** Final-test result content. */
export type ValidationResult = z.infer<typeof ValidationResultSchema>;

/** `summary.json`: exactly these keys (the contract). */
export const SummarySchema = z.strictObject({
  status: z.enum(["finished", "interrupted", "failed"]),
  winner: z.strictObject({
    architecture: ArchitectureSpecSchema.nullable(),
    fingerprint: z.string().nullable(),
    validation_score: num.nullable(),
    test_score: num.nullable(),
  }),
  baseline: z.strictObject({
    search_score: num.nullable(),
    validation_score: num.nullable(),
    test_score: num.nullable(),
  }),
  rounds: z.number().int(),
  evaluations: z.number().int(),
  usage: z.strictObject({ tokens: num, cost_usd: num }),
  synthetic: z.boolean(),
});
/** The run summary (also what `runSearch` resolves to). */
export type RunSummary = z.infer<typeof SummarySchema>;
