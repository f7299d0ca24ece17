/**
 * The per-step trace of the two-phase agent (a superset of the seed's debug record: both phases'
 * turns with their op results, the memory snapshot, diff notice, map analysis) and the episode
 * result, as zod schemas so stored traces are validated when read back.
 *
 * @module
 */
import { z } from "../core/zod.ts";

/** One executed memory op in a trace. */
export const TraceOpSchema = z.object({
  op: z.string(),
  file: z.string(),
  arg: z.string(),
  result: z.string(),
  /** A write whose line(s) already existed in the file (normalised case and spaces). */
  redundant: z.boolean().optional(),
  /** A write preceded, in the same phase, by a READ/SEARCH/TAIL/COUNT of the same file. */
  consulted: z.boolean().optional(),
});

/** One model turn of a phase. */
export const TraceTurnSchema = z.object({
  /** The latest user message of the turn. */
  prompt: z.string(),
  response: z.string(),
  ops: z.array(TraceOpSchema),
  role: z.enum(["memory", "task"]),
  committed_action: z.string().optional(),
});

/** One phase (LOG or PLAN). */
export const TracePhaseSchema = z.object({
  turns: z.array(TraceTurnSchema),
  prompt_chars: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
});

/** One step of an episode. */
export const StepTraceSchema = z.object({
  step: z.number().int(),
  observation: z.string(),
  depth: z.number(),
  position: z.object({ x: z.number(), y: z.number() }).nullable(),
  diff_notice: z.string(),
  unchanged_count: z.number().int(),
  map_analysis: z.string(),
  log: TracePhaseSchema.nullable(),
  plan: TracePhaseSchema,
  raw_action: z.string().nullable(),
  action: z.string(),
  fallback: z.boolean(),
  repaired: z.boolean(),
  memory_snapshot: z.record(z.string(), z.string()),
  memory_chars: z.number(),
  context_chars: z.number(),
  /** Filled after the game answered. */
  reward: z.number(),
  executed: z.string(),
  stuck: z.boolean(),
  oscillating: z.boolean(),
});

/** One step trace. */
export type StepTrace = z.infer<typeof StepTraceSchema>;
/** One phase trace. */
export type TracePhase = z.infer<typeof TracePhaseSchema>;
/** One turn trace. */
export type TraceTurn = z.infer<typeof TraceTurnSchema>;
/** One op trace. */
export type TraceOp = z.infer<typeof TraceOpSchema>;
