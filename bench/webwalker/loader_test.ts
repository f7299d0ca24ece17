import assert from "node:assert/strict";
import { loadWebWalker } from "./loader.ts";

Deno.test("WebWalkerQA rows load; difficulty maps to level and ids are ww-<row>", () => {
  const r = loadWebWalker([
    JSON.stringify({ question: "q1", answer: "a1", root_url: "https://x.org/" }),
    JSON.stringify({
      question: "q2",
      answer: "a2",
      root_url: "https://y.org/",
      info: { difficulty_level: "hard", lang: "en", domain: "conference", type: "multi_source" },
    }),
  ].join("\n"));
  assert.ok(r.ok);
  assert.deepEqual(r.tasks.map((t) => [t.id, t.level, t.levelGiven, t.rootUrl]), [
    ["ww-1", 1, false, "https://x.org/"],
    ["ww-2", 3, true, "https://y.org/"],
  ]);
  assert.equal(r.tasks[1].info.domain, "conference");
});

Deno.test("WebWalkerQA requires question, answer and an absolute root_url", () => {
  const r = loadWebWalker(
    JSON.stringify([{ question: "q", answer: "", root_url: "not a url" }]),
  );
  assert.ok(!r.ok);
  const fields = r.issues.map((i) => i.path.slice(1).join("."));
  assert.deepEqual(fields.sort(), ["answer", "root_url"]);
  assert.match(r.issues[0].message, /^row 1/);
});
