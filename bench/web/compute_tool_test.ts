import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { join } from "node:path";
import { attachmentTool } from "./attachment_tool.ts";
import { computeTool } from "./compute_tool.ts";
import { writeXlsx } from "./xlsx_reader.ts";

const ctx = { fetch, clock: logicalClock() };

Deno.test("run_javascript prints results of exact arithmetic", async () => {
  const result = await computeTool().call(
    { code: "console.log(24870 - 22940, String(2n ** 70n))" },
    ctx,
  );
  assert.deepEqual(result, { ok: true, content: "stdout:\n1930 1180591620717411303424" });
});

Deno.test("run_javascript has no file, environment or network permission", async () => {
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  let hits = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: resolve }, () => {
    hits++;
    return new Response("reached");
  });
  try {
    const port = (await promise).port;
    const tool = computeTool();
    for (
      const code of [
        "console.log(await Deno.readTextFile('/etc/hostname'))",
        "console.log(Deno.env.get('PATH'))",
        `console.log(await (await fetch('http://127.0.0.1:${port}/')).text())`,
        "new Deno.Command('/bin/ls').outputSync()",
      ]
    ) {
      const result = await tool.call({ code }, ctx);
      assert.equal(result.ok, false, code);
      assert.equal(result.error, "script_error");
      assert.match(result.content, /NotCapable|PermissionDenied|Requires/, code);
    }
    assert.equal(hits, 0);
  } finally {
    await server.shutdown();
  }
});

Deno.test("run_javascript stops infinite loops, memory hogs and floods of output", async () => {
  const tool = computeTool({ limits: { timeoutMs: 1000 } });
  const loop = await tool.call({ code: "while (true) {}" }, ctx);
  assert.equal(loop.error, "timeout");
  const small = computeTool({ limits: { timeoutMs: 15_000, memoryMb: 32 } });
  const hog = await small.call({
    code: "const a = []; while (true) a.push(new Array(1e6).fill(Math.random()));",
  }, ctx);
  assert.equal(hog.error, "out_of_memory", hog.content);
  // Generous time limits: on a loaded machine the child alone can take seconds to start.
  const chatty = computeTool({ limits: { timeoutMs: 15_000, maxOutputBytes: 4096 } });
  const flood = await chatty.call({ code: "while (true) console.log('x'.repeat(100));" }, ctx);
  assert.equal(flood.error, "too_large");
  assert.ok(flood.content.length < 4096 + 200);
});

Deno.test("run_javascript gets whole attachments as FILES, so a 500-row aggregate is exact", async () => {
  const outer = await Deno.makeTempDir();
  const dir = join(outer, "task");
  await Deno.mkdir(dir);
  try {
    const rows = Array.from({ length: 500 }, (_, i) => [`item${i + 1}`, i + 1]);
    await Deno.writeTextFile(
      join(dir, "sales.csv"),
      ["item,n", ...rows.map((r) => r.join(","))].join("\n"),
    );
    await Deno.writeFile(
      join(dir, "sales.xlsx"),
      await writeXlsx({ Q1: [["item", "n"], ...rows] }),
    );
    await Deno.writeTextFile(join(outer, "secret.txt"), "outside");
    const task = { ...ctx, attachmentsDir: dir };
    const code = "const sum = (rows) => rows.slice(1).reduce((a, r) => a + Number(r[1]), 0);\n" +
      "console.log(sum(FILES['sales.csv']), sum(FILES['sales.xlsx'].Q1));";
    const result = await computeTool().call({ code, files: ["sales.csv", "sales.xlsx"] }, task);
    assert.deepEqual(result, { ok: true, content: "stdout:\n125250 125250" });
    const view = await attachmentTool().call({ file_name: "sales.csv" }, task);
    assert.match(view.content, /300 more rows/, "the reading view alone is cut");
    const escape = await computeTool().call({ code: "1", files: ["../secret.txt"] }, task);
    assert.equal(escape.ok, false);
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
});
