/**
 * The queue part of a run's progress (`--queue` runs): every job's latest state and worker, and
 * from those the counts the status API, dashboard and progress bars show — queued, active, done
 * and failed, overall and per worker.
 *
 * @module
 */
import type { RunEvent } from "../search/events.ts";
import type { ProgressView } from "./api_schemas.ts";

/** One queue job as folded from `unit_dispatch` events. */
export interface QueueJob {
  label: string;
  state: "queued" | "active" | "done" | "failed";
  worker: string | null;
}

type QueueView = NonNullable<ProgressView["queue"]>;
type WorkerRow = QueueView["workers"][number];

/** Applies one `unit_dispatch` event to the job table and the view's queue counts. */
export function applyDispatch(
  s: { view: ProgressView; jobs: Map<string, QueueJob> },
  e: Extract<RunEvent, { type: "unit_dispatch" }>,
): void {
  const prev = s.jobs.get(e.job_id);
  // A late "active" never undoes a job's end.
  if (e.state === "active" && (prev?.state === "done" || prev?.state === "failed")) return;
  s.jobs.set(e.job_id, {
    label: e.label,
    state: e.state,
    worker: e.worker ?? prev?.worker ?? null,
  });
  const q: QueueView = { url: e.queue, queued: 0, active: 0, done: 0, failed: 0, workers: [] };
  const rows = new Map<string, WorkerRow>();
  for (const j of s.jobs.values()) {
    q[j.state]++;
    if (!j.worker) continue;
    const w = rows.get(j.worker) ?? { worker: j.worker, active: 0, done: 0, failed: 0, last: null };
    if (j.state !== "queued") w[j.state]++;
    rows.set(j.worker, w);
  }
  // `last`: the unit of the worker's latest event.
  for (const old of s.view.queue?.workers ?? []) {
    const w = rows.get(old.worker);
    if (w) w.last = old.last;
  }
  if (e.worker && rows.has(e.worker)) rows.get(e.worker)!.last = e.label;
  q.workers = [...rows.values()].sort((a, b) => a.worker.localeCompare(b.worker));
  s.view.queue = q;
}

/** Which units each worker ran (finished jobs), for the report. */
export function unitsByWorker(jobs: ReadonlyMap<string, QueueJob>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const j of jobs.values()) {
    if (j.state !== "done" || !j.worker) continue;
    out.set(j.worker, [...(out.get(j.worker) ?? []), j.label]);
  }
  return new Map([...out].sort((a, b) => a[0].localeCompare(b[0])));
}
