/**
 * The run directory: named paths for every artifact, JSON reads validated by the caller's
 * schemas, atomic writes, and the exclusive lock. The create / resume / force-new rules are in
 * `open.ts`.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { writeJsonAtomic } from "../core/atomic_write.ts";
import { sha256Hex } from "../core/canonical_json.ts";
import { isoUtc } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import { RunDirError } from "./errors.ts";
import { pathExists, readTextIfExists } from "../core/read_if_exists.ts";
import { redactUrlsDeep } from "../core/redact_url.ts";

/** The lock file: who holds the run directory. */
export const LockFileSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  /** Process start time from `/proc/<pid>/stat` (clock ticks), to detect pid reuse; null if unknown. */
  proc_start: z.string().nullable(),
  acquired_at: z.string(),
});
/** Lock file content. */
export type LockFile = z.infer<typeof LockFileSchema>;

/**
 * Maps a task id to a safe file name: ids with other characters are percent-encoded, and a name
 * that would pass the usual 255-byte limit is cut and given a hash of the whole id, so every id
 * (long, non-ASCII) maps to a valid and distinct name.
 */
export function taskFileName(taskId: string): string {
  const safe = /^[A-Za-z0-9._:-]+$/.test(taskId) && !taskId.startsWith(".");
  const name = safe ? taskId : encodeURIComponent(taskId).replace(/\./g, "%2E");
  if (name.length <= MAX_NAME_STEM) return name + ".json";
  return `${name.slice(0, 120).replace(/%[0-9A-F]?$/, "")}~${sha256Hex(taskId).slice(0, 24)}.json`;
}

/** Longest file name stem kept as is (the file system limit is 255 bytes). */
const MAX_NAME_STEM = 200;

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
  return parseArtifact(path, text, schema);
}

/** Parses an artifact's text read from `path`; `corrupt_state` when it is not valid. */
export function parseArtifact<S extends z.ZodType>(
  path: string,
  text: string,
  schema: S,
): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RunDirError(
      "corrupt_state",
      `${path} is not valid JSON: ${(error as Error).message}`,
      {},
      { cause: error },
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new RunDirError(
      "corrupt_state",
      `${path} does not match its schema at ${first.path.join(".") || "<root>"}: ${first.message}`,
    );
  }
  return parsed.data;
}

/**
 * Validates `value` against `schema` and writes it atomically (temp file + rename). URL userinfo
 * and query values are removed first, whatever field they hide in (an error, an answer).
 */
export async function writeArtifact<S extends z.ZodType>(
  path: string,
  schema: S,
  value: z.infer<S>,
): Promise<void> {
  await writeJsonAtomic(path, redactUrlsDeep(schema.parse(value)));
}

/** True when `path` exists. */
export const exists: (path: string) => Promise<boolean> = pathExists;

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

/** Test seams of {@linkcode acquireLock}: who "I" am and how a holder's liveness is checked. */
export interface LockOptions {
  identity?: Pick<LockFile, "pid" | "hostname" | "proc_start">;
  isAlive?: (holder: LockFile) => Promise<boolean>;
}

const sleepMs = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates `path` holding `text` only if it does not exist; the content is complete at creation. */
async function createExclusive(path: string, text: string): Promise<boolean> {
  const tmp = `${path}.${Deno.pid}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(tmp, text);
  try {
    await Deno.link(tmp, path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  } finally {
    await Deno.remove(tmp).catch(() => {});
  }
}

/**
 * Takes the exclusive lock of a run directory atomically. The lock file is created exclusively
 * with its full content (hard link of a written temp file), so no reader sees it half-written. A
 * lock whose holder process is gone (or whose pid now belongs to another process) is stale; it is
 * taken over only under a second exclusive file, `<lock>.takeover`, after re-reading the lock
 * and checking it is still the same stale one, so two processes can never both take it over.
 * A live holder refuses.
 */
export async function acquireLock(
  dir: RunDir,
  clock: Clock,
  opts: LockOptions = {},
): Promise<RunLock> {
  const id = opts.identity ?? {
    pid: Deno.pid,
    hostname: Deno.hostname(),
    proc_start: await processStartTime(Deno.pid),
  };
  const isAlive = opts.isAlive ?? holderAlive;
  const mine: LockFile = { ...id, acquired_at: isoUtc(clock.now()) };
  const text = JSON.stringify(mine) + "\n";
  const takeover = `${dir.lock}.takeover`;
  await Deno.mkdir(dir.root, { recursive: true });
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await createExclusive(dir.lock, text)) {
      return {
        async release() {
          const now = await readTextIfExists(dir.lock).catch(() => undefined);
          if (now === text) await removeIfPresent(dir.lock);
        },
      };
    }
    const seen = await readTextIfExists(dir.lock);
    if (seen === undefined) continue;
    const holder = lockOf(seen);
    if (holder && await isAlive(holder)) {
      throw new RunDirError(
        "locked",
        `run directory ${dir.root} is in use by process ${holder.pid} on ${holder.hostname} ` +
          `since ${holder.acquired_at}`,
        { holder },
      );
    }
    if (!(await createExclusive(takeover, text))) {
      // Another process is taking over; a takeover left by a dead process is cleared.
      const other = lockOf(await readTextIfExists(takeover) ?? "");
      if (other && !(await isAlive(other))) await removeIfPresent(takeover);
      await sleepMs(1 + attempt % 5);
      continue;
    }
    try {
      // Only the stale lock we judged is removed; a lock re-created meanwhile is left alone.
      if (await readTextIfExists(dir.lock) === seen) await removeIfPresent(dir.lock);
    } finally {
      await removeIfPresent(takeover);
    }
  }
  throw new RunDirError("locked", `could not take the lock of ${dir.root}`);
}

function lockOf(text: string): LockFile | undefined {
  try {
    const parsed = LockFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
