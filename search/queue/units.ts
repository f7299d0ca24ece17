/**
 * Units of work a queue worker runs, as job payloads: one architecture over its ordered task
 * list (a round's candidate, the warm-up, a runoff entry, the final test), one task of the
 * no-memory baseline, one architecture of a sweep. A payload carries everything a stateless
 * worker needs — benchmark settings and dataset hash, spec, seed pool, task ids, seeds, model
 * names and non-secret endpoints — and never a key. Job ids hash the protocol digest and the
 * payload, so resubmitting the same unit re-attaches to its job.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { canonicalJson, sha256Hex } from "../../core/canonical_json.ts";
import { ArchitectureSpecSchema } from "../../core/spec.ts";
import { UsageRecordSchema } from "../../core/usage.ts";
import { VERSION } from "../../core/version.ts";
import { codeDigest } from "../../core/code_digest.ts";
import { PoolFileSchema } from "../artifacts.ts";
import { SEARCH_CODE_VERSION } from "../protocol/digest.ts";

/**
 * The code version a worker must share with its coordinator: the release, the engine's version
 * and the digest of the code and data that decide results (`core/code_digest.ts`), computed
 * when this module loads (queue commands load it lazily, at start-up).
 */
export const UNIT_CODE_VERSION: string = `${VERSION}/${SEARCH_CODE_VERSION}/${await codeDigest()}`;

/** How a job a worker refused (another code version, a malformed payload) is reported. */
export const REFUSED_BY_WORKER = "refused by worker";

/** A model a unit uses: its id and, when it has one, its endpoint's base URL (no key). */
export const ModelRefSchema = z.object({ model: z.string(), base_url: z.string().nullable() });
/** A model reference. */
export type ModelRef = z.infer<typeof ModelRefSchema>;

/** The models of the roles units use (null: offline). */
export const ModelRefsSchema = z.object({
  task: ModelRefSchema.nullable(),
  judge: ModelRefSchema.nullable(),
  memory: ModelRefSchema.nullable(),
});
/** Model references by role. */
export type ModelRefs = z.infer<typeof ModelRefsSchema>;

/** How the worker builds the benchmark, and the hash its tasks must have. */
export const BenchmarkRefSchema = z.object({
  name: z.string(),
  options: z.record(z.string(), z.unknown()),
  dataset_hash: z.string(),
});
/** A benchmark reference. */
export type BenchmarkRef = z.infer<typeof BenchmarkRefSchema>;

const common = {
  code_version: z.string(),
  benchmark: BenchmarkRefSchema,
  embedder: z.string(),
  models: ModelRefsSchema,
  /** Max completion tokens per call (null: uncapped). */
  token_budget: z.number().int().positive().nullable(),
  dry_run: z.boolean(),
  prices: z.record(z.string(), z.unknown()),
};

/** One architecture over an ordered task list (memory evolves from task to task). */
export const ArchitectureUnitSchema = z.object({
  kind: z.literal("architecture"),
  ...common,
  stage: z.enum(["baseline", "warmup", "round", "runoff", "final_test"]),
  round: z.number().int().nullable(),
  candidate: z.number().int().nullable(),
  config_id: z.string().nullable(),
  ordinal: z.number(),
  label: z.string(),
  spec: ArchitectureSpecSchema,
  /** Sealed (`{sealed_pool}`) for a protected benchmark: Redis may persist the job. */
  seed_pool: z.union([PoolFileSchema, z.object({ sealed_pool: z.string() })]).nullable(),
  task_ids: z.array(z.string()),
  search_seed: z.number().int(),
  max_steps: z.number().int().positive(),
  no_canonical_import: z.boolean(),
});

/** One task without memory. */
export const NoMemoryTaskUnitSchema = z.object({
  kind: z.literal("no_memory_task"),
  ...common,
  stage: z.enum(["baseline", "warmup", "round", "runoff", "final_test"]),
  ordinal: z.number(),
  task_id: z.string(),
  search_seed: z.number().int(),
  max_steps: z.number().int().positive(),
});

/** One architecture of a sweep. */
export const SweepUnitSchema = z.object({
  kind: z.literal("sweep_architecture"),
  ...common,
  spec: ArchitectureSpecSchema,
  task_ids: z.array(z.string()),
  sweep_seed: z.number().int(),
});

/** Any unit of work. */
export const WorkUnitSchema = z.discriminatedUnion("kind", [
  ArchitectureUnitSchema,
  NoMemoryTaskUnitSchema,
  SweepUnitSchema,
]);
/** A unit of work. */
export type WorkUnit = z.infer<typeof WorkUnitSchema>;
/** An architecture unit. */
export type ArchitectureUnit = z.infer<typeof ArchitectureUnitSchema>;
/** A no-memory task unit. */
export type NoMemoryTaskUnit = z.infer<typeof NoMemoryTaskUnitSchema>;
/** A sweep unit. */
export type SweepUnit = z.infer<typeof SweepUnitSchema>;

/** What an architecture unit returns: per-task results in order, the final pool, model usage. */
export const ArchitectureOutcomeSchema = z.object({
  results: z.array(z.record(z.string(), z.unknown())),
  pool: z.union([
    z.object({ units: z.array(z.unknown()), edges: z.array(z.unknown()) }).loose(),
    z.object({ sealed_pool: z.string() }),
  ]),
  usage: z.array(UsageRecordSchema),
});
/** What a no-memory task returns. */
export const NoMemoryOutcomeSchema = z.object({
  result: z.record(z.string(), z.unknown()),
  usage: z.array(UsageRecordSchema),
});
/** What a sweep unit returns: its landscape entry. */
export const SweepOutcomeSchema = z.object({
  entry: z.object({ fingerprint: z.string(), score: z.number(), cost: z.number() }).loose(),
});

/** The queue job id of `unit` under protocol digest `protocol` (no `:`, as BullMQ wants). */
export function jobIdOf(protocol: string, unit: WorkUnit): string {
  const tag = unit.kind === "architecture"
    ? unit.label
    : unit.kind === "no_memory_task"
    ? `${unit.stage}`
    : "sweep";
  return `am-${protocol.slice(0, 12)}-${tag}-${
    sha256Hex(canonicalJson({ protocol, unit })).slice(0, 32)
  }`;
}
