/**
 * The order in which `store repair` changes a directory, so that a kill or a full disk at any
 * step leaves either the old damaged-but-readable store (which `store check` still flags, and a
 * second repair salvages in full) or the repaired one — never a directory that passes the check
 * with data missing. Like SQLite with its journal: write the new state completely, then switch,
 * then remove the old.
 *
 * 1. Build: each repaired snapshot is written beside the damaged one under names no reader uses
 *    yet (the vector file of a new generation, the snapshot as a `.tmp` file) and flushed.
 * 2. Keep: every file of a damaged log or graph gets a second name in `quarantine-<n>/` (hard
 *    links: nothing is copied, so nothing is lost when the next steps replace the old names).
 * 3. Switch: each new snapshot is renamed over the damaged one (the atomic commit of that log),
 *    then its log is reset; a damaged graph gets the rebuild marker.
 * 4. Quarantine: the old names that the repaired store no longer uses are removed; their data
 *    stays in `quarantine-<n>/`.
 *
 * Every step goes through the file-system port, so tests inject a kill or ENOSPC at each one.
 *
 * @module
 */
import { join } from "node:path";
import { fsPort } from "../core/fs_port.ts";
import { GRAPH_REBUILD_MARKER } from "./graph_store.ts";
import { emptyLogText, snapshotFiles } from "./record_log.ts";
import type { Salvage } from "./store_salvage.ts";

const encode = (text: string) => new TextEncoder().encode(text);

/** Writes `data` to `path` and flushes it to the disk. */
async function writeSynced(path: string, data: Uint8Array): Promise<void> {
  const fs = fsPort();
  await fs.writeFile(path, data);
  await fs.sync(path);
}

/** Writes `data` durably under a temp name and renames it over `path`. */
async function replaceSynced(path: string, data: Uint8Array): Promise<void> {
  await writeSynced(`${path}.repair.tmp`, data);
  await fsPort().rename(`${path}.repair.tmp`, path);
}

/** A generation above every one the log's files mention, so the new files collide with none. */
function nextGeneration(s: Salvage, names: readonly string[]): number {
  let max = 0;
  for (const n of names) {
    const m = new RegExp(`^${s.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-(\\d+)\\.f32$`)
      .exec(n);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return Math.max(max, s.generation) + 1;
}

interface Built {
  salvage: Salvage;
  generation: number;
  vectorFile: string | null;
  tmp: string;
}

/**
 * Step 1 for one log: the new generation's files, flushed, under names nobody reads yet; each
 * path is noted in `written` before it is written, so a failed repair can remove it.
 */
async function build(
  dir: string,
  s: Salvage,
  names: readonly string[],
  written: string[],
): Promise<Built> {
  const generation = nextGeneration(s, names);
  const files = snapshotFiles(s.name, s.dim, generation, s.records);
  if (files.vectorFile) {
    written.push(join(dir, files.vectorFile));
    await writeSynced(join(dir, files.vectorFile), files.vectors!);
  }
  const tmp = join(dir, `${s.name}.jsonl.repair.tmp`);
  written.push(tmp);
  await writeSynced(tmp, encode(files.snapshot));
  return { salvage: s, generation, vectorFile: files.vectorFile, tmp };
}

/**
 * Repairs the damaged logs and graph of `dir` in the order of the module docs; returns one line
 * per action. On an error before the switch, the files built so far are removed (best effort).
 */
export async function switchRepaired(
  dir: string,
  quarantineName: string,
  damaged: readonly Salvage[],
  graphFiles: readonly string[],
  names: readonly string[],
): Promise<{ actions: string[] }> {
  const fs = fsPort();
  const actions: string[] = [];
  const built: Built[] = [];
  const written: string[] = [];
  let switched = false;
  try {
    for (const s of damaged) built.push(await build(dir, s, names, written));
    const quarantine = join(dir, quarantineName);
    await fs.mkdir(quarantine);
    const kept = [...damaged.flatMap((s) => s.files), ...graphFiles];
    for (const f of kept) await fs.link(join(dir, f), join(quarantine, f));
    await fs.sync(quarantine);
    await fs.sync(dir);
    switched = true;
    for (const b of built) {
      const name = b.salvage.name;
      await fs.rename(b.tmp, join(dir, `${name}.jsonl`));
      await fs.sync(dir);
      await replaceSynced(join(dir, `${name}.log.jsonl`), encode(emptyLogText(b.generation)));
      actions.push(`rebuilt ${name}.jsonl with ${b.salvage.records.length} records`);
    }
    if (graphFiles.length) {
      await replaceSynced(
        join(dir, GRAPH_REBUILD_MARKER),
        encode("rebuild the graph from the units\n"),
      );
    }
    await fs.sync(dir);
    const current = new Set(built.flatMap((b) => [
      `${b.salvage.name}.jsonl`,
      `${b.salvage.name}.log.jsonl`,
      ...(b.vectorFile ? [b.vectorFile] : []),
    ]));
    for (const f of kept) {
      if (current.has(f)) continue;
      await fs.remove(join(dir, f));
    }
    await fs.sync(dir);
    for (const f of kept) actions.push(`kept ${f} in ${quarantineName}/`);
    if (graphFiles.length) actions.push("the graph is rebuilt from the units on the next open");
    return { actions };
  } catch (error) {
    // Before the switch the old store is whole: what step 1 wrote is only taken away again.
    if (!switched) { for (const p of written) await fs.remove(p).catch(() => {}); }
    throw error;
  }
}
