/**
 * The provider lifecycle an agent or benchmark drives: `beginTask` → guidance, at most one
 * `refresh` at an explicit boundary, `endTask` → extraction + management. Every call leaves a
 * trace that failure diagnosis reads later.
 *
 * @module
 */
import type { UnitScope } from "../core/unit_scope.ts";
import type { Plan } from "../core/compiler.ts";
import type { EncodeType } from "../core/space.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";
import type { MemoryUnit } from "../core/unit.ts";
import type { StoreSnapshot } from "../stores/store_port.ts";

/** One retrieved candidate as recorded in a trace. */
export interface CandidateTrace {
  /** The unit's id. */
  id: string;
  /** Its encode type. */
  type: EncodeType;
  /** The retriever's score. */
  score: number;
  /** How the retriever found it (e.g. `cbr_case`). */
  method: string;
  /** The text shown to the composer. */
  text: string;
  /** The task the unit was learnt from. */
  source_task_id: string;
}

/** Record of one BEGIN or IN request. */
export interface RetrievalTrace {
  /** `begin` before the task, `in` for the refresh. */
  phase: "begin" | "in";
  /** Why nothing was injected, when nothing was: `phase_denied`, `empty_store`, ... */
  outcome:
    | "injected"
    | "phase_denied"
    | "empty_store"
    | "no_candidates"
    | "no_guidance"
    | "duplicate_guidance";
  /** The query as asked, its abstract form, and who planned it. */
  query: { literal: string; abstract: string; planner: "model" | "literal" };
  /** The retriever kind that ran. */
  retriever: string;
  /** Set when an offline variant ran (e.g. `cbr_rerank:lexical`, `hyde:literal`). */
  variant?: string;
  /** Every candidate considered, best first. */
  candidates: CandidateTrace[];
  /** The ids the guidance cites. */
  injected_ids: string[];
  /** Who wrote the guidance: the model, the offline fallback, or nobody. */
  composer: "model" | "fallback" | "none";
  /** Prompt tokens of the guidance. */
  guidance_tokens: number;
  /** Graph edges `[from, to, TYPE]` on a path to a returned unit, in traversal order. */
  used_edges: [string, string, string][];
}

/** Record of one management op run. */
export interface OpRunRecord {
  /** The op's name (e.g. `signature_dedup`). */
  op: string;
  /** When it ran. */
  trigger: "on_insert" | "post_task" | "periodic";
  /** Whether it found work to do. */
  triggered: boolean;
  /** Units it changed. */
  affected: number;
  /** Units it created. */
  created: number;
  /** Units it deactivated. */
  deactivated: number;
  /** Why it did nothing, when it did nothing. */
  skipped_reason?: string;
  /** Its failure, recorded instead of thrown. */
  error?: string;
}

/** Record of `endTask`. */
export interface EndTrace {
  /** Units extracted per encode type, and whether a model or the offline rules did it. */
  extracted: { type: EncodeType; units: number; mode: "model" | "offline" }[];
  /** Why extraction of a type failed, if it did. */
  extraction_failures: string[];
  /** Ids of the units stored. */
  inserted_ids: string[];
  /** Extracted units dropped as exact duplicates of stored ones. */
  deduped: number;
  /** Units the task was given that management credited with the outcome. */
  used_unit_ids: string[];
  /** Management ops that ran after the task. */
  ops: OpRunRecord[];
}

/** Everything the provider did for one task. */
export interface TaskTrace {
  /** The task's id. */
  task_id: string;
  /** Each retrieval, in order (begin, then the refresh). */
  retrievals: RetrievalTrace[];
  /** What `endTask` did, once it ran. */
  end?: EndTrace;
}

/** Guidance handed to the agent. */
export interface Guidance {
  /** `begin` before the task, `in` for the one refresh. */
  phase: "begin" | "in";
  /** Text with `[memory:<id>]` citations. */
  text: string;
  /** Ids of the units the text cites. */
  unit_ids: string[];
  /** Prompt tokens this guidance costs the agent. */
  tokens: number;
}

/** A ranked unit from a direct search (no session, no composition). */
export interface RankedUnit {
  /** The unit. */
  unit: MemoryUnit;
  /** The retriever's score (higher is better; scales differ by retriever). */
  score: number;
}

/** The lifecycle port. */
export interface MemoryProvider {
  /** The compiled plan, or null for the no-memory baseline. */
  readonly plan: Plan | null;
  /** Guidance before the task starts, or null when memory has nothing to say. */
  beginTask(task: TaskContext): Promise<Guidance | null>;
  /** At most one refresh per task, at an explicit boundary; `progress` is the agent's context. */
  refresh(task: TaskContext, progress: string): Promise<Guidance | null>;
  /** Learns from a finished task: encodes the trajectory by its outcome and runs management. */
  endTask(task: TaskContext, trajectory: Trajectory, outcome: TaskOutcome): Promise<EndTrace>;
  /** Ingests material without an outcome (a conversation); extraction uses the encode plan. */
  ingest(task: TaskContext, trajectory: Trajectory): Promise<EndTrace>;
  /** Ranked retrieval for evaluation (LoCoMo recall@k); never from `excludeTaskIds`. */
  search(
    query: string,
    k: number,
    excludeTaskIds?: readonly string[],
    scope?: UnitScope,
  ): Promise<RankedUnit[]>;
  /** What the provider did for `taskId`, if it saw that task. */
  traceOf(taskId: string): TaskTrace | undefined;
  /** Every unit and edge of the store, for seeding another memory. */
  exportPool(): Promise<StoreSnapshot>;
  /** Loads a pool written by `exportPool` into the store. */
  importPool(pool: StoreSnapshot): Promise<void>;
  /** Releases the store; later calls are refused. */
  close(): Promise<void>;
}
