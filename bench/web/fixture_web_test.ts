import assert from "node:assert/strict";
import { fixturePages, startFixtureWeb } from "./fixture_web.ts";
import { SearxngResponseSchema } from "./search_schemas.ts";

Deno.test("fixture web serves tens of linked pages, a PDF and a table on 127.0.0.1", async () => {
  const web = await startFixtureWeb();
  try {
    assert.match(web.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.ok(web.pages.size >= 30, `only ${web.pages.size} pages`);
    const home = await fetch(web.url);
    assert.equal(home.headers.get("content-type"), "text/html; charset=utf-8");
    const html = await home.text();
    assert.match(html, /href="\/islands\/"/);
    const table = await (await fetch(new URL("/ferries/timetable.html", web.url))).text();
    assert.match(table, /<table>/);
    const pdf = await fetch(new URL("/reports/annual-report-2023.pdf", web.url));
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
    const missing = await fetch(new URL("/no/such/page.html", web.url));
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
  } finally {
    await web.close();
  }
});

Deno.test("every internal link of the fixture web resolves to a served page", async () => {
  const pages = await fixturePages();
  const paths = new Set(pages.map((p) => p.path));
  for (const page of pages) {
    if (typeof page.body !== "string") continue;
    for (const [, href] of page.body.matchAll(/href="([^"]+)"/g)) {
      assert.ok(paths.has(href), `${page.path} links to missing ${href}`);
    }
  }
});

Deno.test("fixture search answers in SearXNG's JSON shape with BM25-ranked absolute URLs", async () => {
  const web = await startFixtureWeb();
  try {
    const url = new URL("/search", web.searchUrl);
    url.searchParams.set("q", "Marit Solberg keeper");
    url.searchParams.set("format", "json");
    const body = SearxngResponseSchema.parse(await (await fetch(url)).json());
    assert.equal(body.query, "Marit Solberg keeper");
    assert.equal(body.results[0].url, new URL("/people/marit-solberg.html", web.url).href);
    assert.match(body.results[0].content, /Marit Solberg/);
    assert.ok(body.results.length <= 10);
    url.searchParams.set("pageno", "2");
    const second = SearxngResponseSchema.parse(await (await fetch(url)).json());
    assert.ok(second.results.every((r) => !body.results.some((b) => b.url === r.url)));
    url.searchParams.delete("format");
    const html = await fetch(url);
    assert.equal(html.status, 400);
    await html.body?.cancel();
  } finally {
    await web.close();
  }
});

Deno.test("fixture pages are byte-identical across builds (PDFs carry fixed metadata)", async () => {
  const { buildFixturePages } = await import("./fixture_pages.ts");
  const [a, b] = [await buildFixturePages(), await buildFixturePages()];
  assert.deepEqual(a.map((p) => p.body), b.map((p) => p.body));
});
