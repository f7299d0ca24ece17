import assert from "node:assert/strict";
import { join } from "node:path";
import { createMemory } from "../mod.ts";
import { McpFiles } from "../server/mcp/mod.ts";
import { simpleSpec } from "../memory/testing/fixtures.ts";
import type { StoreKind } from "../core/space.ts";

const WORKER = new URL("./multi_process_worker.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;
const KINDS: StoreKind[] = ["json", "vector", "hybrid", "graph"];
const WORKERS = 4, WRITES = 50;

/** The token of every write the workers made, once each. */
function expectedTokens(): string[] {
  const out: string[] = [];
  for (let w = 0; w < WORKERS; w++) for (let i = 0; i < WRITES; i++) out.push(`w${w}x${i}`);
  return out.sort();
}

function tokensIn(texts: readonly string[]): string[] {
  return texts.flatMap((t) => t.match(/w\d+x\d+/) ?? []).sort();
}

Deno.test("4 processes x 50 writes each on json, vector, hybrid, graph and file memory: all 200 survive a restart, ids unique", async () => {
  const root = await Deno.makeTempDir({ prefix: "automem-mp-" });
  try {
    const runs = Array.from({ length: WORKERS }, (_, w) =>
      new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--config",
          CONFIG,
          WORKER,
          root,
          String(w),
          String(WRITES),
          KINDS.join(","),
        ],
        stdout: "piped",
        stderr: "piped",
      }).output());
    for (const [w, out] of (await Promise.all(runs)).entries()) {
      assert.equal(out.code, 0, `worker ${w}: ${new TextDecoder().decode(out.stderr)}`);
    }
    for (const store of KINDS) {
      await using memory = await createMemory({
        spec: simpleSpec(store),
        dir: join(root, store),
      });
      const units = await memory.list({ activeOnly: false });
      assert.equal(new Set(units.map((u) => u.id)).size, units.length, `${store}: ids unique`);
      const texts = units.map((u) => String(u.content.principle));
      assert.deepEqual(tokensIn(texts), expectedTokens(), `${store}: every write, once`);
    }
    const files = await McpFiles.open(join(root, "files.json"));
    const lines = (await files.read((fs) => fs.content("notes.md"))).split("\n").filter(Boolean);
    assert.deepEqual(tokensIn(lines), expectedTokens(), "file memory: every append, once");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
