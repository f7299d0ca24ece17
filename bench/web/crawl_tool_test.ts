import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { Secret } from "../../core/endpoints.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { resolveWebConfig } from "../../core/web_config.ts";
import { crawlPageTool } from "./crawl_tool.ts";
import { buildToolSet } from "./tool_set.ts";
import { startFixtureWeb } from "./fixture_web.ts";
import type { ToolContext } from "./tool_port.ts";
import { WebCache } from "./web_cache.ts";

const local: ToolContext = { fetch, clock: logicalClock(), allowPrivateAddresses: true };

Deno.test("crawl_page reads an HTML page as Markdown without site chrome and lists absolute links", async () => {
  const web = await startFixtureWeb();
  try {
    const url = new URL("/people/jonas-vey.html", web.url).href;
    const result = await crawlPageTool().call({ url, query: "when did he die" }, local);
    assert.equal(result.ok, true, result.content);
    assert.match(result.content, /^Title: Jonas Vey/);
    assert.match(result.content, /Jonas Vey \(1835-1911\), born in Saltby\./);
    assert.ok(!result.content.includes("cookie"), "the cookie banner is chrome, not content");
    assert.ok(
      result.content.includes(`- Fennick Spit Light: ${web.url}lighthouses/fennick-spit.html`),
    );
    assert.ok(result.content.includes(`- Ferries: ${web.url}ferries/timetable.html`));
  } finally {
    await web.close();
  }
});

Deno.test("crawl_page keeps tables as Markdown rows and reads PDFs", async () => {
  const web = await startFixtureWeb();
  try {
    const tool = crawlPageTool();
    const table = await tool.call(
      { url: `${web.url}ferries/timetable.html`, query: "Westerly" },
      local,
    );
    assert.match(
      table.content,
      /\| Eskport \| Westerly \| \[MV Skarv\]\([^)]+\) \| 09:30, 14:10 \| 40 +\| Monday to Saturday \|/,
    );
    const pdf = await tool.call({
      url: `${web.url}reports/annual-report-2023.pdf`,
      query: "Fennick",
    }, local);
    assert.equal(pdf.ok, true, pdf.content);
    assert.match(pdf.content, /Fennick Spit Light: 9,356 visitors/);
    assert.match(pdf.content, /412,000 HC/);
  } finally {
    await web.close();
  }
});

Deno.test("crawl_page refuses loopback by default, video, images without vision and bad arguments", async () => {
  const web = await startFixtureWeb();
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const images = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: resolve },
    (req) =>
      new Response(new Uint8Array([137, 80, 78, 71]), {
        headers: { "content-type": req.url.endsWith(".mp4") ? "video/mp4" : "image/png" },
      }),
  );
  try {
    const tool = crawlPageTool();
    const blocked = await tool.call({ url: web.url, query: "" }, { fetch, clock: logicalClock() });
    assert.equal(blocked.error, "blocked_address");
    const png = await tool.call({
      url: `http://127.0.0.1:${(await promise).port}/a.png`,
      query: "",
    }, local);
    assert.equal(png.error, "unsupported");
    assert.match(png.content, /no vision endpoint is configured/);
    const video = await tool.call({
      url: `http://127.0.0.1:${(await promise).port}/v.mp4`,
      query: "",
    }, local);
    assert.equal(video.error, "bad_content_type");
    assert.equal((await tool.call({ url: "ftp://x/y", query: "" }, local)).error, "bad_url");
    assert.equal((await tool.call({ query: "no url" }, local)).error, "bad_arguments");
  } finally {
    await images.shutdown();
    await web.close();
  }
});

Deno.test("long pages are condensed by the task model, or by keywords when it fails or is absent", async () => {
  const web = await startFixtureWeb();
  try {
    const url = `${web.url}ferries/timetable.html`;
    const tool = crawlPageTool({ maxChars: 260 });
    const offline = await tool.call({ url, query: "Tollhaven Mossgate ferry" }, local);
    assert.match(offline.content, /extracted by keyword/);
    assert.match(offline.content, /Tollhaven \| Mossgate/);
    assert.ok(!offline.content.includes("Saltby | Westerly"), "irrelevant rows are dropped");

    const model = new ScriptedModel({
      replies: ["MV Lunde sails Tollhaven to Mossgate at 10:20."],
    });
    const condensed = await tool.call({ url, query: "Mossgate sailing" }, { ...local, model });
    assert.match(condensed.content, /condensed by the model/);
    assert.match(condensed.content, /MV Lunde sails Tollhaven to Mossgate at 10:20\./);
    const prompt = model.calls[0].messages[0].content;
    assert.match(prompt, /Mossgate sailing/);
    assert.match(prompt, /\| Tollhaven \| Mossgate \|/);

    const failing = new ScriptedModel({ replies: [new Error("endpoint down")] });
    const fallback = await tool.call({ url, query: "Mossgate" }, { ...local, model: failing });
    assert.equal(fallback.ok, true);
    assert.match(fallback.content, /extracted by keyword/);
  } finally {
    await web.close();
  }
});

