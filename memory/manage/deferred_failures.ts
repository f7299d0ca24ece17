/**
 * Failed tasks waiting for one batched review. `reflection_correction` used to ask the model
 * once after every failed task that used memory: about half a call per task on top of the
 * guidance and extraction calls, which alone reach 3 (`automem bench calls`). Instead it notes
 * each failure here and reviews `batch_failures` of them in ONE call, so a memory that fails
 * every task pays at most 1 / `batch_failures` extra calls per task.
 *
 * The queue is part of the pipeline's persisted state (`manage_state.json`), so failures noted
 * by one provider are reviewed by the next even when a provider lives for one task only.
 *
 * @module
 */
import { z } from "../../core/zod.ts";

/** One failed task as the batched review reads it. */
export const FailureNoteSchema = z.object({
  task_id: z.string(),
  task_query: z.string(),
  failure_context: z.string(),
  /** Units that were in the task's context (active when noted). */
  used_unit_ids: z.array(z.string()),
});

/** One failed task as the batched review reads it. */
export type FailureNote = z.infer<typeof FailureNoteSchema>;

/** Most notes kept; older ones are dropped first (a review never grows without bound). */
export const MAX_DEFERRED_FAILURES = 50;

/** The queue of noted failures of one pipeline. */
export class DeferredFailures {
  #notes: FailureNote[];
  #changed = false;

  /** Starts from persisted notes (oldest first). */
  constructor(notes: readonly FailureNote[] = []) {
    this.#notes = notes.slice(-MAX_DEFERRED_FAILURES).map((n) => ({ ...n }));
  }

  /** Notes waiting, oldest first. */
  get notes(): readonly FailureNote[] {
    return this.#notes;
  }

  /** Whether notes were added or taken since the last {@linkcode markSaved}. */
  get changed(): boolean {
    return this.#changed;
  }

  /** Queues a failure (a task noted twice keeps its latest note). */
  add(note: FailureNote): void {
    this.#notes = this.#notes.filter((n) => n.task_id !== note.task_id);
    this.#notes.push({ ...note, used_unit_ids: [...note.used_unit_ids] });
    if (this.#notes.length > MAX_DEFERRED_FAILURES) this.#notes.shift();
    this.#changed = true;
  }

  /** Removes and returns every queued note. */
  take(): FailureNote[] {
    const out = this.#notes;
    this.#notes = [];
    if (out.length > 0) this.#changed = true;
    return out;
  }

  /** Records that the current notes are persisted. */
  markSaved(): void {
    this.#changed = false;
  }
}

/**
 * The units to review for a batch of failures: those used in the most failures first, then in
 * order of first use; at most `max`.
 */
export function unitsToReview(notes: readonly FailureNote[], max: number): string[] {
  const count = new Map<string, number>();
  for (const n of notes) {
    for (const id of new Set(n.used_unit_ids)) count.set(id, (count.get(id) ?? 0) + 1);
  }
  // A Map iterates in first-use order and sort is stable, so ties keep that order.
  return [...count].sort((a, b) => b[1] - a[1]).slice(0, max).map(([id]) => id);
}
