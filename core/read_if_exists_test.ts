import assert from "node:assert/strict";
import { join } from "node:path";
import { readTextIfExists } from "./read_if_exists.ts";

Deno.test("a missing file reads as undefined, a present one as its text", async () => {
  const dir = await Deno.makeTempDir();
  assert.equal(await readTextIfExists(join(dir, "absent.json")), undefined);
  await Deno.writeTextFile(join(dir, "a.txt"), "hello");
  assert.equal(await readTextIfExists(join(dir, "a.txt")), "hello");
});

Deno.test("failures other than absence still throw", async () => {
  const dir = await Deno.makeTempDir();
  await assert.rejects(() => readTextIfExists(dir));
});
