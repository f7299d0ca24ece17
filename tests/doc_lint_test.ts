import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);

/**
 * The public entries (every entry of deno.json's `exports`, linted together as JSR does) pass
 * `deno doc --lint` with no problem: every exported symbol is documented and names only types the
 * entries export. Types inferred from zod are written out and kept equal to their schema by a type
 * test (`core/same_type.ts`), the chat port takes a structural `ReplySchema` instead of a zod
 * type, and the MCP tool definitions stay internal. `deno task ok` runs the same lint as a step
 * of its own; this test keeps the two on the same entries and the count at zero.
 */
Deno.test("deno doc --lint on exactly deno.json's exports finds no problem, and deno task ok runs it", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const entries = Object.values(config.exports as Record<string, string>);
  assert.ok(entries.includes("./mod.ts"), entries.join());
  const step = `deno doc --lint ${entries.map((e) => e.replace(/^\.\//, "")).join(" ")} &&`;
  assert.ok((config.tasks.ok as string).includes(step), `deno task ok runs "${step}"`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--lint", ...entries],
    cwd: ROOT.pathname,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
  const problems = text.split("\n").filter((l) => /^error\b/.test(l));
  assert.deepEqual(problems, [], text.slice(0, 4000));
  assert.ok(out.success, text.slice(0, 4000));
});
