import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { computeTool } from "./compute_tool.ts";

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
