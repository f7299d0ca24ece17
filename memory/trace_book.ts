/**
 * The provider's per-task traces (query, candidates with scores, injected ids, extraction result,
 * ops run), kept for failure diagnosis. Bounded like the session registry: the least recently
 * touched task is dropped beyond the capacity, so a long run cannot grow without limit.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import type { EndTrace, RetrievalTrace, TaskTrace } from "./provider_port.ts";

/** Traces kept before the least recently touched one is dropped. */
export const DEFAULT_TRACE_CAPACITY = 1024;

/** Bounded, insertion-ordered trace storage keyed by benchmark task id. */
export class TraceBook {
  readonly #traces = new Map<string, TaskTrace>();
  readonly #capacity: number;

  /** Builds an empty book. */
  constructor(capacity = DEFAULT_TRACE_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new AutomemError(
        "invalid_argument",
        `trace capacity must be a positive integer, got ${capacity}`,
      );
    }
    this.#capacity = capacity;
  }

  /** Starts a new trace for the task, discarding an older one with the same id. */
  start(taskId: string): TaskTrace {
    this.#traces.delete(taskId);
    return this.#put(taskId, { task_id: taskId, retrievals: [] });
  }

  /** The task's trace, created when missing. */
  open(taskId: string): TaskTrace {
    const trace = this.#traces.get(taskId);
    if (!trace) return this.#put(taskId, { task_id: taskId, retrievals: [] });
    this.#traces.delete(taskId);
    this.#traces.set(taskId, trace);
    return trace;
  }

  /** Appends a retrieval record. */
  addRetrieval(taskId: string, record: RetrievalTrace): void {
    this.open(taskId).retrievals.push(record);
  }

  /** Sets the end record. */
  setEnd(taskId: string, end: EndTrace): void {
    this.open(taskId).end = end;
  }

  /** A deep copy of the task's trace, so callers cannot alter the provider's records. */
  get(taskId: string): TaskTrace | undefined {
    const trace = this.#traces.get(taskId);
    return trace ? structuredClone(trace) : undefined;
  }

  /** Number of traces held. */
  get size(): number {
    return this.#traces.size;
  }

  #put(taskId: string, trace: TaskTrace): TaskTrace {
    this.#traces.set(taskId, trace);
    while (this.#traces.size > this.#capacity) {
      this.#traces.delete(this.#traces.keys().next().value as string);
    }
    return trace;
  }
}
