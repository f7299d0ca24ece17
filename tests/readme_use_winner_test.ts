import assert from "node:assert/strict";
import { SummarySchema } from "../search/artifacts.ts";

const ROOT = new URL("../", import.meta.url);

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

Deno.test("the README's 'Use the winner' snippet runs from a folder outside the checkout with the README's command and answers offline", async () => {
  const work = await Deno.makeTempDir({ prefix: "automem_readme_" });
  try {
    await Deno.mkdir(`${work}/runs/demo`, { recursive: true });
    const summary = SummarySchema.parse({
      status: "finished",
      winner: {
        architecture: {
          schema_version: "1",
          encode: ["tip", "trajectory"],
          store: "json",
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
    const command = /`(deno run -A --config <checkout>\/deno\.json app\.ts)`/.exec(readme)?.[1];
    assert.ok(command, "the README gives the command that runs app.ts");
    const checkout = ROOT.pathname.replace(/\/$/, "");
    const code = (await snippet()).replaceAll("<checkout>/runs/demo", `${work}/runs/demo`)
      .replaceAll("<checkout>", checkout);
    await Deno.writeTextFile(`${work}/app.ts`, code);
    const [, ...args] = command.replaceAll("<checkout>", checkout).split(" ");
    const out = await new Deno.Command(Deno.execPath(), {
      args,
      cwd: work,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout);
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    assert.ok(!work.startsWith(checkout), "the program ran outside the checkout");
    const lines = stdout.trim().split("\n");
    const guidance = lines.slice(0, -1).join("\n");
    assert.match(guidance, /order number/, "the guidance carries the lesson");
    assert.match(guidance, /\[memory:m-000001\]/, "and cites it");
    assert.equal(lines.at(-1), "Ask for the order number before refunding a damaged item.");
    const stored = [...Deno.readDirSync(`${work}/agent_memory`)].map((e) => e.name);
    assert.ok(stored.includes("store_json"), `the memory lives in agent_memory: ${stored}`);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
