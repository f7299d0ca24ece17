/**
 * `automem store check|repair DIR`: inspection and salvage of a store directory. `check` runs
 * every rule that opening the store runs — each record log is opened read-only with the schema
 * its store uses (header counts, record schemas, vectors, log generations), and the Kùzu graph is
 * opened read-only with the same reads — and lists each problem with its file, without writing
 * anything; a tolerant pass (`store_salvage.ts`) names every problem, not just the first. A store
 * on read-only media is reported as such, not as damaged. `repair` never deletes: it rebuilds a
 * fresh snapshot from everything still readable and valid beside the damaged one, keeps every
 * file of a damaged log or graph in `DIR/quarantine-<n>/`, switches to the new snapshot
 * atomically (the order is in `store_repair_switch.ts`), asks the graph store to rebuild its
 * graph from the units on the next open, and says which problems it could not heal (records lost
 * or refused).
 *
 * @module
 */
import { join } from "node:path";
import { GRAPH_FILE, GraphIndex } from "./graph_index.ts";
import { GRAPH_REBUILD_MARKER } from "./graph_store.ts";
import { RecordLog } from "./record_log.ts";
import { StoreError } from "./store_error.ts";
import { whyReadOnly, type WritableProbe } from "./store_media.ts";
import {
  logStems,
  type Salvage,
  salvage,
  schemaForLog,
  type StoreProblem,
} from "./store_salvage.ts";
import { switchRepaired } from "./store_repair_switch.ts";

export type { StoreProblem } from "./store_salvage.ts";

/** What `check` found. */
export interface StoreCheckReport {
  dir: string;
  ok: boolean;
  /** Each record log: its stem, the records that can be read and the problems found. */
  logs: { name: string; records: number; problems: StoreProblem[] }[];
  /** The Kùzu graph: absent (not a graph store), ok, or a problem. */
  graph: "absent" | "ok" | StoreProblem;
  /** Why the directory cannot be written (read-only media or permissions), or null. */
  read_only: string | null;
}

/** What `repair` did. */
export interface StoreRepairResult {
  /** The check before repair. */
  before: StoreCheckReport;
  /** The folder the damaged files were moved to, or null when nothing was moved. */
  quarantine: string | null;
  actions: string[];
  /** Problems a rebuild cannot heal (lost or refused records), each kept in the quarantine. */
  unhealed: string[];
  /** The check after repair. */
  after: StoreCheckReport;
}

/** Options of {@linkcode checkStore} and {@linkcode repairStore}. */
export interface StoreCheckOptions {
  /** How to tell read-only media (default: mount flags and permission bits). */
  probe?: WritableProbe;
}

async function listDir(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

/** The refusal of a strict read-only open of log `stem`, or null when it opens. */
async function strictOpen(dir: string, stem: string, dim: number): Promise<StoreProblem | null> {
  try {
    await RecordLog.open({ dir, name: stem, dim, schema: schemaForLog(stem), readOnly: true });
    return null;
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return { file: String(error.path[0] ?? `${stem}.jsonl`), message: error.message };
  }
}

async function checkGraph(dir: string, names: readonly string[], units: number) {
  if (!names.includes(GRAPH_FILE)) {
    return units > 0 && names.includes("units.jsonl") && !names.includes(GRAPH_REBUILD_MARKER) &&
        names.some((n) => n.startsWith("entities"))
      ? { file: GRAPH_FILE, message: "graph database is missing while the store holds units" }
      : "absent" as const;
  }
  try {
    await (await GraphIndex.open(dir, { readOnly: true })).close();
    return "ok" as const;
  } catch (e) {
    return { file: GRAPH_FILE, message: (e as Error).message };
  }
}

/** Inspects `dir` without changing it. */
export async function checkStore(
  dir: string,
  opts: StoreCheckOptions = {},
): Promise<StoreCheckReport> {
  const names = await listDir(dir);
  const logs = [];
  for (const stem of logStems(names)) {
    const s = await salvage(dir, stem, names);
    // The opener's own rules, run read-only: check never passes a log that opening refuses.
    const strict = s.problems.length === 0 ? await strictOpen(dir, stem, s.dim) : null;
    if (strict) s.problems.push(strict);
    logs.push(s);
  }
  const units = logs.find((l) => l.name === "units")?.records.length ?? 0;
  const graph = await checkGraph(dir, names, units);
  return {
    dir,
    ok: logs.every((l) => l.problems.length === 0) && typeof graph === "string",
    logs: logs.map((l) => ({ name: l.name, records: l.records.length, problems: l.problems })),
    graph,
    read_only: await (opts.probe ?? whyReadOnly)(dir).catch(() => null),
  };
}

/**
 * Repairs `dir` (see the module docs). A damaged store on read-only media is refused with a
 * `read_only` {@linkcode StoreError} before anything is moved.
 */
export async function repairStore(
  dir: string,
  opts: StoreCheckOptions = {},
): Promise<StoreRepairResult> {
  const before = await checkStore(dir, opts);
  const unhealed: string[] = [];
  if (before.ok) return { before, quarantine: null, actions: [], unhealed, after: before };
  if (before.read_only !== null) {
    throw new StoreError(
      "read_only",
      [],
      `${dir} cannot be repaired in place: ${before.read_only}; copy it to writable media and ` +
        `repair the copy`,
    );
  }
  const names = await listDir(dir);
  const damaged: Salvage[] = [];
  for (const stem of logStems(names)) {
    const s = await salvage(dir, stem, names);
    if (s.problems.length === 0 && !(await strictOpen(dir, stem, s.dim))) continue;
    damaged.push(s);
  }
  const graphFiles = typeof before.graph === "string"
    ? []
    : names.filter((x) => x.startsWith(GRAPH_FILE));
  let n = 1;
  while (names.includes(`quarantine-${n}`)) n++;
  const { actions } = await switchRepaired(dir, `quarantine-${n}`, damaged, graphFiles, names);
  for (const s of damaged) unhealed.push(...s.unhealable.map((u) => `${u} [quarantine-${n}/]`));
  const quarantine = join(dir, `quarantine-${n}`);
  return { before, quarantine, actions, unhealed, after: await checkStore(dir, opts) };
}
