import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { MemoryUnitSchema } from "../core/unit.ts";
import { GraphStore } from "./graph_store.ts";
import { RecordLog } from "./record_log.ts";
import { fixtureUnits, TEST_DIM } from "./store_conformance.ts";
import { StoreError } from "./store_error.ts";
import { checkStore, repairStore } from "./store_repair.ts";
import { UnitTable } from "./unit_table.ts";

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
  // A generic log (`items`): a `units` log holds memory units and is checked with their schema.
  const open = () => RecordLog.open({ dir, name: "items", dim: 3, schema: Rec });
  const { log } = await open();
  const a = { record: { id: "a", value: 1 }, vector: Float32Array.from([1, 0, 0]) };
  await log.checkpoint([a]);
  await log.append([{ record: { id: "b", value: 2 }, vector: Float32Array.from([0, 1, 0]) }]);
  await Deno.remove(join(dir, "items.jsonl"));
  const before = await dirBytes(dir);
  const report = await checkStore(dir);
  assert.equal(report.ok, false);
  assert.equal(report.logs[0].problems[0].file, "items.jsonl");
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

/** A healthy `units` log of `n` memory units, as the unit table writes it. */
async function unitLog(n: number): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "store_check_units_" });
  const { log } = await RecordLog.open({
    dir,
    name: "units",
    dim: TEST_DIM,
    schema: MemoryUnitSchema,
  });
  await log.checkpoint(
    fixtureUnits(n).map((u) => ({
      record: { ...u, embedding: null },
      vector: u.embedding ? Float32Array.from(u.embedding) : null,
    })),
  );
  return dir;
}

Deno.test("check runs the opener's rules: a cut-off snapshot and a unit with an invalid type are each reported, and repair says what it cannot heal", async () => {
  const dir = await unitLog(2000);
  assert.equal((await UnitTable.open({ dir, dim: TEST_DIM })).size, 2000, "the fixture opens");
  const snap = join(dir, "units.jsonl");
  const lines = (await Deno.readTextFile(snap)).split("\n").slice(0, 1952);
  const bad = JSON.parse(lines[5]);
  lines[5] = JSON.stringify({ ...bad, type: "bogus" });
  await Deno.writeTextFile(snap, lines.join("\n") + "\n");
  const refused = await UnitTable.open({ dir, dim: TEST_DIM }).then(() => null, (e) => e);
  assert.ok(refused instanceof StoreError, `opening refuses the store, got ${refused}`);
  const before = await dirBytes(dir);
  const report = await checkStore(dir);
  assert.equal(report.ok, false);
  const messages = report.logs.flatMap((l) => l.problems.map((p) => `${p.file}: ${p.message}`));
  assert.ok(
    messages.some((m) => /header says 2000 records, found 1951/.test(m)),
    messages.join("\n"),
  );
  assert.ok(
    messages.some((m) => m.includes(`line 6: invalid record ${bad.id}: type`)),
    messages.join("\n"),
  );
  assert.deepEqual(await dirBytes(dir), before, "check writes nothing");
  const repaired = await repairStore(dir);
  assert.ok(repaired.unhealed.some((u) => /49 records named by its header are lost/.test(u)));
  assert.ok(repaired.unhealed.some((u) => u.includes(bad.id)));
  assert.equal(repaired.after.ok, true);
  const table = await UnitTable.open({ dir, dim: TEST_DIM });
  assert.equal(table.size, 1950);
});

Deno.test("a unit with an invalid type alone is enough for check to fail, as it is for opening", async () => {
  const dir = await unitLog(3);
  const snap = join(dir, "units.jsonl");
  const lines = (await Deno.readTextFile(snap)).trimEnd().split("\n");
  lines[2] = JSON.stringify({ ...JSON.parse(lines[2]), type: "bogus" });
  await Deno.writeTextFile(snap, lines.join("\n") + "\n");
  await assert.rejects(UnitTable.open({ dir, dim: TEST_DIM }), StoreError);
  assert.equal((await checkStore(dir)).ok, false);
});

Deno.test("a healthy graph store on read-only media is reported read-only, not damaged; a damaged one is not repaired in place", async () => {
  const probe = () => Promise.resolve("/media is mounted read-only");
  const dir = await graphWithUnits();
  const report = await checkStore(dir, { probe });
  assert.equal(report.ok, true);
  assert.equal(report.graph, "ok");
  assert.equal(report.read_only, "/media is mounted read-only");
  await Deno.writeFile(join(dir, "graph.kuzu"), new Uint8Array(64).fill(7));
  const before = await dirBytes(dir);
  const error = await repairStore(dir, { probe }).then(() => null, (e) => e);
  assert.ok(error instanceof StoreError && error.code === "read_only", `got ${error}`);
  assert.deepEqual(await dirBytes(dir), before, "nothing was moved");
});
