import assert from "node:assert/strict";
import { AutomemError } from "./automem_error.ts";
import { join } from "node:path";
import { writeFileAtomic, writeJsonAtomic } from "./atomic_write.ts";
import { rememberSecret } from "./secret_values.ts";

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "automem_atomic_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function listNames(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  return names.sort();
}

Deno.test("writeFileAtomic creates missing parent directories and writes text", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "a", "b", "c.txt");
    await writeFileAtomic(path, "hello");
    assert.equal(await Deno.readTextFile(path), "hello");
  });
});

Deno.test("writeFileAtomic writes bytes exactly", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "x.bin");
    await writeFileAtomic(path, new Uint8Array([0, 255, 7]));
    assert.deepEqual(await Deno.readFile(path), new Uint8Array([0, 255, 7]));
  });
});

Deno.test("writeFileAtomic replaces an existing file and leaves no temporary file", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "state.txt");
    await writeFileAtomic(path, "old");
    await writeFileAtomic(path, "new");
    assert.equal(await Deno.readTextFile(path), "new");
    assert.deepEqual(await listNames(dir), ["state.txt"]);
  });
});

Deno.test("writeFileAtomic cleans up its temporary file when the rename fails", async () => {
  await withTempDir(async (dir) => {
    // A directory at the target path makes the rename fail after the temp file was written.
    const path = join(dir, "taken");
    await Deno.mkdir(join(path, "child"), { recursive: true });
    await assert.rejects(() => writeFileAtomic(path, "data"));
    assert.deepEqual(await listNames(dir), ["taken"]);
  });
});

Deno.test("concurrent writers to one path leave one complete version", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "race.txt");
    const versions = Array.from({ length: 8 }, (_, i) => String(i).repeat(10000));
    await Promise.all(versions.map((v) => writeFileAtomic(path, v)));
    assert.ok(versions.includes(await Deno.readTextFile(path)));
    assert.deepEqual(await listNames(dir), ["race.txt"]);
  });
});

Deno.test("writeJsonAtomic writes 2-space indented JSON with a trailing newline", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "v.json");
    await writeJsonAtomic(path, { a: 1, b: [true] });
    assert.equal(await Deno.readTextFile(path), '{\n  "a": 1,\n  "b": [\n    true\n  ]\n}\n');
  });
});

Deno.test("writeJsonAtomic refuses values that have no JSON form", async () => {
  await withTempDir(async (dir) => {
    await assert.rejects(() => writeJsonAtomic(join(dir, "u.json"), undefined), AutomemError);
  });
});

Deno.test("text written atomically has every remembered secret removed by value; bytes are written as given", async () => {
  rememberSecret("atomic-secret-9");
  const dir = await Deno.makeTempDir();
  await writeFileAtomic(join(dir, "a.txt"), "echo: atomic-secret-9\n");
  assert.equal(await Deno.readTextFile(join(dir, "a.txt")), "echo: ***\n");
  const raw = new TextEncoder().encode("atomic-secret-9");
  await writeFileAtomic(join(dir, "b.bin"), raw);
  assert.deepEqual(await Deno.readFile(join(dir, "b.bin")), raw);
});
