import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { RecordLog } from "./record_log.ts";
import { StoreError } from "./store_error.ts";
import { encodeVector, packVectors } from "./vector_codec.ts";

const Rec = z.object({ id: z.string(), value: z.number() });
const open = (dir: string) => RecordLog.open({ dir, name: "units", dim: 3, schema: Rec });

/** Every file of `dir` with its bytes, to prove a refused open wrote nothing. */
async function dirBytes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile) out[e.name] = (await Deno.readFile(join(dir, e.name))).join(",");
  }
  return out;
}

/** A store at generation 1 (snapshot + vectors) with one more upsert in its log. */
async function compacted(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "record_log_integrity_" });
  const { log } = await open(dir);
  const a = { record: { id: "a", value: 1 }, vector: Float32Array.from([1, 0, 0]) };
  await log.append([a]);
  await log.checkpoint([a]);
  await log.append([{ record: { id: "b", value: 2 }, vector: Float32Array.from([0, 1, 0]) }]);
  return dir;
}

async function assertRefused(dir: string, file: RegExp): Promise<void> {
  const before = await dirBytes(dir);
  const error = await open(dir).then(() => null, (e) => e);
  assert.ok(error instanceof StoreError, `expected a StoreError, got ${error}`);
  assert.equal(error.code, "corrupt_file");
  assert.match(error.message, file);
  assert.deepEqual(await dirBytes(dir), before, "the directory is left untouched");
}

Deno.test("a deleted snapshot after compaction is refused, not read as an empty store (and nothing is deleted)", async () => {
  const dir = await compacted();
  await Deno.remove(join(dir, "units.jsonl"));
  await assertRefused(dir, /units\.jsonl is missing/);
  assert.ok((await dirBytes(dir))["units-1.f32"], "the vectors survive");
});

Deno.test("a deleted snapshot is refused even when only its vector file is left", async () => {
  const dir = await compacted();
  await Deno.remove(join(dir, "units.jsonl"));
  await Deno.remove(join(dir, "units.log.jsonl"));
  await assertRefused(dir, /units-1\.f32 exists/);
});

Deno.test("a missing vector file is a typed error naming it", async () => {
  const dir = await compacted();
  await Deno.remove(join(dir, "units-1.f32"));
  await assertRefused(dir, /units-1\.f32.*missing/);
});

Deno.test("NaN and infinite vectors in the vector file or the log are refused", async () => {
  const dir = await compacted();
  await Deno.writeFile(
    join(dir, "units-1.f32"),
    packVectors(3, ["a"], [Float32Array.from([NaN, 0, 0])]),
  );
  await assertRefused(dir, /NaN or infinite/);
  const dir2 = await compacted();
  await Deno.writeTextFile(
    join(dir2, "units.log.jsonl"),
    JSON.stringify({
      record: { id: "c", value: 3 },
      vector: encodeVector(Float32Array.from([0, Infinity, 0])),
    }) + "\n",
    { append: true },
  );
  await assertRefused(dir2, /NaN or infinite/);
});
