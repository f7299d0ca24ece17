import assert from "node:assert/strict";
import { FIXTURE_TASKS, fixtureUrl } from "./fixture_tasks.ts";
import { fixturePages } from "./fixture_web.ts";
import { FixtureSearch } from "./fixture_search.ts";

Deno.test("every fixture task's facts appear on its evidence pages", async () => {
  const pages = new Map((await fixturePages()).map((p) => [p.path, p]));
  for (const task of FIXTURE_TASKS) {
    const texts = task.evidencePaths.map((path) => {
      const page = pages.get(path);
      assert.ok(page, `${task.id}: no page ${path}`);
      return page.text;
    });
    for (const fact of task.facts) {
      assert.ok(texts.some((t) => t.includes(fact)), `${task.id}: fact "${fact}" not found`);
    }
  }
});

Deno.test("each fixture task's search query finds its first evidence page in the top three", async () => {
  const search = new FixtureSearch(await fixturePages());
  for (const task of FIXTURE_TASKS) {
    const top = search.search(task.searchQuery, "http://fixture.test/").results.slice(0, 3);
    const want = fixtureUrl("http://fixture.test/", task.evidencePaths[0]);
    assert.ok(
      top.some((r) => r.url === want),
      `${task.id}: ${want} not in ${top.map((r) => r.url)}`,
    );
  }
});

Deno.test("fixture tasks cover PDFs, tables, multi-hop and arithmetic with unique ids", () => {
  assert.ok(FIXTURE_TASKS.length >= 12);
  assert.equal(new Set(FIXTURE_TASKS.map((t) => t.id)).size, FIXTURE_TASKS.length);
  for (const skill of ["pdf", "table", "multi_hop", "arithmetic", "links"] as const) {
    assert.ok(FIXTURE_TASKS.some((t) => t.skills.includes(skill)), `no task needs ${skill}`);
  }
  assert.ok(FIXTURE_TASKS.some((t) => t.attachmentPath));
});
