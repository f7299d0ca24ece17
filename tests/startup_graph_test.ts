import assert from "node:assert/strict";
import { dirname, join } from "node:path";

const ROOT = new URL("../", import.meta.url).pathname;
const STATIC =
  /(?:^|[\s;])(import|export)(\s+type\b)?[^;"'()]*?\bfrom\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']/g;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Source text without comments, so doc examples are not read as imports. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/**
 * The modules Deno loads before `entry` runs: value imports (not `import type`), plus literal
 * `import("…")` specifiers when `dynamic` (Deno's module graph follows those at start-up too),
 * followed through the repository's own files. Returns the bare (package) specifiers reached.
 */
async function packagesReached(
  entry: string,
  dynamic: boolean,
  root = ROOT,
): Promise<Set<string>> {
  const seen = new Set<string>(), packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const rel = queue.pop()!;
    if (seen.has(rel)) continue;
    seen.add(rel);
    const text = code(await Deno.readTextFile(join(root, rel)));
    const specs = [...text.matchAll(STATIC)].filter((m) => !m[2]).map((m) => m[3] ?? m[4]);
    if (dynamic) specs.push(...[...text.matchAll(DYNAMIC)].map((m) => m[1]));
    for (const spec of specs) {
      if (spec.startsWith(".")) {
        if (spec.endsWith(".ts")) queue.push(join(dirname(rel), spec));
      } else if (!spec.startsWith("node:")) packages.add(spec);
    }
  }
  assert.ok(seen.size > 3, `walked ${entry} (${seen.size} files)`);
  return packages;
}

Deno.test("the CLI's start-up graph holds no SDK: commands load theirs when they run", async () => {
  assert.deepEqual([...await packagesReached("main.ts", true)], []);
  const space = await packagesReached("cli/core_commands.ts", true);
  assert.deepEqual([...space].sort(), ["npm:zod@4.6.7"], "space, spec and compile need only zod");
});

Deno.test("importing the library loads no SDK until one is used (zod only)", async () => {
  assert.deepEqual([...await packagesReached("mod.ts", false)], ["npm:zod@4.6.7"]);
});

Deno.test("the walk sees value, re-export and literal dynamic imports and skips type-only ones", async () => {
  const dir = await Deno.makeTempDir({ prefix: "graph_" });
  try {
    await Deno.writeTextFile(
      join(dir, "a.ts"),
      [
        'import { x } from "pkg-a";',
        'import type { T } from "pkg-type";',
        'export { y } from "./b.ts";',
        '/** ```ts\n * import { z } from "pkg-doc";\n * ``` */',
        'const m = () => import("pkg-dyn");',
      ].join("\n"),
    );
    await Deno.writeTextFile(join(dir, "b.ts"), 'import "pkg-b";\nexport const y = 1;\n');
    await Deno.writeTextFile(join(dir, "c.ts"), 'export * from "./a.ts";\n');
    await Deno.writeTextFile(join(dir, "d.ts"), 'export * from "./c.ts";\n');
    const all = await packagesReached("d.ts", true, dir);
    assert.deepEqual([...all].sort(), ["pkg-a", "pkg-b", "pkg-dyn"]);
    assert.deepEqual([...await packagesReached("d.ts", false, dir)].sort(), ["pkg-a", "pkg-b"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
