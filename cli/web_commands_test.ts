import assert from "node:assert/strict";
import { COMMANDS } from "./commands.ts";
import { runCli } from "./run_cli.ts";
import { captureIo } from "./testing_io.ts";

Deno.test("web-tool searches the fixture web and prints what the agent sees", async () => {
  const io = captureIo({ env: { AUTOMEM_CACHE_MODE: "off" } });
  const code = await runCli(
    ["web-tool", "web_search", "--fixture", "--args", '{"query":"Lantern Festival","num":2}'],
    io,
    COMMANDS,
  );
  assert.equal(code, 0, io.err.join(""));
  assert.match(
    io.out.join(""),
    /^Results for "Lantern Festival":\n1\. Record crowd at the Lantern Festival/,
  );
});

Deno.test("web-tool exits 1 on a tool failure and 2 on bad arguments", async () => {
  const io = captureIo({ env: { AUTOMEM_CACHE_MODE: "off" } });
  const blocked = await runCli(
    ["web-tool", "crawl_page", "--args", '{"url":"http://127.0.0.1:9/","query":""}'],
    io,
    COMMANDS,
  );
  assert.equal(blocked, 1);
  assert.match(io.out.join(""), /blocked_address/);
  assert.equal(await runCli(["web-tool", "crawl_page", "--args", "[1]"], io, COMMANDS), 2);
  assert.equal(await runCli(["web-tool", "teleport"], io, COMMANDS), 2);
  assert.match(io.err.join(""), /unknown tool 'teleport'/);
});

Deno.test("fixture-web serves until the signal aborts", async () => {
  const controller = new AbortController();
  const io = { ...captureIo(), signal: controller.signal };
  const running = runCli(["fixture-web"], io, COMMANDS);
  while (io.out.length === 0) await new Promise((r) => setTimeout(r, 20));
  const url = io.out[0].trim();
  const page = await fetch(`${url}museum.html`);
  assert.match(await page.text(), /opened in 1974/);
  controller.abort();
  assert.equal(await running, 0);
});
