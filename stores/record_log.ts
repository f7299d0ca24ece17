/**
 * The persistence every store shares: records (units, or entity ids) live in a compacted
 * snapshot plus an append-only JSONL log of upserts, with vectors packed apart from the JSON.
 *
 * Files, for a log named `units` in directory `dir`:
 * - `units.jsonl`: the snapshot. First line is a header with the generation number and the
 *   name of its vector file; then one record per line, in store order. Rewritten atomically.
 * - `units-<generation>.f32`: the snapshot's vectors (see `vector_codec.ts`).
 * - `units.log.jsonl`: a header naming the generation it extends, then one upsert per line. A
 *   line carries the record and, only when the vector changed, the vector as base64 float32.
 *
 * Soft deletes are upserts with `is_active: false`; physical removal happens only when the owner
 * writes a new snapshot without the removed records (`checkpoint`). A checkpoint writes the new
 * vector file, then the snapshot (the commit point), then a fresh log, so a crash at any step
 * leaves a readable generation: a log whose generation differs from the snapshot's is already
 * folded in and is discarded. A torn last log line (a crash mid-append) is ignored and cut off.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { writeFileAtomic } from "../core/atomic_write.ts";
import { StoreError } from "./store_error.ts";
import { decodeVector, encodeVector, packVectors, unpackVectors } from "./vector_codec.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";

const SNAPSHOT_FORMAT = "automem-record-snapshot-v1";
const LOG_FORMAT = "automem-record-log-v1";

const SnapshotHeaderSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  generation: z.number().int().min(0),
  dim: z.number().int().min(1),
  count: z.number().int().min(0),
  vectors: z.string().nullable(),
});

const LogHeaderSchema = z.object({
  format: z.literal(LOG_FORMAT),
  generation: z.number().int().min(0),
});

/** A record with its vector (null when it has none). */
export interface VectorRecord<T> {
  record: T;
  vector: Float32Array | null;
}

/** One upsert: `vector` undefined keeps the record's current vector. */
export interface LogEntry<T> {
  record: T;
  vector?: Float32Array | null;
}

/** How to open a log. */
export interface RecordLogOptions<T extends { id: string }> {
  dir: string;
  /** File stem (`units` → `units.jsonl`, `units.log.jsonl`, `units-<gen>.f32`). */
  name: string;
  dim: number;
  /** The persisted record shape; every line read back is validated with it. */
  schema: z.ZodType<T>;
  /** Minimum log length before {@linkcode RecordLog.needsCheckpoint} says yes (default 1000). */
  checkpointAfter?: number;
  /**
   * Validate only: every rule of a normal open runs, but nothing is created, cut or removed
   * (`automem store check` opens with this, so it refuses exactly what opening refuses).
   */
  readOnly?: boolean;
}

/** An append-only record log with snapshots; see the module docs for the file format. */
export class RecordLog<T extends { id: string }> {
  readonly #opts: Required<RecordLogOptions<T>>;
  readonly #lineSchema: z.ZodType<{ record: T; vector?: string | null }>;
  #generation = 0;
  #logRecords = 0;

