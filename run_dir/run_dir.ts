/**
 * The run directory: named paths for every artifact, JSON reads validated by the caller's
 * schemas, and atomic writes. The exclusive lock is in `lock.ts`, the create / resume /
 * force-new rules in `open.ts`.
 *
 * @module
 */
import { join } from "node:path";
import type { z } from "zod";
import { writeJsonAtomic } from "../core/atomic_write.ts";
import { sha256Hex } from "../core/canonical_json.ts";
import { RunDirError } from "./errors.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";
import { redactUrlsDeep } from "../core/redact_url.ts";

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
