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
  run_dir: 5,
  scaffold: 6,
  search: 7,
  server: 8,
  report: 8,
  cli: 9,
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

/** The repository-relative paths `text` (the module at `rel`) imports, in order. */
function importsOf(rel: string, text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) =>
    relative(ROOT, join(ROOT, dirname(rel), m[1] ?? m[2]))
  );
}

/**
 * The import cycles of a file graph: each strongly connected component of more than one file,
 * files sorted, found by Tarjan's algorithm. A file naming itself is not a cycle: that is a doc
 * example (`import { x } from "./mod.ts"` in mod.ts's own JSDoc).
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>(), cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * Every upward import in `text` of the module at `rel`. Test and bench files are not modules
 * (nothing imports them), so they may drive a lower layer with a higher layer's fixtures.
 */
function upwardImports(rel: string, text: string): string[] {
  const own = layerOf(rel);
  if (own === undefined || /_(test|bench)\.ts$/.test(rel)) return [];
  const found: string[] = [];
  for (const target of importsOf(rel, text)) {
    const layer = layerOf(target);
    if (layer !== undefined && layer > own) found.push(`${rel} imports ${target}`);
  }
  return found;
}

Deno.test("no module imports from a later layer (core → stores → retrieval → memory → bench → run_dir → scaffold → search → server/report → cli)", async () => {
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

Deno.test("no two files import each other, directly or around a longer circle", async () => {
  const graph = new Map<string, string[]>();
  for await (const file of tsFiles(ROOT)) {
    const rel = relative(ROOT, file);
    graph.set(rel, importsOf(rel, await Deno.readTextFile(file)));
  }
  assert.ok(graph.size > 300, `walked the repository (${graph.size} files)`);
  assert.deepEqual(importCycles(graph).map((c) => c.join(" → ")), []);
});

Deno.test("the cycle check finds two-file and longer cycles, and nothing in a tree or a self-import", () => {
  const graph = new Map<string, string[]>([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["a.ts", "c.ts"]],
    ["c.ts", ["d.ts"]],
    ["d.ts", ["e.ts"]],
    ["e.ts", ["c.ts", "missing.ts"]],
    ["f.ts", ["f.ts"]],
    ["g.ts", ["a.ts", "c.ts"]],
  ]);
  assert.deepEqual(importCycles(graph), [["a.ts", "b.ts"], ["c.ts", "d.ts", "e.ts"]]);
  const tree = new Map([["x.ts", ["y.ts", "z.ts"]], ["y.ts", ["z.ts"]], ["z.ts", []]]);
  assert.deepEqual(importCycles(tree), []);
});
