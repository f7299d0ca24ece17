import assert from "node:assert/strict";
import { join } from "node:path";
import { directoryStamp, FileLock } from "./file_lock.ts";

Deno.test("two handles on one lock file exclude each other; the note survives the holder", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, ".lock");
    const events: string[] = [];
    const a = await FileLock.acquire(path);
    events.push("a");
    const b = FileLock.acquire(path).then((lock) => {
      events.push("b");
      return lock;
    });
    await new Promise((r) => setTimeout(r, 50)); // room for b to (wrongly) get in
    await a.writeNote("n1");
    events.push("a released");
    await a.release();
    const held = await b;
    assert.deepEqual(events, ["a", "a released", "b"]);
    assert.equal(await held.readNote(), "n1");
    await held.release();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a directory's stamp changes with appends and rewrites, and skips what it is told to", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const empty = await directoryStamp(dir);
    await Deno.writeTextFile(join(dir, "log"), "a\n");
    const one = await directoryStamp(dir);
    await Deno.writeTextFile(join(dir, "log"), "b\n", { append: true });
    const two = await directoryStamp(dir);
    await Deno.writeTextFile(join(dir, ".lock"), "x");
    assert.equal(await directoryStamp(dir, (n) => n === ".lock"), two);
    assert.equal(new Set([empty, one, two]).size, 3);
    assert.equal(await directoryStamp(join(dir, "missing")), "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
