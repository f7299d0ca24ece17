/**
 * The no-memory baseline: the same lifecycle as every architecture, so a benchmark drives both
 * the same way, but nothing is ever stored, retrieved or injected. Traces are still recorded, so
 * baseline runs read like any other.
 *
 * @module
 */
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";
import type { StoreSnapshot } from "../stores/store_port.ts";
import type { EndTrace, Guidance, MemoryProvider, RankedUnit, TaskTrace } from "./provider_port.ts";
import { TraceBook } from "./trace_book.ts";

/** An end trace that records nothing extracted, stored or run. */
export function emptyEndTrace(): EndTrace {
  return {
    extracted: [],
    extraction_failures: [],
    inserted_ids: [],
    deduped: 0,
    used_unit_ids: [],
    ops: [],
  };
}

/** The baseline provider: `plan` is null and it never injects anything. */
export class NoMemoryProvider implements MemoryProvider {
  /** Always null: the baseline has no architecture. */
  readonly plan = null;
  readonly #traces = new TraceBook();

  /** Records the task and returns no guidance. */
  beginTask(task: TaskContext): Promise<Guidance | null> {
    this.#traces.start(task.id);
    return Promise.resolve(null);
  }

  /** Returns no guidance. */
  refresh(task: TaskContext, _progress: string): Promise<Guidance | null> {
    this.#traces.open(task.id);
    return Promise.resolve(null);
  }

  /** Stores nothing; returns (and records) an empty end trace. */
  endTask(task: TaskContext, _trajectory: Trajectory, _outcome: TaskOutcome): Promise<EndTrace> {
    const end = emptyEndTrace();
    this.#traces.setEnd(task.id, end);
    return Promise.resolve(end);
  }

  /** Stores nothing; returns (and records) an empty end trace. */
  ingest(task: TaskContext, _trajectory: Trajectory): Promise<EndTrace> {
    const end = emptyEndTrace();
    this.#traces.setEnd(task.id, end);
    return Promise.resolve(end);
  }

  /** Finds nothing. */
  search(_query: string, _k: number, _exclude?: readonly string[]): Promise<RankedUnit[]> {
    return Promise.resolve([]);
  }

  /** The (empty) record of a task seen by this provider. */
  traceOf(taskId: string): TaskTrace | undefined {
    return this.#traces.get(taskId);
  }

  /** An empty pool. */
  exportPool(): Promise<StoreSnapshot> {
    return Promise.resolve({ units: [], edges: [] });
  }

  /** Ignores the pool: the baseline holds no memory by definition. */
  importPool(_pool: StoreSnapshot): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing to release. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
