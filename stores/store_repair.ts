/**
 * `automem store check|repair DIR`: inspection and salvage of a store directory. `check` reads
 * every record log (snapshot, vector files, log) and the Kùzu graph without writing anything and
 * lists each problem with its file. `repair` never deletes: it rebuilds a fresh snapshot from
 * everything still readable (snapshot records, the log's upserts, finite vectors from any vector
 * file) beside the damaged one, keeps every file of a damaged log or graph in
 * `DIR/quarantine-<n>/`, switches to the new snapshot atomically and asks the graph store to
 * rebuild its graph from the units on the next open (the order is in `store_repair_switch.ts`).
 *
 * @module
 */
import { join } from "node:path";
import { z } from "zod";
import { GRAPH_FILE, GraphIndex } from "./graph_index.ts";
import { GRAPH_REBUILD_MARKER } from "./graph_store.ts";
import type { VectorRecord } from "./record_log.ts";
import { type Salvage, switchRepaired } from "./store_repair_switch.ts";
import { decodeVector, unpackVectors } from "./vector_codec.ts";

/** One problem found in a store directory. */
export interface StoreProblem {
  /** The file at fault, relative to the store directory. */
  file: string;
  message: string;
}

/** What `check` found. */
export interface StoreCheckReport {
  dir: string;
  ok: boolean;
  /** Each record log: its stem, the records that can be read and the problems found. */
  logs: { name: string; records: number; problems: StoreProblem[] }[];
  /** The Kùzu graph: absent (not a graph store), ok, or a problem. */
  graph: "absent" | "ok" | StoreProblem;
}

const AnyRecord = z.object({ id: z.string() }).passthrough();
type AnyRecord = z.infer<typeof AnyRecord>;

async function listDir(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

/** The stems of the record logs in `names` (`units` for `units.jsonl`, `units-3.f32`, …). */
function logStems(names: readonly string[]): string[] {
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

/** Reads one record log tolerantly, noting every problem a strict open would refuse. */
async function salvage(dir: string, name: string, names: readonly string[]): Promise<Salvage> {
  const problems: StoreProblem[] = [];
  const snapFile = `${name}.jsonl`, logFile = `${name}.log.jsonl`;
  const vectorFiles = names.filter((n) => n.startsWith(`${name}-`) && n.endsWith(".f32"));
  const files = [snapFile, logFile, ...vectorFiles].filter((f) => names.includes(f));
  const snap = await readText(join(dir, snapFile));
  const logText = await readText(join(dir, logFile));
  const snapLines = snap === undefined ? [] : lines(snap);
  const header = json(snapLines[0]) as
    | { generation?: number; dim?: number; vectors?: string | null }
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
    }
    const vf = header?.vectors;
    if (typeof vf === "string") {
      if (names.includes(vf)) await loadVectors(vf);
      else problems.push({ file: vf, message: `vector file named by ${snapFile} is missing` });
    }
    for (let i = 1; i < snapLines.length; i++) {
      const r = AnyRecord.safeParse(json(snapLines[i]));
      if (!r.success) problems.push({ file: snapFile, message: `line ${i + 1} is unreadable` });
      else state.set(r.data.id, { record: r.data, vector: vectors.get(r.data.id) ?? null });
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
    const r = AnyRecord.safeParse(value?.record);
    if (!r.success) {
      if (i < logLines.length - 1) {
        problems.push({ file: logFile, message: `line ${i + 1} is unreadable` });
      }
      continue;
    }
    let vector = state.get(r.data.id)?.vector ?? vectors.get(r.data.id) ?? null;
    if (typeof value!.vector === "string") {
      if (!dim) dim = Math.floor(atob(value!.vector).length / 4);
      try {
        vector = decodeVector(value!.vector, dim, [logFile, i + 1, "vector"]);
      } catch (e) {
        problems.push({ file: logFile, message: (e as Error).message });
      }
    } else if (value!.vector === null) vector = null;
    state.set(r.data.id, { record: r.data, vector });
  }
  const generation = Math.max(
    typeof header?.generation === "number" ? header.generation : 0,
    typeof logHeader?.generation === "number" ? logHeader.generation : 0,
  );
  return { name, dim: dim || 1, generation, records: [...state.values()], problems, files };
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

async function checkGraph(dir: string, names: readonly string[], units: number) {
  if (!names.includes(GRAPH_FILE)) {
    return units > 0 && names.includes("units.jsonl") && !names.includes(GRAPH_REBUILD_MARKER) &&
        names.some((n) => n.startsWith("entities"))
      ? { file: GRAPH_FILE, message: "graph database is missing while the store holds units" }
      : "absent" as const;
  }
  try {
    await (await GraphIndex.open(dir)).close();
    return "ok" as const;
  } catch (e) {
    return { file: GRAPH_FILE, message: (e as Error).message };
  }
}

/** Inspects `dir` without changing it. */
export async function checkStore(dir: string): Promise<StoreCheckReport> {
  const names = await listDir(dir);
  const logs = [];
  for (const stem of logStems(names)) logs.push(await salvage(dir, stem, names));
  const units = logs.find((l) => l.name === "units")?.records.length ?? 0;
  const graph = await checkGraph(dir, names, units);
  return {
    dir,
    ok: logs.every((l) => l.problems.length === 0) && typeof graph === "string",
    logs: logs.map((l) => ({ name: l.name, records: l.records.length, problems: l.problems })),
    graph,
  };
}

/** Repairs `dir` (see the module docs); returns the check before repair and what was moved. */
export async function repairStore(
  dir: string,
): Promise<{ before: StoreCheckReport; quarantine: string | null; actions: string[] }> {
  const before = await checkStore(dir);
  if (before.ok) return { before, quarantine: null, actions: [] };
  const names = await listDir(dir);
  const damaged: Salvage[] = [];
  for (const stem of logStems(names)) {
    const s = await salvage(dir, stem, names);
    if (s.problems.length > 0) damaged.push(s);
  }
  const graphFiles = typeof before.graph === "string"
    ? []
    : names.filter((x) => x.startsWith(GRAPH_FILE));
  let n = 1;
  while (names.includes(`quarantine-${n}`)) n++;
  const { actions } = await switchRepaired(dir, `quarantine-${n}`, damaged, graphFiles, names);
  return { before, quarantine: join(dir, `quarantine-${n}`), actions };
}
