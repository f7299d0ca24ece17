import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { RecordLog, type VectorRecord } from "./record_log.ts";
import { StoreError } from "./store_error.ts";

const Rec = z.object({ id: z.string(), value: z.number() });
type Rec = z.infer<typeof Rec>;

async function withDir(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "record_log_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const open = (dir: string, checkpointAfter = 1000) =>
  RecordLog.open({ dir, name: "units", dim: 3, schema: Rec, checkpointAfter });

const plain = (rs: VectorRecord<Rec>[]) =>
  rs.map((r) => ({ ...r.record, vector: r.vector ? [...r.vector] : null }));

Deno.test("RecordLog replays upserts in order and keeps unchanged vectors", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir);
    await log.append([
      { record: { id: "a", value: 1 }, vector: Float32Array.from([1, 0, 0]) },
      { record: { id: "b", value: 2 }, vector: null },
    ]);
    await log.append([{ record: { id: "a", value: 3 } }]);
    const { records } = await open(dir);
    assert.deepEqual(plain(records), [
      { id: "a", value: 3, vector: [1, 0, 0] },
      { id: "b", value: 2, vector: null },
    ]);
  });
});

Deno.test("RecordLog checkpoint drops what the caller omits and reopens identically", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir);
    await log.append([
      { record: { id: "a", value: 1 }, vector: Float32Array.from([0.1, 0.2, 0.3]) },
      { record: { id: "b", value: 2 }, vector: Float32Array.from([1, 1, 1]) },
    ]);
    await log.checkpoint([{ record: { id: "b", value: 2 }, vector: Float32Array.from([1, 1, 1]) }]);
    assert.equal(log.logRecords, 0);
    await log.append([{ record: { id: "c", value: 5 }, vector: Float32Array.from([0, 0, 1]) }]);
    const { records } = await open(dir);
    assert.deepEqual(plain(records), [
      { id: "b", value: 2, vector: [1, 1, 1] },
      { id: "c", value: 5, vector: [0, 0, 1] },
    ]);
    const names = [];
    for await (const e of Deno.readDir(dir)) names.push(e.name);
    assert.deepEqual(names.sort(), ["units-1.f32", "units.jsonl", "units.log.jsonl"]);
  });
});

Deno.test("RecordLog ignores and cuts a torn last line", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir);
    await log.append([{ record: { id: "a", value: 1 }, vector: null }]);
    const path = join(dir, "units.log.jsonl");
    await Deno.writeTextFile(path, '{"record":{"id":"b","val', { append: true });
    const first = await open(dir);
    assert.deepEqual(plain(first.records), [{ id: "a", value: 1, vector: null }]);
    // The torn tail was cut, so a later append lands on its own line.
    await first.log.append([{ record: { id: "c", value: 2 }, vector: null }]);
    const second = await open(dir);
    assert.deepEqual(plain(second.records).map((r) => r.id), ["a", "c"]);
  });
});

Deno.test("RecordLog treats a complete but garbled last line as torn", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir);
    await log.append([{ record: { id: "a", value: 1 }, vector: null }]);
    await Deno.writeTextFile(join(dir, "units.log.jsonl"), '{"record":{"id":1}}\n', {
      append: true,
    });
    const { records } = await open(dir);
    assert.deepEqual(plain(records).map((r) => r.id), ["a"]);
  });
});

Deno.test("RecordLog refuses a corrupt line in the middle of the log", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir);
    await log.append([{ record: { id: "a", value: 1 }, vector: null }]);
    const path = join(dir, "units.log.jsonl");
    await Deno.writeTextFile(path, "garbage\n", { append: true });
    await log.append([{ record: { id: "b", value: 1 }, vector: null }]);
    await assert.rejects(
      open(dir),
      (e: unknown) => e instanceof StoreError && e.code === "corrupt_file" && e.path[1] === 3,
    );
  });
});

Deno.test("RecordLog discards a log from an older generation (crash after the snapshot commit)", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir);
    await log.append([{ record: { id: "a", value: 1 }, vector: null }]);
    const staleLog = await Deno.readTextFile(join(dir, "units.log.jsonl"));
    await log.checkpoint([{ record: { id: "a", value: 9 }, vector: null }]);
    // Simulate a crash between writing the snapshot and resetting the log.
    await Deno.writeTextFile(join(dir, "units.log.jsonl"), staleLog);
    const { records } = await open(dir);
    assert.deepEqual(plain(records), [{ id: "a", value: 9, vector: null }]);
  });
});

Deno.test("RecordLog rejects a store opened with another dimension", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir);
    await log.checkpoint([{ record: { id: "a", value: 1 }, vector: Float32Array.from([1, 2, 3]) }]);
    await assert.rejects(
      RecordLog.open({ dir, name: "units", dim: 4, schema: Rec }),
      (e: unknown) => e instanceof StoreError && e.code === "embedding_dim",
    );
  });
});

Deno.test("RecordLog.needsCheckpoint waits for both the threshold and the live size", async () => {
  await withDir(async (dir) => {
    const { log } = await open(dir, 2);
    await log.append([1, 2, 3].map((v) => ({ record: { id: `r${v}`, value: v }, vector: null })));
    assert.equal(log.needsCheckpoint(1), true);
    assert.equal(log.needsCheckpoint(3), false);
  });
});
