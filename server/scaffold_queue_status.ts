/**
 * The queue part of a scaffold evolution's status (`scaffold evolve --queue`): every episode
 * job's latest state and worker, folded from the run's `episode_dispatch` events into counts —
 * queued, active, done and failed, overall and per worker, with the episodes each worker played.
 *
 * @module
 */
import { countJobs, type QueueJob, recordDispatch, unitsByWorker } from "./queue_progress.ts";

/** Queue counts of a scaffold run. */
export interface ScaffoldQueueStatus {
  queued: number;
  active: number;
  done: number;
  failed: number;
  workers: {
    worker: string;
    active: number;
    done: number;
    failed: number;
    /** Episodes it finished, as `label:seed`. */
    episodes: string[];
  }[];
}

const STATES: readonly string[] = ["queued", "active", "done", "failed"];

/** Folds `episode_dispatch` lines of an events.jsonl text (null: the run used no queue). */
export function scaffoldQueueStatus(eventsText: string): ScaffoldQueueStatus | null {
  const jobs = new Map<string, QueueJob>();
  for (const line of eventsText.split("\n")) {
    if (!line.includes('"episode_dispatch"')) continue;
    let e: { type?: unknown; label?: unknown; seed?: unknown; state?: unknown; worker?: unknown };
    try {
      e = JSON.parse(line);
    } catch {
      continue; // a torn last line
    }
    if (e.type !== "episode_dispatch" || !STATES.includes(String(e.state))) continue;
    const key = `${e.label}:${e.seed}`;
    recordDispatch(jobs, key, {
      label: key,
      state: e.state as QueueJob["state"],
      worker: typeof e.worker === "string" ? e.worker : null,
    });
  }
  if (jobs.size === 0) return null;
  const counts = countJobs(jobs.values());
  const episodes = unitsByWorker(jobs);
  return {
    ...counts,
    workers: counts.workers.map((w) => ({ ...w, episodes: episodes.get(w.worker) ?? [] })),
  };
}
