import assert from "node:assert/strict";
import { normalizeLabel, parseContent } from "./unit_content.ts";

Deno.test("normalizeLabel lower-cases and joins with underscores", () => {
  assert.equal(normalizeLabel(" Incomplete  Search-Error "), "incomplete_search_error");
});

Deno.test("parseContent reports issue paths inside the content and drops unknown keys", () => {
  const bad = parseContent("tip", { principle: "" });
  assert.ok(!bad.ok && bad.issues.some((i) => i.path[0] === "principle"));
  const good = parseContent("tip", { principle: "Do X, because Y", bogus: 1 });
  assert.ok(good.ok && !("bogus" in good.value));
});
