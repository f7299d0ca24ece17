import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { resolveWebConfig } from "../../core/web_config.ts";
import { FIXTURE_TASKS } from "./fixture_tasks.ts";
import { startFixtureWeb } from "./fixture_web.ts";
import { buildToolSet, ToolSetError, toolSpecs, withLocalSearch } from "./tool_set.ts";
import type { AgentTool, ToolContext } from "./tool_port.ts";

const offline = resolveWebConfig({}, "off");

Deno.test("without a search provider the tool set has crawl, attachments and computation", () => {
  const tools = buildToolSet({ web: offline, cacheDir: "/nonexistent" });
  assert.deepEqual(toolSpecs(tools).map((s) => s.name), [
    "crawl_page",
    "read_attachment",
    "run_javascript",
  ]);
  assert.throws(
    () => buildToolSet({ web: offline, cacheDir: "/nonexistent", include: ["web_search"] }),
    (e: unknown) => e instanceof ToolSetError && /SEARXNG_URL/.test(e.message),
  );
  for (const spec of toolSpecs(tools)) {
    assert.equal((spec.parameters as { type: string }).type, "object");
    assert.ok(spec.description.length > 20);
  }
});

function tool(tools: AgentTool[], name: string): AgentTool {
  const found = tools.find((t) => t.spec.name === name);
  assert.ok(found, name);
  return found;
}

Deno.test("the tools walk the fixture web: search, then follow links two hops to the answer", async () => {
  const web = await startFixtureWeb();
  const dir = await Deno.makeTempDir();
  try {
    const tools = buildToolSet({
      web: withLocalSearch(resolveWebConfig({}, "readwrite"), web.searchUrl),
      cacheDir: dir,
    });
    assert.equal(tools[0].spec.name, "web_search");
    const ctx: ToolContext = { fetch, clock: logicalClock(), allowPrivateAddresses: true };
    const task = FIXTURE_TASKS.find((t) => t.id === "fx-designer-birthplace")!;
    const hits = await tool(tools, "web_search").call({ query: task.searchQuery, num: 3 }, ctx);
    const first = /URL: (\S+)/.exec(hits.content)![1];
    const keeper = await tool(tools, "crawl_page").call({ url: first, query: "lighthouse" }, ctx);
    const light = /- Corrow Head Light: (\S+)/.exec(keeper.content)![1];
    const lightPage = await tool(tools, "crawl_page").call(
      { url: light, query: "designed by" },
      ctx,
    );
    const designer = /\[Ottilie Harkness\]\((\S+)\)/.exec(lightPage.content)![1];
    const person = await tool(tools, "crawl_page").call({ url: designer, query: "born" }, ctx);
    assert.match(person.content, new RegExp(`born in ${task.answer}`));
    const sum = await tool(tools, "run_javascript").call(
      { code: "console.log(24870 - 22940)" },
      ctx,
    );
    assert.equal(sum.content, "stdout:\n1930");
    const cached = [...Deno.readDirSync(`${dir}/web`)].map((e) => e.name).sort();
    assert.deepEqual(cached, ["page", "search"]);
  } finally {
    await web.close();
    await Deno.remove(dir, { recursive: true });
  }
});
