/**
 * The digest of the code and data that decide results, computed from the files at start-up: a
 * queue worker and its coordinator compare it, so a worker built from another commit (another
 * world cost model, another prompt) is refused instead of serving jobs with other numbers. A
 * hand-kept version constant cannot prove that; the bytes can.
 *
 * Covered: `deno.json` and `deno.lock` (dependency versions), every file under `prompts/`, and
 * every TypeScript module of the package's source folders (the top-level folders with a
 * `mod.ts`, plus `main.ts` and `mod.ts`), tests and benchmarks of the code excepted.
 *
 * @module
 */
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "./canonical_json.ts";

/** The package root: the folder above `core/`. */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

const ROOT_FILES = ["deno.json", "deno.lock", "main.ts", "mod.ts"];

function isModule(name: string): boolean {
  return name.endsWith(".ts") && !name.endsWith("_test.ts") && !name.endsWith("_bench.ts");
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

async function walk(dir: string, keep: (name: string) => boolean, out: string[]): Promise<void> {
  const entries: Deno.DirEntry[] = [];
  for await (const e of Deno.readDir(dir)) entries.push(e);
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory) await walk(p, keep, out);
    else if (e.isFile && keep(e.name)) out.push(p);
  }
}

/** The files the digest covers, relative to `root`, sorted. */
export async function digestFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  for (const f of ROOT_FILES) if (await exists(join(root, f))) files.push(join(root, f));
  if (await exists(join(root, "prompts"))) await walk(join(root, "prompts"), () => true, files);
  for await (const e of Deno.readDir(root)) {
    if (!e.isDirectory || e.name === "prompts") continue;
    if (await exists(join(root, e.name, "mod.ts"))) await walk(join(root, e.name), isModule, files);
  }
  return files.map((f) => relative(root, f)).sort();
}

/** sha256 over each covered file's path and content (first 16 hex digits). */
export async function digestTree(root: string): Promise<string> {
  const files = await digestFiles(root);
  const lines = await Promise.all(
    files.map(async (f) => `${f} ${sha256Hex(await Deno.readFile(join(root, f)))}`),
  );
  return sha256Hex(lines.join("\n")).slice(0, 16);
}

let cached: Promise<string> | undefined;

/**
 * The digest of this process's own code (computed once). A build whose sources cannot be read
 * (a compiled binary without them) reports `unreadable`, which matches only another such build.
 */
export function codeDigest(): Promise<string> {
  cached ??= digestTree(ROOT).catch(() => "unreadable");
  return cached;
}
