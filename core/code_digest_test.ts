import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { codeDigest, digestFiles, digestTree } from "./code_digest.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A copy of the covered files of this checkout in a fresh directory. */
async function copyOfCode(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "code_digest_" });
  for (const f of await digestFiles(ROOT)) {
    await Deno.mkdir(dirname(join(dir, f)), { recursive: true });
    await Deno.copyFile(join(ROOT, f), join(dir, f));
  }
  return dir;
}

Deno.test("the code digest covers modules, prompts and the lock file, not tests, and is the same for a copy elsewhere", async () => {
  const files = await digestFiles(ROOT);
  assert.ok(files.includes("bench/world/cost_model.ts"));
  assert.ok(files.includes("deno.lock"));
  assert.ok(files.some((f) => f.startsWith("prompts/")));
  assert.ok(!files.some((f) => f.endsWith("_test.ts") || f.startsWith("tests/")));
  const copy = await copyOfCode();
  try {
    assert.equal(await digestTree(copy), await codeDigest());
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
});

Deno.test("one changed byte in a module or a prompt changes the code digest; a test or doc file does not", async () => {
  const copy = await copyOfCode();
  try {
    const base = await digestTree(copy);
    await Deno.writeTextFile(join(copy, "core", "extra_test.ts"), "// a new test\n");
    await Deno.mkdir(join(copy, "docs"));
    await Deno.writeTextFile(join(copy, "docs", "note.md"), "notes\n");
    assert.equal(await digestTree(copy), base);
    const prompt = (await digestFiles(copy)).find((f) => f.startsWith("prompts/"))!;
    await Deno.writeTextFile(join(copy, prompt), " ", { append: true });
    const prompted = await digestTree(copy);
    assert.notEqual(prompted, base);
    await Deno.writeTextFile(join(copy, "bench/world/cost_model.ts"), "\n", { append: true });
    assert.notEqual(await digestTree(copy), prompted);
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
});
