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

type WorkerRow = NonNullable<ProgressView["queue"]>["workers"][number];

/** Queue counts overall and per worker (sorted by name). */
export interface JobCounts {
  queued: number;
  active: number;
  done: number;
  failed: number;
  workers: { worker: string; active: number; done: number; failed: number }[];
}

/**
 * Records one dispatch event of job `key` in `jobs`: a late "active" never undoes a job's end,
 * and an event without a worker keeps the one already known. Returns whether it changed anything.
 */
export function recordDispatch(
  jobs: Map<string, QueueJob>,
  key: string,
  e: { label: string; state: QueueJob["state"]; worker?: string | null },
): boolean {
  const prev = jobs.get(key);
  if (e.state === "active" && (prev?.state === "done" || prev?.state === "failed")) return false;
  jobs.set(key, { label: e.label, state: e.state, worker: e.worker ?? prev?.worker ?? null });
  return true;
}

/** Counts a job table by state, overall and per worker. */
export function countJobs(jobs: Iterable<QueueJob>): JobCounts {
  const out: JobCounts = { queued: 0, active: 0, done: 0, failed: 0, workers: [] };
  const rows = new Map<string, JobCounts["workers"][number]>();
  for (const j of jobs) {
    out[j.state]++;
    if (!j.worker) continue;
    const w = rows.get(j.worker) ?? { worker: j.worker, active: 0, done: 0, failed: 0 };
    if (j.state !== "queued") w[j.state]++;
    rows.set(j.worker, w);
  }
  out.workers = [...rows.values()].sort((a, b) => a.worker.localeCompare(b.worker));
  return out;
}

/** Applies one `unit_dispatch` event to the job table and the view's queue counts. */
export function applyDispatch(
  s: { view: ProgressView; jobs: Map<string, QueueJob> },
  e: Extract<RunEvent, { type: "unit_dispatch" }>,
): void {
  if (!recordDispatch(s.jobs, e.job_id, e)) return;
  const counts = countJobs(s.jobs.values());
  // `last`: the unit of the worker's latest event.
  const last = new Map((s.view.queue?.workers ?? []).map((w) => [w.worker, w.last]));
  if (e.worker) last.set(e.worker, e.label);
  const workers: WorkerRow[] = counts.workers.map((w) => ({
    ...w,
    last: last.get(w.worker) ?? null,
  }));
  s.view.queue = { url: e.queue, ...counts, workers };
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
