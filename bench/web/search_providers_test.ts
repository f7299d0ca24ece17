import assert from "node:assert/strict";
import { Secret } from "../../core/endpoints.ts";
import { logicalClock } from "../../core/clock.ts";
import { createSearchProvider, KeyRing } from "./search_providers.ts";
import { startFixtureWeb } from "./fixture_web.ts";
import { WebCache } from "./web_cache.ts";
import { webSearchTool } from "./web_search_tool.ts";
import { WebToolError } from "./web_error.ts";

interface Seen {
  path: string;
  method: string;
  headers: Headers;
  body: string;
  url: URL;
}

/** One local server shaped like Serper, Tavily and Brave (under /serper, /tavily, /brave). */
async function fakeSearchApis() {
  const seen: Seen[] = [];
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: resolve }, async (req) => {
    const url = new URL(req.url);
    const body = await req.text();
    seen.push({ path: url.pathname, method: req.method, headers: req.headers, body, url });
    const key = req.headers.get("x-api-key") ?? req.headers.get("x-subscription-token") ??
      req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    if (key.startsWith("limited")) return new Response("slow down", { status: 429 });
    if (key.startsWith("revoked")) return new Response("bad key", { status: 401 });
    if (key.startsWith("garbage")) return Response.json({ organic: [{ title: 3 }] });
    const via = key.startsWith("good") ? ` via ${key}` : "";
    const hit = (n: number) => ({ title: `Hit ${n}${via}`, u: `https://example.org/${n}` });
    if (url.pathname === "/serper/search") {
      return Response.json({
        searchParameters: {},
        organic: [1, 2, 3].map((n) => ({ ...hit(n), link: hit(n).u, snippet: `serper ${n}` })),
      });
    }
    if (url.pathname === "/tavily/search") {
      return Response.json({
        query: JSON.parse(body).query,
        results: [1, 2].map((n) => ({
          ...hit(n),
          url: hit(n).u,
          content: `tavily ${n}`,
          score: 0.5,
        })),
      });
    }
    if (url.pathname === "/brave/res/v1/web/search") {
      return Response.json({
        type: "search",
        web: { results: [1].map((n) => ({ ...hit(n), url: hit(n).u, description: `brave ${n}` })) },
      });
    }
    return new Response("not found", { status: 404 });
  });
  const addr = await promise;
  return { base: `http://127.0.0.1:${addr.port}`, seen, close: () => server.shutdown() };
}

const keys = (...names: string[]) => names.map((n) => new Secret(n));
const ctx = { fetch, clock: logicalClock() };

Deno.test("Serper, Tavily and Brave clients send the key in each API's header and map hits", async () => {
  const api = await fakeSearchApis();
  try {
    const serper = createSearchProvider(
      { provider: "serper", baseUrl: `${api.base}/serper`, keys: keys("good-s") },
      fetch,
    );
    const s = await serper.search("lighthouse keepers", { num: 2 });
    assert.deepEqual(s.map((h) => h.url), ["https://example.org/1", "https://example.org/2"]);
    assert.equal(api.seen[0].headers.get("x-api-key"), "good-s");
    assert.deepEqual(JSON.parse(api.seen[0].body), { q: "lighthouse keepers", num: 2 });

    const tavily = createSearchProvider(
      { provider: "tavily", baseUrl: `${api.base}/tavily`, keys: keys("good-t") },
      fetch,
    );
    const t = await tavily.search("ferries", { num: 5 });
    assert.equal(t[1].snippet, "tavily 2");
    assert.equal(api.seen[1].headers.get("authorization"), "Bearer good-t");
    assert.equal(JSON.parse(api.seen[1].body).max_results, 5);

    const brave = createSearchProvider(
      { provider: "brave", baseUrl: `${api.base}/brave`, keys: keys("good-b") },
      fetch,
    );
    const b = await brave.search("islands", { num: 3 });
    assert.deepEqual(b, [{
      title: "Hit 1 via good-b",
      url: "https://example.org/1",
      snippet: "brave 1",
    }]);
    assert.equal(api.seen[2].method, "GET");
    assert.equal(api.seen[2].url.searchParams.get("q"), "islands");
    assert.equal(api.seen[2].headers.get("x-subscription-token"), "good-b");
  } finally {
    await api.close();
  }
});

