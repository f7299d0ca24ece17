/**
 * Tolerant reading of one record log for `automem store check|repair`: it reads the snapshot,
 * vector files and log the way {@linkcode RecordLog.open} does, with the same record schema, but
 * instead of refusing at the first fault it notes every problem (a header count that does not
 * match the lines, a record its schema refuses, an unreadable line, a missing or damaged vector
 * file, a log of a newer generation) and keeps everything that can still be read.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { MemoryUnitSchema } from "../core/unit.ts";
import type { VectorRecord } from "./record_log.ts";
import { decodeVector, unpackVectors } from "./vector_codec.ts";

/** One problem found in a store directory. */
export interface StoreProblem {
  /** The file at fault, relative to the store directory. */
  file: string;
  message: string;
}

/** A record log's record shape when no store names it: anything with an id. */
export const AnyRecord = z.object({ id: z.string() }).passthrough();
/** A record of {@linkcode AnyRecord}. */
export type AnyRecord = z.infer<typeof AnyRecord>;

/** The record schema each store opens a log with, by file stem (`units` → memory units). */
const LOG_SCHEMAS: Readonly<Record<string, z.ZodType<AnyRecord>>> = {
  units: MemoryUnitSchema as unknown as z.ZodType<AnyRecord>,
};

/** The schema the stores open log `stem` with. */
export function schemaForLog(stem: string): z.ZodType<AnyRecord> {
  return LOG_SCHEMAS[stem] ?? AnyRecord;
}

/** What a tolerant read of one log kept and found. */
export interface Salvage {
  name: string;
  dim: number;
  /** The highest generation the snapshot or log header names. */
  generation: number;
  /** Every record that can still be read and passes its schema. */
  records: VectorRecord<AnyRecord>[];
  problems: StoreProblem[];
  /** Problems a rebuild cannot heal: records or lines whose data is lost or refused. */
  unhealable: string[];
  files: string[];
}

/** The stems of the record logs in `names` (`units` for `units.jsonl`, `units-3.f32`, …). */
export function logStems(names: readonly string[]): string[] {
  const stems = new Set<string>();
  for (const n of names) {
    const m = /^(.+?)(?:\.log)?\.jsonl$/.exec(n) ?? /^(.+)-\d+\.f32$/.exec(n);
    if (m) stems.add(m[1]);
  }
  return [...stems].sort();
}

function lines(text: string): string[] {
  const out = text.split("\n");
  if (out.at(-1) === "") out.pop();
  return out;
}

function json(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readText(path: string): Promise<string | undefined> {
  return await Deno.readTextFile(path).catch((e) => {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  });
}

/** Validates one line's record with `schema`, noting a refusal as a problem that stays lost. */
function validRecord(
  s: Salvage,
  schema: z.ZodType<AnyRecord>,
  file: string,
  line: number,
  value: unknown,
): AnyRecord | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const id = (value as { id?: unknown } | null)?.id;
  const message = `line ${line}: invalid record${typeof id === "string" ? ` ${id}` : ""}: ${
    issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "refused by its schema"
  }`;
  s.problems.push({ file, message });
  s.unhealable.push(`${file} ${message} (dropped; the line is kept in the quarantine copy)`);
  return undefined;
}

