import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "zod";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { GraphStore } from "./graph_store.ts";
import { RecordLog } from "./record_log.ts";
import { fixtureUnits, TEST_DIM } from "./store_conformance.ts";
import { StoreError } from "./store_error.ts";
import { checkStore, repairStore } from "./store_repair.ts";

async function dirBytes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile) out[e.name] = (await Deno.readFile(join(dir, e.name))).join(",");
  }
  return out;
}

const Rec = z.object({ id: z.string(), value: z.number() });

Deno.test("store check names a lost snapshot without touching the directory; repair salvages the log into a new snapshot", async () => {
  const dir = await Deno.makeTempDir({ prefix: "store_repair_" });
  const open = () => RecordLog.open({ dir, name: "units", dim: 3, schema: Rec });
  const { log } = await open();
  const a = { record: { id: "a", value: 1 }, vector: Float32Array.from([1, 0, 0]) };
  await log.checkpoint([a]);
  await log.append([{ record: { id: "b", value: 2 }, vector: Float32Array.from([0, 1, 0]) }]);
  await Deno.remove(join(dir, "units.jsonl"));
  const before = await dirBytes(dir);
  const report = await checkStore(dir);
  assert.equal(report.ok, false);
  assert.equal(report.logs[0].problems[0].file, "units.jsonl");
  assert.deepEqual(await dirBytes(dir), before, "check writes nothing");
  const repaired = await repairStore(dir);
  assert.ok(repaired.quarantine);
  const kept = await dirBytes(repaired.quarantine);
  assert.deepEqual(Object.keys(kept).sort(), Object.keys(before).sort(), "nothing is deleted");
  const { records } = await open();
  assert.deepEqual(records.map((r) => [r.record.id, [...r.vector!]]), [["b", [0, 1, 0]]]);
  assert.equal((await checkStore(dir)).ok, true);
});

const graphConfig = (dir: string) => ({ dir, embedding_dim: TEST_DIM, cold_start_threshold: 30 });
const openGraph = (dir: string) =>
  GraphStore.open(graphConfig(dir), {
    embedder: new HashEmbedder(TEST_DIM),
    clock: logicalClock(),
  });

async function graphWithUnits(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "store_repair_graph_" });
  const store = await openGraph(dir);
  await store.add(fixtureUnits(3));
  await store.close();
  return dir;
}

Deno.test("a damaged or missing Kùzu file is a StoreError naming it, the directory untouched; repair rebuilds the graph", async () => {
  for (const damage of ["garble", "delete"]) {
    const dir = await graphWithUnits();
    const file = join(dir, "graph.kuzu");
    if (damage === "garble") await Deno.writeFile(file, new Uint8Array(64).fill(7));
    else await Deno.remove(file);
    const before = await dirBytes(dir);
    const error = await openGraph(dir).then(async (s) => {
      await s.close();
      return null;
    }, (e) => e);
    assert.ok(error instanceof StoreError, `${damage}: expected a StoreError, got ${error}`);
    assert.equal(error.code, "corrupt_file");
    assert.match(error.message, /graph\.kuzu/);
    assert.deepEqual(await dirBytes(dir), before, `${damage}: the directory is left untouched`);
    if (damage === "garble") {
      const report = await checkStore(dir);
      assert.equal(report.ok, false);
      await repairStore(dir);
      const store = await openGraph(dir);
      assert.equal((await store.exportAll()).units.length, 3);
      await store.close();
    }
  }
});
