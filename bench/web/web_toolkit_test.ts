import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { resolveWebConfig } from "../../core/web_config.ts";
import { createWebToolKit } from "./web_toolkit.ts";

Deno.test("a fixture tool kit searches and crawls the fixture web, web-only kits drop files and code", async () => {
  const kit = await createWebToolKit({
    web: resolveWebConfig({}, "off"),
    cacheDir: "/nonexistent",
    fixture: true,
    clock: logicalClock(),
  });
  try {
    assert.deepEqual(kit.tools({ webOnly: true }).map((t) => t.spec.name), [
      "web_search",
      "crawl_page",
    ]);
    assert.equal(kit.tools({ webOnly: false }).length, 4);
    assert.equal(kit.context.allowPrivateAddresses, true);
    const [search, crawl] = kit.tools({ webOnly: true });
    const hits = await search.call({ query: "Halvard Maritime Museum opened" }, kit.context);
    const url = /URL: (\S+)/.exec(hits.content)![1];
    assert.ok(url.startsWith(kit.fixture!.url));
    const page = await crawl.call({ url, query: "lens" }, kit.context);
    assert.match(page.content, /Eskholm Harbour Light/);
  } finally {
    await kit.close();
  }
});

Deno.test("a configured tool kit without a provider has no web_search and keeps the address guard", async () => {
  const kit = await createWebToolKit({
    web: resolveWebConfig({}, "off"),
    cacheDir: "/nonexistent",
  });
  assert.deepEqual(kit.tools({ webOnly: true }).map((t) => t.spec.name), ["crawl_page"]);
  assert.equal(kit.context.allowPrivateAddresses, false);
  await kit.close();
});