Deno.test("crawl_page replays from the frozen web cache with the site gone", async () => {
  const dir = await Deno.makeTempDir();
  const web = await startFixtureWeb();
  const url = `${web.url}museum.html`;
  try {
    const live = await crawlPageTool({ cache: new WebCache(dir, "readwrite") }).call({
      url,
      query: "lens",
    }, local);
    await web.close();
    const frozen = crawlPageTool({ cache: new WebCache(dir, "freeze") });
    assert.deepEqual(await frozen.call({ url, query: "lens" }, local), live);
    assert.equal(
      (await frozen.call({ url: `${url}?x`, query: "lens" }, local)).error,
      "cache_miss",
    );
  } finally {
    await web.close().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("crawl_page through the Jina reader sends the key and still guards the target URL", async () => {
  const seen: { path: string; auth: string | null }[] = [];
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const jina = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: resolve }, (req) => {
    seen.push({ path: new URL(req.url).pathname, auth: req.headers.get("authorization") });
    return new Response(
      "Title: Example\n\nMarkdown Content:\nHello from [there](https://example.org/next).",
      {
        headers: { "content-type": "text/plain" },
      },
    );
  });
  try {
    const base = `http://127.0.0.1:${(await promise).port}`;
    const tool = crawlPageTool({
      jina: { base, key: new Secret("jina-test-key") },
      resolve: (host) => Promise.resolve(host === "example.org" ? ["93.184.216.34"] : ["10.0.0.1"]),
    });
    const ctx = { fetch, clock: logicalClock() };
    const ok = await tool.call({ url: "https://example.org/page", query: "" }, ctx);
    assert.equal(ok.ok, true, ok.content);
    assert.match(ok.content, /^Title: Example/);
    assert.match(ok.content, /- there: https:\/\/example\.org\/next/);
    assert.deepEqual(seen[0], { path: "/https://example.org/page", auth: "Bearer jina-test-key" });
    const blocked = await tool.call({ url: "http://intranet.example/", query: "" }, ctx);
    assert.equal(blocked.error, "blocked_address");
    assert.equal(seen.length, 1);
  } finally {
    await jina.shutdown();
  }
});

/** A small site: a meta-refresh hop, a Shift_JIS page declared in <meta>, a 64 KiB page. */
async function withSite(fn: (base: string) => Promise<void>) {
  const sjis = new Uint8Array([
    0x93,
    0x8c,
    0x8b,
    0x9e,
    0x93,
    0x73,
    0x82,
    0xcc,
    0x90,
    0x6c,
    0x8c,
    0xfb,
  ]);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    const html = (body: string | Uint8Array<ArrayBuffer>) =>
      new Response(body, { headers: { "content-type": "text/html" } });
    if (path === "/old") {
      return html('<html><head><meta http-equiv="refresh" content="0; url=/new"></head></html>');
    }
    if (path === "/new") return html("<html><body><p>The moved page: 2 moons.</p></body></html>");
    if (path === "/jp") {
      const head = new TextEncoder().encode(
        '<html><head><meta charset="shift_jis"></head><body><article><p>',
      );
      const tail = new TextEncoder().encode("</p></article></body></html>");
      const page = new Uint8Array(head.length + sjis.length + tail.length);
      page.set(head);
      page.set(sjis, head.length);
      page.set(tail, head.length + sjis.length);
      return html(page);
    }
    return html(`<html><body><p>${"x".repeat(64 * 1024)}</p></body></html>`);
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

Deno.test("crawl_page follows a meta refresh and decodes a page by its <meta> charset", async () => {
  await withSite(async (base) => {
    const tool = crawlPageTool();
    const moved = await tool.call({ url: `${base}/old`, query: "" }, local);
    assert.match(moved.content, /URL: .*\/new\n[\s\S]*The moved page: 2 moons/);
    const jp = await tool.call({ url: `${base}/jp`, query: "" }, local);
    assert.match(jp.content, /東京都の人口/);
  });
});

Deno.test("the fetch size cap is a setting (WEB_FETCH_MAX_BYTES), not a fixed 5 MiB", async () => {
  await withSite(async (base) => {
    const web = resolveWebConfig({ WEB_FETCH_MAX_BYTES: "1024" }, "off");
    const [tool] = buildToolSet({ web, cacheDir: "/nonexistent", include: ["crawl_page"] });
    const big = await tool.call({ url: `${base}/big`, query: "" }, local);
    assert.equal(big.error, "too_large");
    assert.match(big.content, /1024/);
    const roomy = resolveWebConfig({ WEB_FETCH_MAX_BYTES: String(1024 * 1024) }, "off");
    const [wide] = buildToolSet({ web: roomy, cacheDir: "/nonexistent", include: ["crawl_page"] });
    assert.equal((await wide.call({ url: `${base}/big`, query: "" }, local)).ok, true);
  });
});
