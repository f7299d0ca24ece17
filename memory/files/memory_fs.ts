/**
 * The agent's memory as a small file system held in memory (no I/O of its own), with the
 * text operations a memory agent issues and their exact result texts. Runs stay deterministic and
 * every step's state can be snapshotted into a trace.
 *
 * @module
 */

import { AutomemError } from "../../core/automem_error.ts";

/** Options of a {@linkcode MemoryFs}. */
export interface MemoryFsOptions {
  /** SEARCH returns at most this many (the last) matches. */
  maxSearchResults?: number;
  /** Files the agent may read but not change (code-maintained sensor files). */
  readOnly?: readonly string[];
}

/** A snapshot of every file: name → content. */
export type FsSnapshot = Record<string, string>;

/** Lines of a text as Python's `splitlines` counts them (no trailing empty line). */
export function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Why a file name was refused. */
export class FileNameError extends AutomemError {
  /** The name as given. */
  readonly fileName: string;
  /** Builds the error. */
  constructor(name: string, reason: string) {
    super("invalid_file_name", `invalid file name '${name}': ${reason}`);
    this.name = "FileNameError";
    this.fileName = name;
  }
}

/**
 * The stored name of a file name the model (or code) writes: backslashes become slashes and the
 * name is trimmed; `a/x.md` and `b/x.md` stay two files. A name without a slash keeps its
 * historical mapping (`..` removed, an empty name becomes `unnamed.txt`), so flat names store
 * exactly as before. A path is refused with {@linkcode FileNameError} (`invalid_file_name`)
 * when it is absolute, has an empty segment, or a `.` or `..` segment.
 */
export function safeName(name: string): string {
  const trimmed = String(name).trim().replaceAll("\\", "/");
  if (!trimmed.includes("/")) {
    const cleaned = trimmed.replaceAll("..", "").trim();
    return cleaned === "" ? "unnamed.txt" : cleaned;
  }
  if (trimmed.startsWith("/")) throw new FileNameError(name, "absolute paths are not allowed");
  const segments = trimmed.split("/");
  if (/^[A-Za-z]:$/.test(segments[0])) {
    throw new FileNameError(name, "absolute paths are not allowed");
  }
  for (const segment of segments) {
    if (segment.trim() === "") throw new FileNameError(name, "empty path segment");
    if (segment === "." || segment === "..") {
      throw new FileNameError(name, `'${segment}' segments are not allowed`);
    }
  }
  return segments.join("/");
}

/** The `[ERROR: ...]` result of an op on a refused name, or undefined for a valid one. */
function refusal(name: string): string | undefined {
  try {
    safeName(name);
    return undefined;
  } catch (error) {
    if (error instanceof FileNameError) return `[ERROR: ${error.message}]`;
    throw error;
  }
}

/** The memory file system. */
export class MemoryFs {
  #files = new Map<string, string>();
  #maxSearch: number;
  #readOnly: Set<string>;

  /** Seeds the files. */
  constructor(initial: FsSnapshot = {}, options: MemoryFsOptions = {}) {
    this.#maxSearch = options.maxSearchResults ?? 100;
    this.#readOnly = new Set((options.readOnly ?? []).map(safeName));
    this.restore(initial);
  }

  /** True when the file exists. */
  has(file: string): boolean {
    return this.#files.has(safeName(file));
  }

  /** Raw content ('' when missing), for code that maintains files. */
  content(file: string): string {
    return this.#files.get(safeName(file)) ?? "";
  }

