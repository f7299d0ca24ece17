import assert from "node:assert/strict";
import { join, relative } from "node:path";

const ROOT = new URL("../", import.meta.url).pathname;
const SKIP = new Set([".git", ".tools", "node_modules", "runs"]);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory && !SKIP.has(e.name)) yield* textFiles(path);
    else if (e.isFile && /\.(ts|js|md|html|css)$/.test(e.name)) yield path;
  }
}

/** The anchors `docs/design.md` defines (`<a id="...">`). */
async function designAnchors(): Promise<Set<string>> {
  const text = await Deno.readTextFile(join(ROOT, "docs/design.md"));
  return new Set([...text.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]));
}

Deno.test("every design-doc anchor cited in the repository exists", async () => {
  const anchors = await designAnchors();
  assert.ok(anchors.size > 50, `${anchors.size} anchors`);
  const broken: string[] = [];
  let cited = 0;
  for await (const file of textFiles(ROOT)) {
    const text = await Deno.readTextFile(file);
    for (const m of text.matchAll(/docs\/design\.md#([a-z0-9-]+)/g)) {
      cited++;
      if (!anchors.has(m[1])) broken.push(`${relative(ROOT, file)}: #${m[1]}`);
    }
  }
  assert.ok(cited > 100, `${cited} citations found`);
  assert.deepEqual(broken, []);
});

Deno.test("no comment or document points at design notes outside the repository", async () => {
  // Built from parts so this file does not match itself.
  const outside = new RegExp(
    ["reference" + " §", "§\\d", "shared" + "/design", "reference-(memory-core|search-loop)"].join(
      "|",
    ),
  );
  const offenders: string[] = [];
  for await (const file of textFiles(ROOT)) {
    const lines = (await Deno.readTextFile(file)).split("\n");
    lines.forEach((line, i) => {
      if (outside.test(line)) offenders.push(`${relative(ROOT, file)}:${i + 1}`);
    });
  }
  assert.deepEqual(offenders, []);
});
