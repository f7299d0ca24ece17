import assert from "node:assert/strict";
import { join } from "node:path";
import { countFiles } from "./run_memory.ts";

Deno.test("countFiles counts the .json files of a folder, and 0 for a folder that is absent", async () => {
  const dir = await Deno.makeTempDir();
  try {
    assert.equal(await countFiles(join(dir, "absent")), 0);
    await Deno.writeTextFile(join(dir, "a.json"), "{}");
    await Deno.writeTextFile(join(dir, "b.json"), "{}");
    await Deno.writeTextFile(join(dir, "c.txt"), "");
    await Deno.mkdir(join(dir, "d.json"));
    assert.equal(await countFiles(dir), 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
