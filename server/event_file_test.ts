import assert from "node:assert/strict";
import { join } from "node:path";
import { EventFileCursor } from "./event_file.ts";

const line = (seq: number) =>
  JSON.stringify({
    seq,
    at: "2026-01-01T00:00:00.000Z",
    run: "r",
    type: "run_failed",
    error: "e",
    wall_ms: 0,
  }) +
  "\n";

Deno.test("the cursor returns only complete new lines, each event once", async () => {
  const path = join(await Deno.makeTempDir(), "events.jsonl");
  const cursor = new EventFileCursor(path);
  assert.deepEqual(await cursor.read(), [], "a missing file is no events");
  await Deno.writeTextFile(path, line(1) + line(2));
  assert.deepEqual((await cursor.read()).map((e) => e.seq), [1, 2]);
  assert.deepEqual(await cursor.read(), []);
  const third = line(3);
  await Deno.writeTextFile(path, third.slice(0, 20), { append: true });
  assert.deepEqual(await cursor.read(), [], "a torn line waits for its newline");
  await Deno.writeTextFile(path, third.slice(20), { append: true });
  assert.deepEqual((await cursor.read()).map((e) => e.seq), [3]);
  assert.equal(cursor.lastSeq, 3);
});

Deno.test("the cursor skips events up to afterSeq and survives a truncated file", async () => {
  const path = join(await Deno.makeTempDir(), "events.jsonl");
  await Deno.writeTextFile(path, line(1) + line(2) + line(3));
  const cursor = new EventFileCursor(path, 2);
  assert.deepEqual((await cursor.read()).map((e) => e.seq), [3]);
  // A resumed writer truncates a torn tail and continues numbering.
  await Deno.writeTextFile(path, line(1) + line(2));
  await Deno.writeTextFile(path, line(3) + line(4), { append: true });
  await Deno.truncate(path, new TextEncoder().encode(line(1)).length);
  assert.deepEqual(await cursor.read(), []);
  await Deno.writeTextFile(path, line(2) + line(3) + line(4) + line(5), { append: true });
  assert.deepEqual((await cursor.read()).map((e) => e.seq), [4, 5]);
});

Deno.test("overlapping reads never return an event twice", async () => {
  const path = join(await Deno.makeTempDir(), "events.jsonl");
  await Deno.writeTextFile(path, line(1) + line(2));
  const cursor = new EventFileCursor(path);
  const [a, b] = await Promise.all([cursor.read(), cursor.read()]);
  assert.deepEqual([...a, ...b].map((e) => e.seq), [1, 2]);
});
