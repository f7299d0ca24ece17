/**
 * The encoder port: turns a trajectory (or conversation) and its outcome into schema-valid units
 * of the planned encode types, with a model or with deterministic offline rules.
 *
 * @module
 */
import type { ChatModel, Clock } from "../core/ports.ts";
import type { EncodeType } from "../core/space.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";
import type { MemoryUnit } from "../core/unit.ts";

/** Input of one extraction. */
export interface ExtractionInput {
  task: TaskContext;
  trajectory: Trajectory;
  /** Absent for plain ingestion (conversations): outcome-gated types are then skipped. */
  outcome?: TaskOutcome;
  types: readonly EncodeType[];
}

/** Output of one extraction: units without embeddings, and what went wrong. */
export interface ExtractionOutput {
  units: MemoryUnit[];
  perType: { type: EncodeType; units: number; mode: "model" | "offline" }[];
  /** Parse or schema failures, one line each; never silent. */
  failures: string[];
}

/** What an encoder needs. */
export interface EncoderDeps {
  clock: Clock;
  /** Id generator (deterministic in offline runs). */
  newId: () => string;
  model?: ChatModel;
  signal?: AbortSignal;
}

/** The encoder. */
export type Encoder = (input: ExtractionInput, deps: EncoderDeps) => Promise<ExtractionOutput>;
