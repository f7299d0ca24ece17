/**
 * The run directory: named paths for every artifact, JSON reads validated by the artifact
 * schemas, atomic writes, the exclusive lock, and the create / resume / force-new rules.
 *
 * @module
 */
import { join } from "node:path";
import type { z } from "zod";
import { writeJsonAtomic } from "../core/atomic_write.ts";
import { isoUtc } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import { type LockFile, LockFileSchema, SummarySchema } from "./artifacts.ts";
import { SearchError } from "./errors.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";

/** Maps a task id to a safe file name (ids with other characters are percent-encoded). */
export function taskFileName(taskId: string): string {
  const safe = /^[A-Za-z0-9._:-]+$/.test(taskId) && !taskId.startsWith(".");
  return (safe ? taskId : encodeURIComponent(taskId).replace(/\./g, "%2E")) + ".json";
}

/** Named paths of one run directory. */
export class RunDir {
  /** The run directory itself. */
  readonly root: string;
  /** Wraps `root`. */
  constructor(root: string) {
    this.root = root;
  }
  /** A path inside the run directory. */
  path(...parts: (string | number)[]): string {
    return join(this.root, ...parts.map(String));
  }
  /** Lock file. */
  get lock(): string {
    return this.path(".run_active.lock");
  }
  /** The user's stop file. */
  get stopFile(): string {
    return this.path("STOP");
  }
  /** Event stream. */
  get events(): string {
    return this.path("events.jsonl");
  }
  /** A round directory. */
  round(t: number): string {
    return this.path(`round_${t}`);
  }
  /** A candidate directory. */
  candidate(t: number, k: number): string {
    return this.path(`round_${t}`, `candidate_${k}`);
  }
  /** The canonical pool. */
  get canonical(): string {
    return this.path("canonical", "pool.json");
  }
}

/** Reads and validates a JSON artifact; `undefined` when absent, `corrupt_state` when invalid. */
export async function readArtifact<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<z.infer<S> | undefined> {
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SearchError(
      "corrupt_state",
      `${path} is not valid JSON: ${(error as Error).message}`,
      {},
      { cause: error },
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new SearchError(
      "corrupt_state",
      `${path} does not match its schema at ${first.path.join(".") || "<root>"}: ${first.message}`,
    );
  }
  return parsed.data;
}

/** Validates `value` against `schema` and writes it atomically (temp file + rename). */
export async function writeArtifact<S extends z.ZodType>(
  path: string,
  schema: S,
  value: z.infer<S>,
): Promise<void> {
  await writeJsonAtomic(path, schema.parse(value));
}

/** True when `path` exists. */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** Removes a path recursively if present. */
export async function removeIfPresent(path: string): Promise<void> {
  await Deno.remove(path, { recursive: true }).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  });
}

/** Field 22 of `/proc/<pid>/stat` (process start time in clock ticks), or null. */
export async function processStartTime(pid: number): Promise<string | null> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // Field 22 (start time) follows the parenthesised command name, which may contain spaces.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether a lock's holder is still running: same pid with the same start time (so a reused pid
 * is not mistaken for the run). A holder on another host, or a system without `/proc`, cannot be
 * checked and counts as alive (the conservative answer).
 */
export async function holderAlive(
  holder: Pick<LockFile, "hostname" | "pid" | "proc_start">,
): Promise<boolean> {
  if (holder.hostname !== Deno.hostname()) return true;
  if (!(await exists("/proc/self/stat"))) return true;
  const start = await processStartTime(holder.pid);
  if (start === null) return false;
  return holder.proc_start === null || holder.proc_start === start;
}

/** A held run lock. */
export interface RunLock {
  /** Removes the lock file if this process still holds it. */
  release(): Promise<void>;
}

/**
 * Takes the exclusive lock of a run directory. A lock whose holder process is gone (or whose
 * pid now belongs to another process) is stale and taken over; a live holder refuses.
 */
export async function acquireLock(dir: RunDir, clock: Clock): Promise<RunLock> {
  const mine: LockFile = {
    pid: Deno.pid,
    hostname: Deno.hostname(),
    proc_start: await processStartTime(Deno.pid),
    acquired_at: isoUtc(clock.now()),
  };
  await Deno.mkdir(dir.root, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await Deno.open(dir.lock, { write: true, createNew: true });
      await file.write(new TextEncoder().encode(JSON.stringify(mine) + "\n"));
      file.close();
      return {
        async release() {
          const now = await readArtifact(dir.lock, LockFileSchema).catch(() => undefined);
          if (now && now.pid === mine.pid && now.acquired_at === mine.acquired_at) {
            await removeIfPresent(dir.lock);
          }
        },
      };
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
    const holder = await readArtifact(dir.lock, LockFileSchema).catch(() => undefined);
    if (holder && await holderAlive(holder)) {
      throw new SearchError(
        "locked",
        `run directory ${dir.root} is in use by process ${holder.pid} on ${holder.hostname} ` +
          `since ${holder.acquired_at}`,
        { holder },
      );
    }
    await removeIfPresent(dir.lock);
  }
  throw new SearchError("locked", `could not take the lock of ${dir.root}`);
}

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
    throw new SearchError("run_missing", `cannot resume: ${dir.root} does not exist`);
  }
  if (!opts.resume && !opts.forceNew && present) {
    const summary = await readArtifact(dir.path("summary.json"), SummarySchema).catch(() =>
      undefined
    );
    const what = summary?.status === "finished" ? "holds a finished run" : "already exists";
    throw new SearchError(
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
