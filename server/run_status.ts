/**
 * Is a run running? The search holds `.run_active.lock` while it works; the lock is live when
 * its process still exists with the same start time (so a reused pid is not mistaken for the
 * run). The status then follows the last lifecycle event.
 *
 * @module
 */
import { holderAlive, LockFileSchema } from "../run_dir/run_dir.ts";
import type { RunEvent } from "../search/events.ts";
import type { RunStatus } from "./api_schemas.ts";
import { readTextInRun } from "./safe_paths.ts";

/** What the lock file says about the run's holder. */
export interface LockInfo {
  live: boolean;
  pid: number | null;
  acquired_at: string | null;
}

/**
 * Reads the lock of a run; null when there is none. A lock from another host, or on a system
 * without `/proc`, cannot be checked and counts as live (the conservative answer). A lock file
 * that does not parse is being created right now, so it is live too.
 */
export async function readLock(runReal: string): Promise<LockInfo | null> {
  const text = await readTextInRun(runReal, ".run_active.lock");
  if (text === undefined) return null;
  let parsed;
  try {
    parsed = LockFileSchema.safeParse(JSON.parse(text));
  } catch {
    return { live: true, pid: null, acquired_at: null };
  }
  if (!parsed.success) return { live: true, pid: null, acquired_at: null };
  const lock = parsed.data;
  return { live: await holderAlive(lock), pid: lock.pid, acquired_at: lock.acquired_at };
}

/** The status and finish details of a run, from its lock and its events. */
export interface DerivedStatus {
  status: RunStatus;
  interrupted: boolean;
  stop_reason: string | null;
  error: string | null;
}

/**
 * Derives the status: a live lock means running; otherwise the last lifecycle event `last`
 * decides (`run_finished` → finished, `run_failed` → failed, a `run_started` after them or nothing
 * at all → stale). `summaryStatus` (from `summary.json`) is the fallback for a run without events.
 */
export function deriveStatus(
  lock: LockInfo | null,
  last: RunEvent | null,
  summaryStatus: "finished" | "interrupted" | "failed" | null = null,
): DerivedStatus {
  const base = { interrupted: false, stop_reason: null, error: null };
  if (lock?.live) return { status: "running", ...base };
  if (last?.type === "run_finished") {
    return {
      status: "finished",
      interrupted: last.status === "interrupted",
      stop_reason: last.stop_reason,
      error: null,
    };
  }
  if (last?.type === "run_failed") return { status: "failed", ...base, error: last.error };
  if (last === null && summaryStatus !== null) {
    if (summaryStatus === "failed") return { status: "failed", ...base };
    return { status: "finished", ...base, interrupted: summaryStatus === "interrupted" };
  }
  return { status: "stale", ...base };
}
