/**
 * The queue part of a scaffold evolution's status (`scaffold evolve --queue`): every episode
 * job's latest state and worker, folded from the run's `episode_dispatch` events into counts —
 * queued, active, done and failed, overall and per worker, with the episodes each worker played.
 *
 * @module
 */

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

type State = "queued" | "active" | "done" | "failed";
const STATES: readonly string[] = ["queued", "active", "done", "failed"];

/** Folds `episode_dispatch` lines of an events.jsonl text (null: the run used no queue). */
export function scaffoldQueueStatus(eventsText: string): ScaffoldQueueStatus | null {
  const jobs = new Map<string, { state: State; worker: string | null }>();
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
    const prev = jobs.get(key);
    const state = e.state as State;
    // A late "active" never undoes an episode's end.
    if (state === "active" && (prev?.state === "done" || prev?.state === "failed")) continue;
    const worker = typeof e.worker === "string" ? e.worker : prev?.worker ?? null;
    jobs.set(key, { state, worker });
  }
  if (jobs.size === 0) return null;
  const out: ScaffoldQueueStatus = { queued: 0, active: 0, done: 0, failed: 0, workers: [] };
  const rows = new Map<string, ScaffoldQueueStatus["workers"][number]>();
  for (const [key, j] of jobs) {
    out[j.state]++;
    if (!j.worker) continue;
    const w = rows.get(j.worker) ??
      { worker: j.worker, active: 0, done: 0, failed: 0, episodes: [] };
    if (j.state !== "queued") w[j.state]++;
    if (j.state === "done") w.episodes.push(key);
    rows.set(j.worker, w);
  }
  out.workers = [...rows.values()].sort((a, b) => a.worker.localeCompare(b.worker));
  return out;
}
