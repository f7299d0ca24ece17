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

/** `events.jsonl` holding event 1, a hole of `holeBytes` zero bytes, a newline and event 2. */
async function sparseEvents(holeBytes: number): Promise<string> {
  const path = join(await Deno.makeTempDir(), "events.jsonl");
  await Deno.writeTextFile(path, line(1));
  await Deno.truncate(path, holeBytes);
  await Deno.writeTextFile(path, "\n" + line(2), { append: true });
  return path;
}

Deno.test("a sparse events file eight times the per-poll budget is read once, in 1 MiB chunks, at most the budget per poll", async () => {
  const path = await sparseEvents(512 << 20);
  const size = (await Deno.stat(path)).size;
  let total = 0, largest = 0, poll = 0;
  const cursor = new EventFileCursor(path, 0, {
    maxBytesPerRead: 64 << 20,
    onRead: (n) => {
      poll += n;
      largest = Math.max(largest, n);
    },
  });
  const seen: number[] = [];
  for (let i = 0; i < 20 && !seen.includes(2); i++) {
    poll = 0;
    seen.push(...(await cursor.read()).map((e) => e.seq));
    assert.ok(poll <= 64 << 20, `poll ${i} read ${poll} bytes`);
    total += poll;
  }
  assert.deepEqual(seen, [1, 2], "the events on either side of the hole both arrive");
  assert.equal(total, size, "every byte was read exactly once");
  assert.ok(largest <= 1 << 20, `largest read ${largest} bytes`);
  poll = 0;
  assert.deepEqual(await cursor.read(), []);
  assert.equal(poll, 0, "an unchanged file is not read again");
});
