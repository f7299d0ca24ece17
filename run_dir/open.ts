/**
 * Opening a run directory under the reference's rules: create, resume or force-new, always
 * under the exclusive lock.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../core/zod.ts";
import type { Clock } from "../core/ports.ts";
import { RunDirError } from "./errors.ts";
import { acquireLock, readArtifact, removeIfPresent, RunDir, type RunLock } from "./run_dir.ts";

/** The one field of a run's `summary.json` the refusal message reads. */
const SummaryStatusSchema = z.object({ status: z.string() });

async function isNonEmptyDir(path: string): Promise<boolean> {
  try {
    for await (const _ of Deno.readDir(path)) return true;
    return false;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** How a run directory is opened. */
export interface OpenRunOptions {
  outputDir: string;
  runName: string;
  resume: boolean;
  forceNew: boolean;
  clock: Clock;
}

/** An opened, locked run directory. */
export interface OpenedRun {
  dir: RunDir;
  lock: RunLock;
  resumed: boolean;
}

/**
 * Opens the run directory under the reference's rules: a new run refuses an existing non-empty
 * directory (naming `--resume` and `--force_new`), `--resume` refuses a missing one, and
 * `--force_new` wipes it (after taking the lock, so a live run is never wiped).
 */
export async function openRunDir(opts: OpenRunOptions): Promise<OpenedRun> {
  const dir = new RunDir(join(opts.outputDir, opts.runName));
  const present = await isNonEmptyDir(dir.root);
  if (opts.resume && !present) {
    throw new RunDirError("run_missing", `cannot resume: ${dir.root} does not exist`);
  }
  if (!opts.resume && !opts.forceNew && present) {
    const summary = await readArtifact(dir.path("summary.json"), SummaryStatusSchema).catch(() =>
      undefined
    );
    const what = summary?.status === "finished" ? "holds a finished run" : "already exists";
    throw new RunDirError(
      "run_exists",
      `${dir.root} ${what}; pass --resume to continue it or --force_new to start over`,
    );
  }
  const lock = await acquireLock(dir, opts.clock);
  if (opts.forceNew && present) {
    for await (const entry of Deno.readDir(dir.root)) {
      if (entry.name !== ".run_active.lock") await removeIfPresent(join(dir.root, entry.name));
    }
  }
  return { dir, lock, resumed: opts.resume && present };
}
