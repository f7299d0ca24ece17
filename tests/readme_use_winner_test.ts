import assert from "node:assert/strict";
import { SummarySchema } from "../search/artifacts.ts";

const ROOT = new URL("../", import.meta.url);
const CHECKOUT = ROOT.pathname.replace(/\/$/, "");

/**
 * Runs `deno` with `args` in `cwd`, a folder outside the checkout, so no deno.json applies and the
 * npm packages come from Deno's global cache.
 */
async function denoIn(cwd: string, args: string[]): Promise<Deno.CommandOutput> {
  return await new Deno.Command(Deno.execPath(), { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
}

/**
 * Whether Deno's global npm cache already holds every package `modules` can load (`.ci/run` fills
 * it at install time). The tests below must not download anything, so they skip otherwise.
 */
async function cached(...modules: string[]): Promise<boolean> {
  const dir = await Deno.makeTempDir({ prefix: "automem_probe_" });
  try {
    const probe = modules.map((m) => `import "${CHECKOUT}/${m}";\n`).join("");
    await Deno.writeTextFile(`${dir}/probe.ts`, probe);
    return (await denoIn(dir, ["run", "--cached-only", "-A", "probe.ts"])).success;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const CACHED = await cached("mod.ts");
const KUZU_CACHED = CACHED && await cached("stores/graph_store.ts");
const SKIP = CACHED
  ? ""
  : " (skipped: Deno's npm cache lacks the root's packages; .ci/run fills it)";
const KUZU_SKIP = KUZU_CACHED ? "" : " (skipped: Deno's npm cache lacks Kùzu; .ci/run fills it)";

/** The first TypeScript block of the README's "Use the winner" section. */
async function snippet(): Promise<string> {
  const readme = await Deno.readTextFile(new URL("README.md", ROOT));
  const section = readme.split("## Use the winner")[1];
  const code = section?.match(/```ts\n([\s\S]*?)```/)?.[1];
  assert.ok(code !== undefined, "README has a ts block under 'Use the winner'");
  return code;
}

Deno.test("the README's 'Use the winner' snippet is at most ten lines", async () => {
  const lines = (await snippet()).trim().split("\n").filter((l) => l.trim() !== "");
  assert.ok(lines.length <= 10, `${lines.length} lines`);
});

Deno.test({
  name: "the README's 'Use the winner' snippet runs from a folder outside the checkout with the " +
    `README's command, on a hybrid (Orama) store, and answers offline${SKIP}`,
  ignore: !CACHED,
  fn: async () => {
    const work = await Deno.makeTempDir({ prefix: "automem_readme_" });
    try {
      await Deno.mkdir(`${work}/runs/demo`, { recursive: true });
      const summary = SummarySchema.parse({
        status: "finished",
        winner: {
          architecture: {
            schema_version: "1",
            encode: ["tip", "trajectory"],
            store: "hybrid",
            retrieve: "hybrid",
            manage: "lightweight",
          },
          fingerprint: "0123456789abcdef",
          validation_score: 0.7,
          test_score: 0.65,
        },
        baseline: { search_score: 0.5, validation_score: 0.5, test_score: 0.5 },
        rounds: 2,
        evaluations: 8,
        usage: { tokens: 0, cost_usd: 0 },
        synthetic: true,
      });
      await Deno.writeTextFile(`${work}/runs/demo/summary.json`, JSON.stringify(summary));
      // The README's own command, run from a folder outside the checkout.
      const readme = await Deno.readTextFile(new URL("README.md", ROOT));
      const command = /save this as\s+`app\.ts` in any folder and run it with `(deno [^`]*)`/
        .exec(readme)?.[1];
      assert.equal(command, "deno run -A app.ts", "the README's command takes no extra flag");
      const code = (await snippet()).replaceAll("<checkout>/runs/demo", `${work}/runs/demo`)
        .replaceAll("<checkout>", CHECKOUT);
      await Deno.writeTextFile(`${work}/app.ts`, code);
      const out = await denoIn(work, command.split(" ").slice(1));
      const stdout = new TextDecoder().decode(out.stdout);
      assert.ok(out.success, new TextDecoder().decode(out.stderr));
      assert.ok(!work.startsWith(CHECKOUT), "the program ran outside the checkout");
      const lines = stdout.trim().split("\n");
      const guidance = lines.slice(0, -1).join("\n");
      assert.match(guidance, /order number/, "the guidance carries the lesson");
      assert.match(guidance, /\[memory:m-000001\]/, "and cites it");
      assert.equal(lines.at(-1), "Ask for the order number before refunding a damaged item.");
      const stored = [...Deno.readDirSync(`${work}/agent_memory`)].map((e) => e.name);
      assert.ok(stored.includes("store_hybrid"), `the memory lives in agent_memory: ${stored}`);
    } finally {
      await Deno.remove(work, { recursive: true });
    }
  },
});

Deno.test({
  name: "a graph store opened outside the checkout, where Kùzu's build script never ran, fails " +
    `with sdk_unavailable naming the fix${KUZU_SKIP}`,
  ignore: !KUZU_CACHED,
  fn: async () => {
    const work = await Deno.makeTempDir({ prefix: "automem_graph_" });
    try {
      const spec = { schema_version: "1", encode: "tip", store: "graph", retrieve: "hybrid" };
      await Deno.writeTextFile(
        `${work}/app.ts`,
        `import { AutomemError, createMemory } from "${CHECKOUT}/mod.ts";
try {
  await createMemory({ spec: ${JSON.stringify({ ...spec, manage: "lightweight" })}, dir: "m" });
} catch (error) {
  if (!(error instanceof AutomemError)) throw error;
  console.log(error.code, error.message);
}
`,
      );
      const out = await denoIn(work, ["run", "-A", "app.ts"]);
      const stdout = new TextDecoder().decode(out.stdout);
      assert.ok(out.success, new TextDecoder().decode(out.stderr));
      assert.match(stdout, /^sdk_unavailable .*npm:kuzu@0\.11\.3/);
      assert.match(stdout, /--config <checkout>\/deno\.json/, "the message names the fix");
    } finally {
      await Deno.remove(work, { recursive: true });
    }
  },
});
