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
 * followed through the repository's own files. Returns the package specifiers reached (`npm:`
 * ones, and any bare name an import map would have to resolve); `node:` built-ins are not packages.
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

Deno.test("a program importing the library never fetches Kùzu: graph stores load by computed specifier", async () => {
  const fetched = [...await packagesReached("mod.ts", true)].sort();
  assert.deepEqual(fetched, ["npm:@orama/orama@3.1.18", "npm:openai@7.55.0", "npm:zod@4.6.7"]);
  assert.ok((await packagesReached("stores/graph_store.ts", true)).has("npm:kuzu@0.11.3"));
  // The computed imports still have to be in the compiled binary.
  const text = await Deno.readTextFile(join(ROOT, "stores/open_store.ts"));
  const computed = [...text.matchAll(/^const [A-Z_]+ = "\.\/([a-z_]+\.ts)";/gm)].map((m) =>
    `stores/${m[1]}`
  );
  assert.deepEqual(computed, ["stores/graph_store.ts", "stores/llm_graph_store.ts"]);
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  for (const file of computed) {
    assert.ok(String(config.tasks.compile).includes(`--include ${file} `), `compile has ${file}`);
  }
});

Deno.test("the walk sees value, re-export and literal dynamic imports and skips type-only ones", async () => {
  const dir = await Deno.makeTempDir({ prefix: "graph_" });
  try {
    await Deno.writeTextFile(
      join(dir, "a.ts"),
      [
        'import { x } from "pkg-a";',
        'import { w } from "npm:pkg-w@1.0.0/sub";',
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
    assert.deepEqual([...all].sort(), ["npm:pkg-w@1.0.0/sub", "pkg-a", "pkg-b", "pkg-dyn"]);
    assert.deepEqual([...await packagesReached("d.ts", false, dir)].sort(), [
      "npm:pkg-w@1.0.0/sub",
      "pkg-a",
      "pkg-b",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Every `.ts` file of the repository (not node_modules, the toolchain or run output). */
async function sourceFiles(dir = ROOT, rel = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const e of Deno.readDir(join(dir, rel))) {
    const path = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory && ![".git", "node_modules", ".tools", "runs"].includes(e.name)) {
      files.push(...await sourceFiles(dir, path));
    } else if (e.isFile && e.name.endsWith(".ts")) files.push(path);
  }
  return files;
}

/** `npm:name@version/sub` → `[name, version]`. */
function npmPackage(spec: string): [string, string] {
  const m = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(spec);
  assert.ok(m, `${spec} names a package and a version`);
  return [m[1], m[2]];
}

Deno.test("every npm package is pinned in one file at one version, with no bare specifier left, and deno.lock holds each pin", async () => {
  const TYPES = /@ts-types\s*=\s*"([^"]+)"/g;
  const pins = new Map<string, { version: string; files: Set<string> }>();
  const bare: string[] = [];
  // This file's walk fixtures are strings that look like imports.
  const files = (await sourceFiles()).filter((f) => f !== "tests/startup_graph_test.ts");
  for (const rel of files) {
    const raw = await Deno.readTextFile(join(ROOT, rel));
    const text = code(raw);
    const specs = [
      ...[...text.matchAll(STATIC)].map((m) => m[3] ?? m[4]),
      ...[...text.matchAll(DYNAMIC)].map((m) => m[1]),
      ...[...raw.matchAll(TYPES)].map((m) => m[1]),
    ];
    for (const spec of specs) {
      if (spec.startsWith(".") || spec.startsWith("node:") || spec.includes("${")) continue;
      if (!spec.startsWith("npm:")) {
        bare.push(`${rel}: ${spec}`);
        continue;
      }
      const [name, version] = npmPackage(spec);
      const pin = pins.get(name) ?? { version, files: new Set<string>() };
      assert.equal(version, pin.version, `${name} is pinned at ${pin.version} and ${version}`);
      pin.files.add(rel);
      pins.set(name, pin);
    }
  }
  assert.deepEqual(bare, [], "a bare specifier needs the checkout's import map");
  assert.ok(pins.has("zod") && pins.has("hono") && pins.has("kuzu"), [...pins.keys()].join());
  const shared = [...pins].filter(([, p]) => p.files.size > 1).map(([n, p]) =>
    `${n}: ${[...p.files]}`
  );
  assert.deepEqual(shared, [], "each package is imported by one adapter file");
  const lock = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.lock")));
  const locked = Object.keys(lock.specifiers as Record<string, string>);
  const missing = [...pins].map(([n, p]) => `npm:${n}@${p.version}`).filter((s) =>
    !locked.includes(s)
  );
  assert.deepEqual(missing, [], "deno.lock pins every package the code imports");
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  // Only @types/node stays mapped: Deno takes Node's types from it for packages that reference them.
  assert.deepEqual(Object.keys(config.imports ?? {}), ["@types/node"]);
  for (const spec of config.allowScripts.allow as string[]) {
    const [name, version] = npmPackage(spec);
    assert.equal(pins.get(name)?.version, version, `allowScripts names the pinned ${name}`);
  }
});
