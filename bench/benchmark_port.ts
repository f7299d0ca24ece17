/**
 * The benchmark port: a task source that runs one task against a memory provider and returns a
 * scored record. The search engine runs benchmarks in-process.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { ChatModel, Clock, Rng } from "../core/ports.ts";
import type { MemoryProvider, TaskTrace } from "../memory/provider_port.ts";

/** One task. */
export const BenchTaskSchema = z.object({
  /** Unique within the benchmark (docs/design.md#fix-task-ids: ids were not unique). */
  id: z.string().min(1),
  text: z.string(),
  level: z.number().int().min(1).max(3),
  /** sha256(dataset) + ":" + row — the task's identity across runs. */
  identity: z.string(),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

/** A task. */
export type BenchTask = z.infer<typeof BenchTaskSchema>;

/** Tokens per role. */
export const RoleTokensSchema = z.record(
  z.string(),
  z.object({ prompt: z.number(), completion: z.number() }),
);

/** The scored record of one task run. */
export const TaskResultSchema = z.object({
  task_id: z.string(),
  identity: z.string(),
  level: z.number(),
  success: z.boolean(),
  score: z.number().min(0).max(1),
  judge_status: z.enum(["judged", "rule", "synthetic", "unjudged", "error"]),
  steps: z.number().int().min(0),
  tokens: RoleTokensSchema,
  /** Total tokens (all roles) charged to this task; the cost objective. */
  total_tokens: z.number().min(0),
  /** Prompt tokens spent on injected memory. */
  memory_tokens: z.number().min(0),
  latency_ms: z.number().min(0),
  answer: z.string().optional(),
  error: z.string().optional(),
  /** Benchmark-specific numbers (e.g. `recall_at_k`, `completed_steps`); additive, optional. */
  metrics: z.record(z.string(), z.number()).optional(),
  /** The provider's trace (null for the no-memory baseline). */
  trace: z.custom<TaskTrace>().nullable(),
});

/** A task result. */
export type TaskResult = z.infer<typeof TaskResultSchema>;

/** What a benchmark needs to run one task. */
export interface RunDeps {
  /** The task model; absent offline (a scripted agent plays). */
  model?: ChatModel;
  /** The judge model, where the benchmark has one. */
  judge?: ChatModel;
  clock: Clock;
  rng: Rng;
  signal?: AbortSignal;
  /**
   * Cap on agent steps (tool calls) per task (`--max_steps`); a benchmark's own, smaller budget
   * still applies. Benchmarks whose tasks are a single answer have no steps to cap.
   */
  maxSteps?: number;
}

/** The benchmark port. */
export interface Benchmark {
  readonly id: string;
  /** sha256 of the dataset (or of the generator config) — enters the protocol digest. */
  readonly datasetHash: string;
  /** True when scores are synthetic (dry run on a plain task file). */
  readonly synthetic: boolean;
  /**
   * Set for a protected dataset (xBench-DeepSearch): a secret only the dataset file yields (its
   * text). Anything built from the decrypted tasks (memory pools) is sealed at rest with keys
   * derived from it, never written in plaintext.
   */
  readonly protectedSecret?: string;
  /** All tasks, in a fixed order. */
  tasks(): readonly BenchTask[];
  /** Runs one task with the given provider; never throws for task-level failures. */
  runTask(task: BenchTask, provider: MemoryProvider, deps: RunDeps): Promise<TaskResult>;
}
