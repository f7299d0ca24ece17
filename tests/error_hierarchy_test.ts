import assert from "node:assert/strict";
import { relative } from "node:path";
import { AutomemError } from "../core/automem_error.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const SKIP_DIRS = new Set([".git", ".tools", "node_modules", "runs", "docs", "examples"]);
// The root class itself is the one place allowed to extend a built-in error.
const ROOT_CLASS = "core/automem_error.ts";
const BUILTIN = "(?:Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError|" +
  "AggregateError|DOMException)";
const EXTENDS_BUILTIN = new RegExp(`\\bextends\\s+(?:globalThis\\.)?${BUILTIN}\\b(?!\\w)`);

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}${e.name}`;
    if (e.isDirectory && !SKIP_DIRS.has(e.name)) yield* tsFiles(`${path}/`);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

Deno.test("no class outside core/automem_error.ts extends a built-in error", async () => {
  const offenders: string[] = [];
  for await (const file of tsFiles(ROOT)) {
    const rel = relative(ROOT, file);
    if (rel === ROOT_CLASS || rel === "tests/error_hierarchy_test.ts") continue;
    const lines = (await Deno.readTextFile(file)).split("\n");
    lines.forEach((line, i) => {
      if (EXTENDS_BUILTIN.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offenders, [], "extend AutomemError from core/automem_error.ts instead");
});

Deno.test("the scanner recognises every spelling of a built-in parent", () => {
  for (const parent of ["Error", "RangeError", "globalThis.TypeError", "DOMException"]) {
    assert.ok(EXTENDS_BUILTIN.test(`class X extends ${parent} {`), parent);
  }
  assert.ok(!EXTENDS_BUILTIN.test("class X extends AutomemError {"));
  assert.ok(!EXTENDS_BUILTIN.test("class X extends ErrorBoundary {"));
});

Deno.test("every exported error class is AutomemError or one of its subclasses", async () => {
  const folders = ["core", "stores", "retrieval", "memory", "bench", "search", "report", "server"];
  const found: string[] = [];
  for (const folder of folders) {
    const mod = await import(`../${folder}/mod.ts`) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== "function" || !(value.prototype instanceof Error)) continue;
      found.push(name);
      const ok = value === AutomemError || value.prototype instanceof AutomemError;
      assert.ok(ok, `${folder}/mod.ts: ${name}`);
    }
  }
  for (const expected of ["ModelError", "StoreError", "SearchError", "RunReadError"]) {
    assert.ok(found.includes(expected), `${expected} is exported and checked`);
  }
});

Deno.test("errors that wrap another keep it as cause (config, run artifacts, benchmark data)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/bad.json`, "{");
    const { loadConfig } = await import("../core/config.ts");
    const config = (() => {
      try {
        loadConfig({ env: { AUTOMEM_PRICES: "bad.json" }, cwd: dir });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(config instanceof AutomemError && config.cause instanceof SyntaxError);
    const { readArtifact } = await import("../run_dir/run_dir.ts");
    const { SummarySchema } = await import("../search/artifacts.ts");
    const artifact = await readArtifact(`${dir}/bad.json`, SummarySchema).catch((e) => e);
    assert.ok(artifact instanceof AutomemError && artifact.cause instanceof SyntaxError);
    const { createTaskFileBenchmark } = await import("../bench/task_file/benchmark.ts");
    const data = await createTaskFileBenchmark(`${dir}/missing.jsonl`, { synthetic: true }).catch((
      e,
    ) => e);
    assert.ok(data instanceof AutomemError && data.cause instanceof Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("library code throws no plain Error, RangeError or TypeError (every refusal has a code)", async () => {
  const offenders: string[] = [];
  const library = ["core/", "stores/", "retrieval/", "memory/"];
  for await (const file of tsFiles(ROOT)) {
    const rel = relative(ROOT, file);
    if (!library.some((d) => rel.startsWith(d))) continue;
    if (/_test\.ts$|_bench\.ts$|\/testing\//.test(rel)) continue;
    const lines = (await Deno.readTextFile(file)).split("\n");
    lines.forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith("*") || code.startsWith("//")) return;
      if (/throw new (?:Error|RangeError|TypeError)\(/.test(code)) {
        offenders.push(`${rel}:${i + 1}`);
      }
    });
  }
  assert.deepEqual(offenders, [], "throw an AutomemError (or a subclass) with a code instead");
});
