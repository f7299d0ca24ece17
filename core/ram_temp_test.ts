import assert from "node:assert/strict";
import { join } from "node:path";
import { makeRamDirFor, makeRamTempDir } from "./ram_temp.ts";

Deno.test("a RAM temp dir is made under the RAM root when it exists and is writable", async () => {
  const root = await Deno.makeTempDir();
  try {
    const dir = await makeRamTempDir("automem-t-", root);
    assert.ok(dir.startsWith(root + "/"), dir);
    if (Deno.build.os !== "windows") assert.equal((await Deno.stat(dir)).mode! & 0o777, 0o700);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("without a RAM root the RAM temp dir falls back to the system temp dir", async () => {
  const root = await Deno.makeTempDir();
  try {
    const dir = await makeRamTempDir("automem-t-", join(root, "missing"));
    assert.ok(!dir.startsWith(root), dir);
    assert.ok((await Deno.stat(dir)).isDirectory);
    await Deno.remove(dir);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a keyed RAM dir has a fixed name, is emptied when made again, and differs per key", async () => {
  const root = await Deno.makeTempDir();
  try {
    const a = await makeRamDirFor("/runs/x/round_1/candidate_0/store", "automem-t-", root);
    assert.ok(a.startsWith(root + "/automem-t-"), a);
    await Deno.writeTextFile(join(a, "left-by-a-killed-run"), "x");
    const again = await makeRamDirFor("/runs/x/round_1/candidate_0/store", "automem-t-", root);
    assert.equal(again, a);
    assert.deepEqual([...Deno.readDirSync(a)], [], "what a killed holder left is gone");
    const b = await makeRamDirFor("/runs/x/round_1/candidate_1/store", "automem-t-", root);
    assert.notEqual(b, a);
    if (Deno.build.os !== "windows") assert.equal((await Deno.stat(b)).mode! & 0o777, 0o700);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
