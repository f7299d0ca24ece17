import assert from "node:assert/strict";
import { relative } from "node:path";

const ROOT = new URL("../", import.meta.url).pathname;
const SKIP_DIRS = new Set([".git", ".tools", "node_modules", "runs", "docs", "examples"]);
// Modules that resolve paths from their own location. shared_data.ts finds the external datasets
// beside a checkout (`../shared/data`) for tests and benchmarks, never a repository file. The
// word-vector embedder reads its binary table beside it (Deno has no flag-free bytes import); the
// compile task embeds that file with `--include`, which the last test checks. code_digest.ts hashes
// the sources a worker runs, and a binary without them reports "unreadable" by design.
const ALLOWED = new Set([
  "memory/trajectory_io/shared_data.ts",
  "core/word_vector_embedder.ts",
  "core/code_digest.ts",
]);

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}${e.name}`;
    if (e.isDirectory && !SKIP_DIRS.has(e.name) && e.name !== "testing") {
      yield* sourceFiles(`${path}/`);
    } else if (e.isFile && e.name.endsWith(".ts") && !/_(test|bench)\.ts$/.test(e.name)) yield path;
  }
}

Deno.test("no runtime module locates repository files by path, so a compiled binary has everything it needs", async () => {
  const offenders: string[] = [];
  const pathApis =
    /import\.meta\.(url|dirname|filename)|Deno\.(readTextFile|readFile|open)\(\s*["'`](\.\/)?(prompts|server|core|memory|search|bench|report)\//;
  for await (const file of sourceFiles(ROOT)) {
    const rel = relative(ROOT, file);
    if (ALLOWED.has(rel)) continue;
    const text = await Deno.readTextFile(file);
    if (pathApis.test(text)) offenders.push(rel);
  }
  assert.deepEqual(offenders, []);
});

Deno.test("prompts and the dashboard are text imports (embedded by deno compile)", async () => {
  let promptImports = 0;
  for await (const file of sourceFiles(ROOT)) {
    const text = await Deno.readTextFile(file);
    promptImports +=
      [...text.matchAll(/from\s+"[./]+\/?prompts\/[\w.]+\.md"\s+with\s+\{\s*type:\s*"text"\s*\}/g)]
        .length;
  }
  assert.ok(promptImports >= 10, `expected the prompts to be text imports, found ${promptImports}`);
  const dashboard = await Deno.readTextFile(`${ROOT}server/dashboard.ts`);
  assert.match(dashboard, /dashboard\.html"\s+with\s+\{\s*type:\s*"text"\s*\}/);
});

Deno.test("the compile task embeds the word-vector table that the embedder reads by path", async () => {
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  assert.match(config.tasks.compile, /--include core\/word_vectors_sg100\.bin\b/);
  const embedder = await Deno.readTextFile(`${ROOT}core/word_vector_embedder.ts`);
  assert.match(embedder, /new URL\("\.\/word_vectors_sg100\.bin", import\.meta\.url\)/);
});
