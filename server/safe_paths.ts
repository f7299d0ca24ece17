/**
 * Confinement of every read to the runs directory. A run id or path segment that does not match
 * its pattern, or a path whose real location (after symlinks) leaves the run's directory, is
 * answered exactly like a missing file: 404, without saying what exists outside.
 *
 * @module
 */
import { join, sep } from "node:path";
import type { z } from "../core/zod.ts";
import { conflict, notFound } from "./errors.ts";

/** Run ids: one path segment of safe characters, never starting with a dot. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._+=@-]{0,199}$/;

/** True when `id` can name a run (pattern plus no `..` anywhere). */
export function isValidRunId(id: string): boolean {
  return RUN_ID_PATTERN.test(id) && !id.includes("..");
}

/** Parses a round or candidate number from a URL segment; anything else is a 404. */
export function parseIndex(raw: string, field: string): number {
  if (!/^\d{1,6}$/.test(raw)) throw notFound(`${field} must be a non-negative integer`);
  return Number(raw);
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** The runs directory with containment checks on every resolved path. */
export class RunsRoot {
  readonly #dir: string;
  #real?: Promise<string>;

  /** Wraps the runs directory (it may not exist yet: then every run is a 404). */
  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Real path of the runs directory. */
  async real(): Promise<string> {
    this.#real ??= Deno.realPath(this.#dir).catch((error) => {
      this.#real = undefined;
      if (error instanceof Deno.errors.NotFound) {
        throw notFound("the runs directory does not exist");
      }
      throw error;
    });
    return await this.#real;
  }

  /** Names of the entries of the runs directory that are valid run ids, sorted. */
  async entries(): Promise<string[]> {
    const root = await this.real();
    const out: string[] = [];
    for await (const entry of Deno.readDir(root)) {
      if (isValidRunId(entry.name) && (entry.isDirectory || entry.isSymlink)) out.push(entry.name);
    }
    return out.sort();
  }

  /** The real directory of run `id`; 404 when invalid, missing or outside the runs directory. */
  async run(id: string): Promise<string> {
    if (!isValidRunId(id)) throw notFound(`no run '${id.slice(0, 80)}'`);
    const root = await this.real();
    let real: string;
    try {
      real = await Deno.realPath(join(root, id));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) throw notFound(`no run '${id}'`);
      throw error;
    }
    if (!inside(root, real) || real === root) throw notFound(`no run '${id}'`);
    const info = await Deno.stat(real);
    if (!info.isDirectory) throw notFound(`no run '${id}'`);
    return real;
  }
}

/**
 * Resolves `parts` inside the run directory `runReal`; `undefined` when the path does not exist,
 * 404 when it escapes the run (a symlink pointing elsewhere).
 */
export async function resolveInRun(
  runReal: string,
  ...parts: string[]
): Promise<string | undefined> {
  let real: string;
  try {
    real = await Deno.realPath(join(runReal, ...parts));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  if (!inside(runReal, real)) throw notFound(`${parts.join("/")} is outside the run directory`);
  return real;
}

/**
 * Throws a 409 unless `path` is a regular file: reading a FIFO or a device would block the
 * server, and a folder is no artifact.
 */
export async function requireRegularFile(path: string, name: string): Promise<void> {
  const info = await Deno.stat(path);
  if (!info.isFile) throw conflict(`${name} is not a regular file`);
}

/** Reads a confined text file; `undefined` when absent. */
export async function readTextInRun(
  runReal: string,
  ...parts: string[]
): Promise<string | undefined> {
  const path = await resolveInRun(runReal, ...parts);
  if (path === undefined) return undefined;
  await requireRegularFile(path, parts.join("/"));
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    if (error instanceof Deno.errors.IsADirectory) throw notFound(`${parts.join("/")} is a folder`);
    throw error;
  }
}

/**
 * Reads and validates a confined JSON artifact. Absent → `undefined`; present but not JSON or not
 * matching `schema` (a partial write, another version) → 409 naming the file and the field.
 */
export async function readJsonInRun<S extends z.ZodType>(
  runReal: string,
  schema: S,
  ...parts: string[]
): Promise<z.infer<S> | undefined> {
  const text = await readTextInRun(runReal, ...parts);
  if (text === undefined) return undefined;
  const name = parts.join("/");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw conflict(`${name} is incomplete or not valid JSON (it may be being written)`, error);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const at = first.path.map(String).join(".") || "<root>";
    throw conflict(`${name} does not match its schema at ${at}: ${first.message}`);
  }
  return parsed.data;
}

/** Like {@linkcode readJsonInRun} but a missing file is a 404 naming `what`. */
export async function requireJsonInRun<S extends z.ZodType>(
  runReal: string,
  schema: S,
  what: string,
  ...parts: string[]
): Promise<z.infer<S>> {
  const value = await readJsonInRun(runReal, schema, ...parts);
  if (value === undefined) throw notFound(`${what} is not available (${parts.join("/")} missing)`);
  return value;
}

/** Lists the names in a confined folder (empty when it does not exist). */
export async function listInRun(runReal: string, ...parts: string[]): Promise<string[]> {
  const path = await resolveInRun(runReal, ...parts);
  if (path === undefined) return [];
  const out: string[] = [];
  try {
    for await (const entry of Deno.readDir(path)) out.push(entry.name);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) {
      return [];
    }
    throw error;
  }
  return out.sort();
}
