/**
 * What an agent did on one task, and how it ended: the input of every encoder. Conversations
 * (LoCoMo) use the same shape with `turn` steps, so one extraction path serves both.
 *
 * @module
 */
import { z } from "./zod.ts";
import type { UnitScope } from "./unit_scope.ts";

/** One step of a trajectory or one conversation turn. */
export const TrajectoryStepSchema = z.object({
  /** Stable reference used as provenance: `step:<i>` for agent steps, `D1:3` for turns. */
  ref: z.string().min(1),
  kind: z.enum(["plan", "action", "summary", "turn"]),
  thought: z.string().optional(),
  tool: z.string().optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  observation: z.string().optional(),
  /** Plan/summary text, or the utterance of a turn. */
  text: z.string().optional(),
  speaker: z.string().optional(),
  /** True when the environment rejected the action. */
  error: z.boolean().optional(),
  /** Free-form extra data (session date, image caption...). */
  meta: z.record(z.string(), z.unknown()).optional(),
});

/**
 * One step of a trajectory or one conversation turn ({@linkcode TrajectoryStepSchema} checks it;
 * `core/trajectory_test.ts` keeps this interface equal to the schema's type).
 */
export interface TrajectoryStep {
  /** Stable reference used as provenance: `step:<i>` for agent steps, `D1:3` for turns. */
  ref: string;
  /** What the step is. */
  kind: "plan" | "action" | "summary" | "turn";
  /** The agent's reasoning before acting. */
  thought?: string;
  /** The tool an action called. */
  tool?: string;
  /** The tool call's arguments. */
  args?: Record<string, unknown>;
  /** What the environment answered. */
  observation?: string;
  /** Plan/summary text, or the utterance of a turn. */
  text?: string;
  /** Who spoke a turn. */
  speaker?: string;
  /** True when the environment rejected the action. */
  error?: boolean;
  /** Free-form extra data (session date, image caption...). */
  meta?: Record<string, unknown>;
}

/** A whole trajectory. */
export const TrajectorySchema = z.object({
  task_id: z.string().min(1),
  query: z.string(),
  steps: z.array(TrajectoryStepSchema),
  final_answer: z.string().optional(),
});

/** A whole trajectory ({@linkcode TrajectorySchema} checks it). */
export interface Trajectory {
  /** The task it belongs to. */
  task_id: string;
  /** The task as the agent was given it. */
  query: string;
  /** The steps, in order. */
  steps: TrajectoryStep[];
  /** The agent's final answer, if it gave one. */
  final_answer?: string;
}

/** How a task ended. */
export const TaskOutcomeSchema = z.object({
  success: z.boolean(),
  /** In [0, 1]. */
  score: z.number().min(0).max(1),
  answer: z.string().optional(),
  expected: z.string().optional(),
  failure_reason: z.string().optional(),
});

/** How a task ended ({@linkcode TaskOutcomeSchema} checks it). */
export interface TaskOutcome {
  /** Whether the task succeeded. */
  success: boolean;
  /** In [0, 1]. */
  score: number;
  /** The answer given. */
  answer?: string;
  /** The expected answer, when known. */
  expected?: string;
  /** Why the task failed, when known. */
  failure_reason?: string;
}

/** The task as the memory side sees it. */
export interface TaskContext {
  /** The benchmark's unique task id (the self-retrieval guard keys on it). */
  id: string;
  /** The task as stated. */
  text: string;
  /** 1..3 or undefined. */
  level?: number;
  /** Anything else the benchmark knows about the task. */
  metadata?: Record<string, unknown>;
  /**
   * Whose task it is: units learnt from it carry this scope and metadata, and guidance for it
   * only draws on units that match (exact, AND).
   */
  scope?: UnitScope;
}