  private constructor(opts: RecordLogOptions<T>) {
    this.#opts = { checkpointAfter: 1000, readOnly: false, ...opts };
    this.#lineSchema = z.object({
      record: opts.schema,
      vector: z.string().nullable().optional(),
    }) as unknown as z.ZodType<{ record: T; vector?: string | null }>;
  }

  /** Opens (or creates) the log and returns it with every live record, in store order. */
  static async open<T extends { id: string }>(
    opts: RecordLogOptions<T>,
  ): Promise<{ log: RecordLog<T>; records: VectorRecord<T>[] }> {
    const log = new RecordLog(opts);
    if (!opts.readOnly) await Deno.mkdir(opts.dir, { recursive: true });
    const state = await log.#readSnapshot();
    await log.#replayLog(state);
    if (!opts.readOnly) await log.#removeStrayFiles();
    return { log, records: [...state.values()] };
  }

  /** Upserts appended since the last snapshot. */
  get logRecords(): number {
    return this.#logRecords;
  }

  /** True when the log has outgrown both the threshold and the live record count. */
  needsCheckpoint(liveRecords: number): boolean {
    return this.#logRecords > Math.max(this.#opts.checkpointAfter, liveRecords);
  }

  /** Appends upserts as one write. */
  async append(entries: readonly LogEntry<T>[]): Promise<void> {
    if (entries.length === 0) return;
    let text = "";
    for (const e of entries) {
      const line: Record<string, unknown> = { record: e.record };
      if (e.vector !== undefined) line.vector = e.vector === null ? null : encodeVector(e.vector);
      text += JSON.stringify(line) + "\n";
    }
    await Deno.writeTextFile(this.#path("log"), text, { append: true });
    this.#logRecords += entries.length;
  }

  /** Writes `records` as the new snapshot and starts an empty log. */
  async checkpoint(records: Iterable<VectorRecord<T>>): Promise<void> {
    const generation = this.#generation + 1;
    const files = snapshotFiles(this.#opts.name, this.#opts.dim, generation, records);
    if (files.vectorFile) {
      await writeFileAtomic(join(this.#opts.dir, files.vectorFile), files.vectors!);
    }
    await writeFileAtomic(this.#path("snapshot"), files.snapshot);
    this.#generation = generation;
    await this.#resetLog();
    await this.#removeStrayFiles();
  }

  #path(kind: "snapshot" | "log"): string {
    const file = kind === "snapshot" ? `${this.#opts.name}.jsonl` : `${this.#opts.name}.log.jsonl`;
    return join(this.#opts.dir, file);
  }

  async #resetLog(): Promise<void> {
    if (this.#opts.readOnly) return;
    await writeFileAtomic(this.#path("log"), emptyLogText(this.#generation));
    this.#logRecords = 0;
  }

  async #readSnapshot(): Promise<Map<string, VectorRecord<T>>> {
    const state = new Map<string, VectorRecord<T>>();
    const file = `${this.#opts.name}.jsonl`;
    const text = await readTextIfExists(this.#path("snapshot"));
    if (text === undefined) {
      await this.#refuseMissingSnapshot(file);
      return state;
    }
    const lines = text.split("\n");
    if (lines.at(-1) === "") lines.pop();
    const header = SnapshotHeaderSchema.safeParse(parseJson(lines[0] ?? "", [file, 1]));
    if (!header.success) throw new StoreError("corrupt_file", [file, 1], "bad snapshot header");
    if (header.data.dim !== this.#opts.dim) {
      throw new StoreError(
        "embedding_dim",
        [file, "dim"],
        `store was written with dimension ${header.data.dim}, opened with ${this.#opts.dim}`,
      );
    }
    if (lines.length - 1 !== header.data.count) {
      throw new StoreError(
        "corrupt_file",
        [file],
        `header says ${header.data.count} records, found ${lines.length - 1}`,
      );
    }
    this.#generation = header.data.generation;
    const vectors = header.data.vectors === null ? new Map<string, Float32Array>() : unpackVectors(
      await readVectorFile(this.#opts.dir, header.data.vectors, file),
      this.#opts.dim,
      header.data.vectors,
    );
    for (let i = 1; i < lines.length; i++) {
      const parsed = this.#opts.schema.safeParse(parseJson(lines[i], [file, i + 1]));
      if (!parsed.success) {
        throw new StoreError(
          "corrupt_file",
          [file, i + 1],
          `invalid record: ${parsed.error.issues[0]?.message}`,
        );
      }
      const record = parsed.data;
      state.set(record.id, { record, vector: vectors.get(record.id) ?? null });
    }
    return state;
  }

  async #replayLog(state: Map<string, VectorRecord<T>>): Promise<void> {
    const file = `${this.#opts.name}.log.jsonl`;
    const text = await readTextIfExists(this.#path("log"));
    if (text === undefined) return await this.#resetLog();
    const lines = text.split("\n");
    const header = LogHeaderSchema.safeParse(tryJson(lines[0]));
    if (!header.success) throw new StoreError("corrupt_file", [file, 1], "bad log header");
    // An older log was folded into the snapshot just before a crash. A newer one extends a
    // snapshot that is gone: its records cannot be accounted for, so nothing is touched.
    if (header.data.generation > this.#generation) {
      throw new StoreError(
        "corrupt_file",
        [file, 1],
        `log extends generation ${header.data.generation} but the snapshot is at generation ` +
          `${this.#generation}; the directory was left untouched (see automem store repair)`,
      );
    }
    if (header.data.generation !== this.#generation) return await this.#resetLog();
    const encoder = new TextEncoder();
    // Every element but the last ended with a newline; a non-empty last one is a torn write.
    const complete = lines.slice(1, -1);
    const tornTail = lines.at(-1) !== "";
    let validBytes = encoder.encode(lines[0] + "\n").byteLength;
    let count = 0;
    for (let i = 0; i < complete.length; i++) {
      const value = tryJson(complete[i]);
      const parsed = value === undefined ? undefined : this.#lineSchema.safeParse(value);
      if (!parsed?.success) {
        if (i === complete.length - 1 && !tornTail) break; // the torn last line of a crash
        throw new StoreError("corrupt_file", [file, i + 2], "unreadable log line before the end");
      }
      const { record, vector } = parsed.data;
      const previous = state.get(record.id);
      state.set(record.id, {
        record,
        vector: vector === undefined
          ? previous?.vector ?? null
          : vector === null
          ? null
          : decodeVector(vector, this.#opts.dim, [file, i + 2, "vector"]),
      });
      validBytes += encoder.encode(complete[i]).byteLength + 1;
      count++;
    }
    // Cut the torn tail so the next append starts on a fresh line.
    if (!this.#opts.readOnly && encoder.encode(text).byteLength !== validBytes) {
      await Deno.truncate(this.#path("log"), validBytes);
    }
    this.#logRecords = count;
  }

  /**
   * A store without a snapshot is only new if nothing says a snapshot existed: a log extending a
   * later generation or a vector file means the snapshot was lost, and opening would wipe data.
   */
  async #refuseMissingSnapshot(file: string): Promise<void> {
    const stem = this.#opts.name;
    const log = tryJson((await readTextIfExists(this.#path("log")))?.split("\n")[0]);
    const logGen = LogHeaderSchema.safeParse(log);
    const refuse = (why: string) =>
      new StoreError(
        "corrupt_file",
        [file],
        `snapshot ${join(this.#opts.dir, file)} is missing but ${why}; the directory was left ` +
          `untouched (see automem store check/repair)`,
      );
    if (logGen.success && logGen.data.generation > 0) {
      throw refuse(`${stem}.log.jsonl extends generation ${logGen.data.generation}`);
    }
    for await (const entry of Deno.readDir(this.#opts.dir)) {
      if (entry.name.startsWith(`${stem}-`) && entry.name.endsWith(".f32")) {
        throw refuse(`vector file ${entry.name} exists`);
      }
    }
  }

  async #removeStrayFiles(): Promise<void> {
    const current = `${this.#opts.name}-${this.#generation}.f32`;
    const stem = this.#opts.name;
    for await (const entry of Deno.readDir(this.#opts.dir)) {
      const name = entry.name;
      const oldVectors = name.startsWith(`${stem}-`) && name.endsWith(".f32") && name !== current;
      const temp = name.startsWith(`${stem}.`) && name.endsWith(".tmp") ||
        name.startsWith(`${stem}-`) && name.endsWith(".tmp");
      if (entry.isFile && (oldVectors || temp)) await Deno.remove(join(this.#opts.dir, name));
    }
  }
}

/** The text of an empty log extending `generation`. */
export function emptyLogText(generation: number): string {
  return JSON.stringify({ format: LOG_FORMAT, generation }) + "\n";
}

/** The files of a snapshot of `records` at `generation`: vector file (if any) and snapshot text. */
export function snapshotFiles<T extends { id: string }>(
  name: string,
  dim: number,
  generation: number,
  records: Iterable<VectorRecord<T>>,
): { vectorFile: string | null; vectors: Uint8Array | null; snapshot: string } {
  const lines: string[] = [];
  const ids: string[] = [];
  const vectors: Float32Array[] = [];
  for (const { record, vector } of records) {
    lines.push(JSON.stringify(record));
    if (vector) {
      ids.push(record.id);
      vectors.push(vector);
    }
  }
  const vectorFile = ids.length > 0 ? `${name}-${generation}.f32` : null;
  const header = {
    format: SNAPSHOT_FORMAT,
    generation,
    dim,
    count: lines.length,
    vectors: vectorFile,
  };
  return {
    vectorFile,
    vectors: vectorFile ? packVectors(dim, ids, vectors) : null,
    snapshot: [JSON.stringify(header), ...lines].join("\n") + "\n",
  };
}

/** The bytes of a snapshot's vector file; a missing one is a `corrupt_file` naming it. */
async function readVectorFile(dir: string, name: string, snapshot: string): Promise<Uint8Array> {
  try {
    return await Deno.readFile(join(dir, name));
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    throw new StoreError(
      "corrupt_file",
      [name],
      `vector file ${join(dir, name)} named by ${snapshot} is missing; the directory was left ` +
        `untouched (see automem store check/repair)`,
    );
  }
}

function tryJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseJson(text: string, where: (string | number)[]): unknown {
  const value = tryJson(text);
  if (value === undefined) throw new StoreError("corrupt_file", where, "line is not valid JSON");
  return value;
}