Deno.test("key rotation skips rate-limited keys, drops rejected ones and spreads calls", async () => {
  const api = await fakeSearchApis();
  try {
    const base = `${api.base}/serper`;
    const used = () => api.seen.map((s) => s.headers.get("x-api-key"));
    const p = createSearchProvider({
      provider: "serper",
      baseUrl: base,
      keys: keys("limited-1", "good-2"),
    }, fetch);
    assert.equal((await p.search("q", { num: 1 }))[0].title, "Hit 1 via good-2");
    assert.deepEqual(used(), ["limited-1", "good-2"]);

    api.seen.length = 0;
    const r = createSearchProvider({
      provider: "serper",
      baseUrl: base,
      keys: keys("revoked-1", "good-2", "good-3"),
    }, fetch);
    await r.search("a", { num: 1 });
    await r.search("b", { num: 1 });
    await r.search("c", { num: 1 });
    // The revoked key is tried once, then never again; the good keys take turns.
    assert.deepEqual(used(), ["revoked-1", "good-2", "good-3", "good-2"]);

    const ring = new KeyRing(keys("revoked-a", "limited-b"));
    const refuse = (key: Secret) =>
      Promise.reject(
        new WebToolError("http_status", "refused", {
          status: key.reveal().startsWith("revoked") ? 401 : 429,
        }),
      );
    await assert.rejects(
      ring.use(refuse),
      (e: unknown) => e instanceof WebToolError && e.code === "http_status",
    );
    assert.equal(ring.size, 1);
  } finally {
    await api.close();
  }
});

Deno.test("a provider answering an unexpected shape is a bad_response tool failure", async () => {
  const api = await fakeSearchApis();
  try {
    const p = createSearchProvider({
      provider: "serper",
      baseUrl: `${api.base}/serper`,
      keys: keys("garbage"),
    }, fetch);
    const result = await webSearchTool(p).call({ query: "x" }, ctx);
    assert.equal(result.ok, false);
    assert.equal(result.error, "bad_response");
    assert.ok(!result.content.includes("garbage"), "the key must not appear in the message");
  } finally {
    await api.close();
  }
});

Deno.test("web_search over SearXNG finds fixture pages and validates its arguments", async () => {
  const web = await startFixtureWeb();
  try {
    const tool = webSearchTool(
      createSearchProvider({
        provider: "searxng",
        baseUrl: web.searchUrl.replace(/\/$/, ""),
        keys: [],
      }, fetch),
    );
    assert.equal(tool.spec.name, "web_search");
    const result = await tool.call({ query: "Lantern Festival visitors", num: 3 }, ctx);
    assert.equal(result.ok, true);
    assert.match(
      result.content,
      /^1\. Record crowd at the Lantern Festival\n {3}URL: http:\/\/127\.0\.0\.1:\d+\/news\/lantern-festival-2023\.html/m,
    );
    const bad = await tool.call({ query: "", num: 99 }, ctx);
    assert.equal(bad.error, "bad_arguments");
    assert.match(bad.content, /query/);
  } finally {
    await web.close();
  }
});

Deno.test("freeze mode replays cached search results with the network gone and fails on a miss", async () => {
  const dir = await Deno.makeTempDir();
  const api = await fakeSearchApis();
  try {
    const provider = createSearchProvider({
      provider: "tavily",
      baseUrl: `${api.base}/tavily`,
      keys: keys("tv-cache-key"),
    }, fetch);
    const live = await webSearchTool(provider, new WebCache(dir, "readwrite")).call({
      query: "ferries",
    }, ctx);
    assert.equal(live.ok, true);
    await api.close();
    const frozen = webSearchTool(provider, new WebCache(dir, "freeze"));
    assert.deepEqual(await frozen.call({ query: "ferries" }, ctx), live);
    const miss = await frozen.call({ query: "something new" }, ctx);
    assert.equal(miss.error, "cache_miss");
    for await (const entry of Deno.readDir(`${dir}/search`)) {
      for await (const file of Deno.readDir(`${dir}/search/${entry.name}`)) {
        const text = await Deno.readTextFile(`${dir}/search/${entry.name}/${file.name}`);
        assert.ok(!text.includes("tv-cache-key"), "cache entries must not hold API keys");
      }
    }
  } finally {
    await api.close().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});
