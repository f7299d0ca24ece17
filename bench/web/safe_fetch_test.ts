import assert from "node:assert/strict";
import { assertPublicHost, safeFetch } from "./safe_fetch.ts";
import type { ResolvePort } from "./dns_port.ts";
import { WebToolError } from "./web_error.ts";

/** A local server with hostile routes; every streaming timer is cleared on close. */
async function hostileServer() {
  const timers = new Set<ReturnType<typeof setInterval>>();
  let requests = 0;
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: resolve }, (req) => {
    requests++;
    const path = new URL(req.url).pathname;
    if (path === "/ua") return new Response(req.headers.get("user-agent"));
    if (path === "/ok") {
      return new Response("<p>hello</p>", { headers: { "content-type": "text/html" } });
    }
    if (path === "/json") return Response.json({ a: 1 });
    if (path === "/missing") return new Response("gone", { status: 404 });
    if (path === "/big") return new Response("x".repeat(2_000_000));
    if (path === "/loop-a") return Response.redirect(new URL("/loop-b", req.url), 302);
    if (path === "/loop-b") return Response.redirect(new URL("/loop-a", req.url), 302);
    if (path === "/hop") return Response.redirect(new URL("/ok", req.url), 301);
    if (path === "/endless") {
      const chunk = new Uint8Array(64 * 1024).fill(97);
      return new Response(new ReadableStream({ pull: (c) => c.enqueue(chunk) }));
    }
    if (path === "/drip") {
      let id: ReturnType<typeof setInterval> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          id = setInterval(() => {
            try {
              c.enqueue(new Uint8Array([97]));
            } catch {
              clearInterval(id);
              if (id !== undefined) timers.delete(id);
            }
          }, 50);
          timers.add(id);
        },
        cancel() {
          clearInterval(id);
          if (id !== undefined) timers.delete(id);
        },
      });
      return new Response(body, { headers: { "content-type": "text/plain" } });
    }
    return new Response("no", { status: 404 });
  });
  const addr = await promise;
  return {
    base: `http://127.0.0.1:${addr.port}`,
    get requests() {
      return requests;
    },
    async close() {
      for (const id of timers) clearInterval(id);
      await server.shutdown();
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<WebToolError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof WebToolError, `not a WebToolError: ${error}`);
    return error;
  }
  assert.fail("expected a failure");
}

const local = { fetch, allowPrivateAddresses: true } as const;

Deno.test("safe fetch refuses 127.0.0.1 by default and never sends the request", async () => {
  const server = await hostileServer();
  try {
    const error = await failure(safeFetch(`${server.base}/ok`, { fetch }));
    assert.equal(error.code, "blocked_address");
    assert.equal(server.requests, 0);
    const ok = await safeFetch(`${server.base}/ok`, local);
    assert.equal(new TextDecoder().decode(ok.bytes), "<p>hello</p>");
    assert.equal(ok.mediaType, "text/html");
    const ua = await safeFetch(`${server.base}/ua`, local);
    assert.match(new TextDecoder().decode(ua.bytes), /automem-research-agent/);
  } finally {
    await server.close();
  }
});

Deno.test("address guard refuses private, link-local, mapped and loopback-named hosts", async () => {
  const dns: ResolvePort = (host) =>
    Promise.resolve(
      ({
        "public.example": ["93.184.216.34"],
        "mixed.example": ["93.184.216.34", "10.0.0.7"],
        "meta.example": ["169.254.169.254"],
        "v6.example": ["fd00::1"],
      } as Record<string, string[]>)[host] ?? [],
    );
  await assertPublicHost(new URL("https://public.example/x"), dns);
  for (
    const raw of [
      "http://mixed.example/",
      "http://meta.example/latest/meta-data",
      "http://v6.example/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::127.0.0.1]/",
      "http://[::10.0.0.1]/",
      "http://[::ffff:0:127.0.0.1]/",
      "http://[64:ff9b::127.0.0.1]/",
      "http://[::1]:8080/",
      "http://10.1.2.3/",
      "http://2130706433/",
      "http://localhost:9/",
      "http://db.localhost/",
    ]
  ) {
    const error = await failure(assertPublicHost(new URL(raw), dns));
    assert.equal(error.code, "blocked_address", raw);
  }
  assert.equal(
    (await failure(assertPublicHost(new URL("http://nx.example/"), dns))).code,
    "dns_failed",
  );
  assert.equal((await failure(safeFetch("file:///etc/passwd", { fetch }))).code, "bad_url");
});

Deno.test("a redirect from a public host to a private one is refused before it is followed", async () => {
  const seen: string[] = [];
  const fakeFetch = (input: string | URL) => {
    seen.push(String(input));
    return Promise.resolve(
      new Response(null, { status: 302, headers: { location: "http://internal.example/admin" } }),
    );
  };
  const dns: ResolvePort = (host) =>
    Promise.resolve(host === "public.example" ? ["93.184.216.34"] : ["192.168.1.20"]);
  const error = await failure(
    safeFetch("http://public.example/start", { fetch: fakeFetch, resolve: dns }),
  );
  assert.equal(error.code, "blocked_address");
  assert.deepEqual(seen, ["http://public.example/start"]);
});

Deno.test("safe fetch stops redirect loops and follows a short redirect chain", async () => {
  const server = await hostileServer();
  try {
    const error = await failure(
      safeFetch(`${server.base}/loop-a`, { ...local, limits: { maxRedirects: 4 } }),
    );
    assert.equal(error.code, "too_many_redirects");
    assert.equal(server.requests, 5);
    const ok = await safeFetch(`${server.base}/hop`, local);
    assert.equal(ok.url, `${server.base}/ok`);
  } finally {
    await server.close();
  }
});

Deno.test("safe fetch refuses oversized and endless bodies at the byte limit", async () => {
  const server = await hostileServer();
  try {
    const limits = { maxBytes: 1_000_000 };
    assert.equal(
      (await failure(safeFetch(`${server.base}/big`, { ...local, limits }))).code,
      "too_large",
    );
    const endless = await failure(safeFetch(`${server.base}/endless`, { ...local, limits }));
    assert.equal(endless.code, "too_large");
  } finally {
    await server.close();
  }
});

Deno.test("safe fetch gives up on a slow-drip body at the deadline", async () => {
  const server = await hostileServer();
  try {
    const error = await failure(
      safeFetch(`${server.base}/drip`, { ...local, limits: { timeoutMs: 300 } }),
    );
    assert.equal(error.code, "timeout");
  } finally {
    await server.close();
  }
});

Deno.test("safe fetch checks content type and HTTP status", async () => {
  const server = await hostileServer();
  try {
    const htmlOnly = { ...local, acceptContentType: (t: string) => t === "text/html" };
    const json = await failure(safeFetch(`${server.base}/json`, htmlOnly));
    assert.equal(json.code, "bad_content_type");
    const missing = await failure(safeFetch(`${server.base}/missing`, local));
    assert.equal(missing.code, "http_status");
    assert.match(missing.message, /404/);
  } finally {
    await server.close();
  }
});
