import assert from "node:assert/strict";
import { join } from "node:path";
import { isAutomemError } from "../../core/automem_error.ts";
import { McpFiles } from "./mcp_files.ts";

Deno.test("a damaged or foreign files snapshot is refused with the file named, and left as it was", async () => {
  const dir = await Deno.makeTempDir();
  for (const [name, text] of [["bad.json", "{"], ["foreign.json", '{"a": 1}']]) {
    const path = join(dir, name);
    await Deno.writeTextFile(path, text);
    const e = await McpFiles.open(path).then(() => null, (x) => x);
    assert.ok(isAutomemError(e), String(e));
    assert.equal(e.code, "corrupt_state");
    assert.ok(e.message.includes(path), e.message);
    assert.equal(await Deno.readTextFile(path), text);
  }
});

Deno.test("a mutation is saved atomically and a reopened snapshot has the same files", async () => {
  const path = join(await Deno.makeTempDir(), "m.files.json");
  const files = await McpFiles.open(path);
  await files.mutate((fs) => {
    fs.restore({ "notes.txt": "a\n" });
    return "ok";
  });
  const again = await McpFiles.open(path);
  assert.equal(
    await again.read((fs) => JSON.stringify(fs.snapshot())),
    JSON.stringify({ "notes.txt": "a\n" }),
  );
});
