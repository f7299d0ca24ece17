import assert from "node:assert/strict";
import { createMemory } from "../memory/create_memory.ts";
import { hostGuard, hostnameOf } from "./host_guard.ts";
import { serveMcpHttp } from "./mcp/mcp_serve.ts";
import { serve } from "./serve.ts";
import { simpleSpec } from "../memory/testing/fixtures.ts";

function request(headers: Record<string, string>, method = "GET"): Request {
  return new Request("http://127.0.0.1:8787/api/health", { method, headers });
}

Deno.test("on loopback, a rebinding Host and a foreign Origin are refused; own and allowed pass", () => {
  const guard = hostGuard({ bindHost: "127.0.0.1", allowedOrigins: ["https://app.example"] });
  assert.equal(guard(request({ host: "attacker.example:8787" }))?.status, 403);
  assert.equal(
    guard(request({ host: "127.0.0.1:8787", origin: "http://evil.example" }))?.status,
    403,
  );
  assert.equal(guard(request({ host: "localhost:8787", origin: "null" }))?.status, 403);
  for (const host of ["127.0.0.1:8787", "localhost:8787", "[::1]:8787", "localhost"]) {
    assert.equal(guard(request({ host })), undefined, host);
  }
  assert.equal(
    guard(request({ host: "127.0.0.1:8787", origin: "http://127.0.0.1:8787" })),
    undefined,
  );
  assert.equal(
    guard(request({ host: "127.0.0.1:8787", origin: "https://app.example" })),
    undefined,
  );
});

Deno.test("a non-loopback server checks Host only when hosts are configured, Origin always", () => {
  const open = hostGuard({ bindHost: "0.0.0.0" });
  assert.equal(open(request({ host: "box.lan:8787" })), undefined);
  assert.equal(open(request({ host: "box.lan:8787", origin: "http://evil.example" }))?.status, 403);
  const pinned = hostGuard({ bindHost: "0.0.0.0", allowedHosts: ["box.lan"] });
  assert.equal(pinned(request({ host: "box.lan:8787" })), undefined);
  assert.equal(pinned(request({ host: "other.lan:8787" }))?.status, 403);
});

Deno.test("host names are read from Host values with ports and IPv6 brackets", () => {
  assert.equal(hostnameOf("LocalHost:80"), "localhost");
  assert.equal(hostnameOf("[::1]:8080"), "::1");
  assert.equal(hostnameOf("example.com"), "example.com");
});

/**
 * GET (status) or POST (MCP) over a raw socket, because `fetch` will not send a forged `Host`:
 * what a browser sends when a rebinding page or a foreign page calls the port.
 */
async function status(url: string, headers: Record<string, string>, post = false) {
  const { hostname, port, pathname } = new URL(url);
  const body = post ? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) : "";
  const all: Record<string, string> = {
    host: `${hostname}:${port}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "content-length": String(new TextEncoder().encode(body).length),
    connection: "close",
    ...headers,
  };
  const head = `${post ? "POST" : "GET"} ${pathname} HTTP/1.1\r\n` +
    Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join("") + "\r\n";
  const conn = await Deno.connect({ hostname, port: Number(port) });
  await conn.write(new TextEncoder().encode(head + body));
  const text = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
  const code = /"code":"([a-z_]+)"/.exec(text)?.[1];
  return { status: Number(text.split(" ")[1]), code };
}

Deno.test("the status server and MCP over HTTP answer a foreign Origin and a rebinding Host with 403", async () => {
  const dir = await Deno.makeTempDir();
  const stop = new AbortController();
  try {
    const web = await serve({ runsDir: dir, port: 0, signal: stop.signal });
    await using memory = await createMemory({
      spec: simpleSpec(),
      dir: `${dir}/memory`,
    });
    const mcp = serveMcpHttp(memory, { port: 0, signal: stop.signal });
    for (const [url, post] of [[`${web.url}api/health`, false], [`${mcp.url}mcp`, true]] as const) {
      const rebinding = await status(url, { host: `attacker.example:${new URL(url).port}` }, post);
      assert.deepEqual(rebinding, { status: 403, code: "forbidden_host" }, url);
      const foreign = await status(url, { origin: "http://attacker.example" }, post);
      assert.deepEqual(foreign, { status: 403, code: "forbidden_origin" }, url);
      const own = await status(url, {}, post);
      assert.equal(own.status, 200, url);
    }
  } finally {
    stop.abort();
    await Deno.remove(dir, { recursive: true });
  }
});
