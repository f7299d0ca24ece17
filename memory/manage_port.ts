/**
 * The management pipeline's port: three triggers (on insert, after each task, every N tasks).
 * The periodic counter is persisted with the store so a recreated provider keeps counting
 * (docs/design.md#fix-periodic-counter).
 *
 * @module
 */
import type { UnitScope } from "../core/unit_scope.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type { MemoryUnit } from "../core/unit.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import type { OpRunRecord } from "./provider_port.ts";

/** Context of a post-task pass. */
export interface PostTaskContext {
  task_id: string;
  task_query: string;
  succeeded: boolean;
  /** Units injected into this task. */
  used_unit_ids: readonly string[];
  /** Graph edges that supported the injected units. */
  used_edges: readonly [string, string, string][];
  failure_context: string;
  /** The task's scope: the pass only sees, compares and creates units of this scope. */
  scope?: UnitScope;
}

/** What management needs. */
export interface ManageDeps {
  store: MemoryStore;
  embedder: Embedder;
  clock: Clock;
  /** Absent offline: model-based ops use their offline fallback or are skipped with a record. */
  model?: ChatModel;
  signal?: AbortSignal;
}

/** The pipeline of one provider. */
export interface ManagementPipeline {
  /** On-insert ops for `units`; with a scope they only see units of that scope. */
  onInsert(units: readonly MemoryUnit[], scope?: UnitScope): Promise<OpRunRecord[]>;
  /** Runs post-task ops, then periodic ops when the persisted counter hits the interval. */
  postTask(ctx: PostTaskContext): Promise<OpRunRecord[]>;
  /** Runs the periodic ops now (canonical-pool maintenance, tests). */
  runPeriodic(ctx?: Partial<PostTaskContext>): Promise<OpRunRecord[]>;
  /** Tasks counted so far (persisted). */
  readonly taskCount: number;
}