  #missing(f: string): string {
    return `[ERROR: file '${f}' does not exist]`;
  }

  #locked(f: string): string | undefined {
    return this.#readOnly.has(f)
      ? `[ERROR: file '${f}' is maintained by the scaffold and cannot be changed]`
      : undefined;
  }

  /** READ: the whole content. */
  read(file: string): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    const text = this.#files.get(f);
    if (text === undefined) return this.#missing(f);
    return text.trim() === "" ? "[FILE IS EMPTY]" : text;
  }

  /** SEARCH: lines containing `keyword` (case-insensitive); the last N when there are more. */
  search(file: string, keyword: string, limit = this.#maxSearch): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    const text = this.#files.get(f);
    if (text === undefined) return this.#missing(f);
    if (text.trim() === "") return "[FILE IS EMPTY — no matches]";
    const needle = keyword.toLowerCase();
    const hits = linesOf(text).filter((l) => l.toLowerCase().includes(needle));
    if (hits.length === 0) return `[No lines matching '${keyword}']`;
    if (hits.length > limit) {
      return [`[Showing last ${limit} of ${hits.length} matches for '${keyword}']`]
        .concat(hits.slice(-limit)).join("\n");
    }
    return hits.join("\n");
  }

  /** TAIL: the last `n` lines. */
  tail(file: string, n = 10): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    const text = this.#files.get(f);
    if (text === undefined) return this.#missing(f);
    if (text.trim() === "") return "[FILE IS EMPTY]";
    return linesOf(text).slice(-Math.max(0, n)).join("\n");
  }

  /** COUNT: how many lines contain `keyword`. */
  count(file: string, keyword: string): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    const text = this.#files.get(f);
    if (text === undefined) return this.#missing(f);
    const needle = keyword.toLowerCase();
    const k = linesOf(text).filter((l) => l.toLowerCase().includes(needle)).length;
    return `[${k} line(s) matching '${keyword}']`;
  }

  /** APPEND: adds `text` as line(s), creating the file when missing. */
  append(file: string, text: string): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    const locked = this.#locked(f);
    if (locked) return locked;
    const old = this.#files.get(f) ?? "";
    const sep = old === "" || old.endsWith("\n") ? "" : "\n";
    this.#files.set(f, old + sep + text.replace(/\n+$/, "") + "\n");
    return `[Appended to ${f}]`;
  }

  /** WRITE: replaces the content (blank text leaves an empty file). */
  write(file: string, text: string): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    const locked = this.#locked(f);
    if (locked) return locked;
    const body = text.trim() === "" ? "" : text.replace(/\n+$/, "") + "\n";
    this.#files.set(f, body);
    return `[Wrote to ${f}]`;
  }

  /** CREATE: an empty file; an existing one is left alone. */
  create(file: string): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    if (this.#files.has(f)) return `[File '${f}' already exists]`;
    const locked = this.#locked(f);
    if (locked) return locked;
    this.#files.set(f, "");
    return `[Created ${f}]`;
  }

  /**
   * UPSERT: drops every line that starts with `key:` and appends `key: text` at the end, so the
   * file holds one line per key and its order is recency.
   */
  upsert(file: string, key: string, text: string): string {
    const refused = refusal(file);
    if (refused) return refused;
    const f = safeName(file);
    const locked = this.#locked(f);
    if (locked) return locked;
    const k = key.trim();
    const prefix = `${k}:`;
    const kept = linesOf(this.#files.get(f) ?? "").filter((l) => !l.startsWith(prefix));
    kept.push(`${k}: ${text.trim().replace(/\n/g, " ")}`);
    this.#files.set(f, kept.join("\n") + "\n");
    return `[Updated entry '${k}' in ${f}]`;
  }

  /** Sets a file directly, bypassing read-only protection (sensors use this). */
  put(file: string, text: string): void {
    this.#files.set(safeName(file), text);
  }

  /**
   * Keeps the last `keep` lines of a file longer than `max` lines, under a header that says how
   * many were dropped. Returns the number of dropped lines.
   */
  prune(file: string, max: number, keep: number): number {
    const f = safeName(file);
    const lines = linesOf(this.#files.get(f) ?? "").filter((l) =>
      !/^\[\.\.\. \d+ older entries pruned at step boundary \.\.\.\]$/.test(l)
    );
    if (lines.length <= max) return 0;
    const dropped = lines.length - keep;
    const body = [`[... ${dropped} older entries pruned at step boundary ...]`]
      .concat(lines.slice(-keep));
    this.#files.set(f, body.join("\n") + "\n");
    return dropped;
  }

  /** File names, sorted. */
  names(): string[] {
    return [...this.#files.keys()].sort();
  }

  /** Line count of one file (0 when missing). */
  lineCount(file: string): number {
    return linesOf(this.#files.get(safeName(file)) ?? "").length;
  }

  /** The file index shown in every prompt: `  - name (N lines)`, sorted. */
  index(): string {
    return this.names().map((n) => `  - ${n} (${this.lineCount(n)} lines)`).join("\n");
  }

  /** Total characters over all files. */
  chars(): number {
    let n = 0;
    for (const v of this.#files.values()) n += v.length;
    return n;
  }

  /** Every file's content, keys sorted. */
  snapshot(): FsSnapshot {
    const out: FsSnapshot = {};
    for (const n of this.names()) out[n] = this.#files.get(n)!;
    return out;
  }

  /** Replaces every file with the snapshot's. */
  restore(snapshot: FsSnapshot): void {
    this.#files.clear();
    for (const [k, v] of Object.entries(snapshot)) this.#files.set(safeName(k), v);
  }

  /**
   * Starts a new episode: every file is re-seeded from `initial`, except the names in `keep`
   * (persistent files), which keep their current content.
   */
  reset(initial: FsSnapshot, keep: readonly string[] = []): void {
    const carried = new Map<string, string>();
    for (const k of keep.map(safeName)) {
      const v = this.#files.get(k);
      if (v !== undefined) carried.set(k, v);
    }
    this.restore(initial);
    for (const [k, v] of carried) this.#files.set(k, v);
  }
}
