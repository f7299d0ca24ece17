import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const deno = Deno.execPath();

/** Names exported by `mod.ts` (values and types), read from its export statements. */
async function rootExports(): Promise<string[]> {
  const text = await Deno.readTextFile(new URL("mod.ts", ROOT));
  const names: string[] = [];
  for (const m of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()!.trim();
      if (name !== "") names.push(name);
    }
  }
  assert.ok(!/^export \*/m.test(text), "the root re-exports names one by one, not whole modules");
  return names;
}

/** `deno info --json mod.ts`: the root's module graph. */
async function rootGraph(): Promise<string> {
  const out = await new Deno.Command(deno, {
    args: ["info", "--json", "mod.ts"],
    cwd: ROOT.pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

Deno.test("importing the root module loads no server, CLI, search engine or Hono", async () => {
  const info = JSON.parse(await rootGraph());
  const specifiers: string[] = info.modules.map((m: { specifier: string }) => m.specifier);
  const local = specifiers.filter((s) => s.startsWith(ROOT.href)).map((s) =>
    s.slice(ROOT.href.length)
  );
  assert.ok(local.includes("memory/create_memory.ts"), "the graph was read");
  // Artifact schemas and ports may come along (loadWinner reads summary.json); engines may not.
  const forbidden = local.filter((p) =>
    /^(server|cli|report)\//.test(p) || /^search\/(engine|run_search|protocol\/|sweep)/.test(p) ||
    /^bench\/(world|locomo|reflexion_hotpotqa|games|web|task_file)\//.test(p)
  );
  assert.deepEqual(forbidden, []);
  const npm = specifiers.filter((s) => /hono|playwright|cli-progress/.test(s));
  assert.deepEqual(npm, []);
});

Deno.test("the root module reaches the OpenAI SDK and Kùzu only through dynamic imports", async () => {
  type Dep = { code?: { specifier: string }; isDynamic?: boolean };
  type Mod = { specifier: string; dependencies?: Dep[] };
  const info = JSON.parse(await rootGraph()) as {
    roots: string[];
    modules: Mod[];
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [...info.roots];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const d of bySpecifier.get(s)?.dependencies ?? []) {
      if (d.code && !d.isDynamic) stack.push(d.code.specifier);
    }
  }
  const sdks = [...seen].filter((s) => /^npm:\/?(openai|kuzu)@/.test(s));
  assert.deepEqual(sdks, [], "statically loaded when the root is imported");
  assert.ok(
    [...seen].some((s) => s.endsWith("core/openai_adapter.ts")),
    "the walk saw the adapter",
  );
});

Deno.test("the root exports tens of names, each with a runtime value or a type", async () => {
  const names = await rootExports();
  // 84: every type a public signature names must itself be exported (`deno doc --lint`, see
  // tests/doc_lint_test.ts), so `MemoryUnit`'s relations and `Plan`'s sections come with it.
  assert.ok(names.length >= 20 && names.length <= 84, `${names.length} root exports`);
  assert.equal(new Set(names).size, names.length, "no name is exported twice");
  const mod = await import("../mod.ts") as Record<string, unknown>;
  for (const value of ["createMemory", "fromChatTranscript", "loadWinner", "AutomemError"]) {
    assert.equal(typeof mod[value], "function", value);
  }
});

Deno.test("the README lists every root export exactly once, and nothing else", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const block = readme.split("<!-- public-surface:start -->")[1]?.split(
    "<!-- public-surface:end -->",
  )[0];
  assert.ok(block !== undefined, "README has the public-surface block");
  const listed = [...block.matchAll(/^- `([A-Za-z0-9_]+)`: \S/gm)].map((m) => m[1]);
  assert.equal(listed.length, block.trim().split("\n").length, "one line per export");
  assert.deepEqual([...listed].sort(), (await rootExports()).sort());
});

Deno.test("every subpath export of deno.json resolves to a module that loads", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const exports = config.exports as Record<string, string>;
  // The public API: the root, the MCP server and the test doubles; layer mod.ts files are not API.
  assert.deepEqual(Object.keys(exports), [".", "./mcp", "./testing"]);
  for (const [sub, path] of Object.entries(exports)) {
    const mod = await import(new URL(path, ROOT).href);
    assert.ok(Object.keys(mod).length > 0, `${sub} (${path}) exports something`);
  }
});