/** Reads one record log tolerantly, noting every problem a strict open would refuse. */
export async function salvage(
  dir: string,
  name: string,
  names: readonly string[],
): Promise<Salvage> {
  const schema = schemaForLog(name);
  const snapFile = `${name}.jsonl`, logFile = `${name}.log.jsonl`;
  const vectorFiles = names.filter((n) => n.startsWith(`${name}-`) && n.endsWith(".f32"));
  const s: Salvage = {
    name,
    dim: 1,
    generation: 0,
    records: [],
    problems: [],
    unhealable: [],
    files: [snapFile, logFile, ...vectorFiles].filter((f) => names.includes(f)),
  };
  const problems = s.problems;
  const snap = await readText(join(dir, snapFile));
  const logText = await readText(join(dir, logFile));
  const snapLines = snap === undefined ? [] : lines(snap);
  const header = json(snapLines[0]) as
    | { generation?: number; dim?: number; count?: number; vectors?: string | null }
    | undefined;
  const logHeader = json(logText === undefined ? undefined : lines(logText)[0]) as
    | { generation?: number }
    | undefined;
  let dim = typeof header?.dim === "number" ? header.dim : 0;
  const vectors = new Map<string, Float32Array>();
  const loadVectors = async (file: string) => {
    const bytes = await Deno.readFile(join(dir, file));
    if (!dim && bytes.byteLength >= 8) dim = new DataView(bytes.buffer).getUint32(4, true);
    try {
      for (const [id, v] of unpackVectors(bytes, dim, file)) vectors.set(id, v);
    } catch (e) {
      problems.push({ file, message: (e as Error).message });
      // Keep the finite vectors of a file whose only fault is some bad values.
      const raw = unpackVectorsLoose(bytes, dim);
      for (const [id, v] of raw) if (v.every(Number.isFinite)) vectors.set(id, v);
    }
  };
  const state = new Map<string, VectorRecord<AnyRecord>>();
  if (snap === undefined) {
    const gen = logHeader?.generation ?? 0;
    if (gen > 0 || vectorFiles.length > 0) {
      problems.push({
        file: snapFile,
        message: `snapshot is missing but ${
          gen > 0 ? `the log extends generation ${gen}` : "vector files exist"
        }`,
      });
    }
    for (const f of vectorFiles) await loadVectors(f);
  } else {
    if (typeof header?.generation !== "number") {
      problems.push({ file: snapFile, message: "bad snapshot header" });
    } else if (typeof header.count === "number" && header.count !== snapLines.length - 1) {
      const found = snapLines.length - 1;
      problems.push({
        file: snapFile,
        message: `header says ${header.count} records, found ${found}`,
      });
      if (header.count > found) {
        s.unhealable.push(
          `${snapFile}: ${header.count - found} records named by its header are lost (cut off)`,
        );
      }
    }
    const vf = header?.vectors;
    if (typeof vf === "string") {
      if (names.includes(vf)) await loadVectors(vf);
      else problems.push({ file: vf, message: `vector file named by ${snapFile} is missing` });
    }
    for (let i = 1; i < snapLines.length; i++) {
      const value = json(snapLines[i]);
      if (value === undefined) {
        problems.push({ file: snapFile, message: `line ${i + 1} is unreadable` });
        s.unhealable.push(`${snapFile} line ${i + 1} is unreadable (kept in the quarantine copy)`);
        continue;
      }
      const record = validRecord(s, schema, snapFile, i + 1, value);
      if (record) state.set(record.id, { record, vector: vectors.get(record.id) ?? null });
    }
    if ((logHeader?.generation ?? 0) > (header?.generation ?? 0)) {
      problems.push({ file: logFile, message: "log extends a newer generation than the snapshot" });
    }
  }
  const logLines = logText === undefined ? [] : lines(logText);
  const fresh = logHeader?.generation === undefined || snap === undefined ||
    logHeader.generation >= (header?.generation ?? 0);
  for (let i = 1; fresh && i < logLines.length; i++) {
    const value = json(logLines[i]) as { record?: unknown; vector?: unknown } | undefined;
    if (!AnyRecord.safeParse(value?.record).success) {
      if (i < logLines.length - 1) {
        problems.push({ file: logFile, message: `line ${i + 1} is unreadable` });
      }
      continue;
    }
    const record = validRecord(s, schema, logFile, i + 1, value!.record);
    if (!record) continue;
    let vector = state.get(record.id)?.vector ?? vectors.get(record.id) ?? null;
    if (typeof value!.vector === "string") {
      if (!dim) dim = Math.floor(atob(value!.vector).length / 4);
      try {
        vector = decodeVector(value!.vector, dim, [logFile, i + 1, "vector"]);
      } catch (e) {
        problems.push({ file: logFile, message: (e as Error).message });
      }
    } else if (value!.vector === null) vector = null;
    state.set(record.id, { record, vector });
  }
  const generation = Math.max(
    typeof header?.generation === "number" ? header.generation : 0,
    typeof logHeader?.generation === "number" ? logHeader.generation : 0,
  );
  return { ...s, dim: dim || 1, generation, records: [...state.values()] };
}

function unpackVectorsLoose(bytes: Uint8Array, dim: number): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (bytes.byteLength < 16 || !dim) return out;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(8, true), idLength = view.getUint32(12, true);
  const ids = json(new TextDecoder().decode(bytes.subarray(16, 16 + idLength)));
  const offset = Math.ceil((16 + idLength) / 4) * 4;
  if (!Array.isArray(ids) || bytes.byteLength !== offset + count * dim * 4) return out;
  const matrix = new Float32Array(count * dim);
  new Uint8Array(matrix.buffer).set(bytes.subarray(offset));
  ids.forEach((id, i) => out.set(String(id), matrix.subarray(i * dim, (i + 1) * dim)));
  return out;
}
