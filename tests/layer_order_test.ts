import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";

const ROOT = new URL("../", import.meta.url).pathname;
/** The layers, lowest first; a module may import from its own layer or a lower one only. */
const LAYERS: Record<string, number> = {
  core: 0,
  stores: 1,
  retrieval: 2,
  memory: 3,
  bench: 4,
  search: 5,
  server: 6,
  report: 6,
  cli: 7,
};
const SKIP = new Set([".git", ".tools", "node_modules", "runs"]);
const IMPORT =
  /(?:^|[\s;])(?:import|export)\b[^;"']*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory && !SKIP.has(e.name)) yield* tsFiles(path);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

/** The layer of a repository-relative path, or undefined outside the layered folders. */
function layerOf(rel: string): number | undefined {
  return LAYERS[rel.split("/")[0]];
}

/**
 * Every upward import in `text` of the module at `rel`. Test and bench files are not modules
 * (nothing imports them), so they may drive a lower layer with a higher layer's fixtures.
 */
function upwardImports(rel: string, text: string): string[] {
  const own = layerOf(rel);
  if (own === undefined || /_(test|bench)\.ts$/.test(rel)) return [];
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = relative(ROOT, join(ROOT, dirname(rel), m[1] ?? m[2]));
    const layer = layerOf(target);
    if (layer !== undefined && layer > own) found.push(`${rel} imports ${target}`);
  }
  return found;
}

Deno.test("no module imports from a later layer (core → stores → retrieval → memory → bench → search → server/report → cli)", async () => {
  const violations: string[] = [];
  let checked = 0;
  for await (const file of tsFiles(ROOT)) {
    const rel = relative(ROOT, file);
    violations.push(...upwardImports(rel, await Deno.readTextFile(file)));
    checked++;
  }
  assert.ok(checked > 300, `walked the repository (${checked} files)`);
  assert.deepEqual(violations, []);
});

Deno.test("the layer check sees static, re-export, type-only and dynamic imports", () => {
  const text = [
    'import { a } from "../search/x.ts";',
    'export * from "../server/y.ts";',
    'import type { B } from "../cli/z.ts";',
    'const m = await import("../report/w.ts");',
    'import { ok } from "./same.ts";',
    'import { low } from "../core/low.ts";',
  ].join("\n");
  assert.deepEqual(upwardImports("memory/m.ts", text), [
    "memory/m.ts imports search/x.ts",
    "memory/m.ts imports server/y.ts",
    "memory/m.ts imports cli/z.ts",
    "memory/m.ts imports report/w.ts",
  ]);
  assert.deepEqual(upwardImports("cli/c.ts", text), []);
  assert.deepEqual(upwardImports("memory/m_test.ts", text), [], "tests are not modules");
  assert.deepEqual(upwardImports("memory/m_bench.ts", text), [], "nor are benches");
});
