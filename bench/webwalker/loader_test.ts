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

Deno.test("WebWalkerQA rows in the dataset card's capitalised shape load like the lower-case ones", () => {
  const r = loadWebWalker(JSON.stringify([{
    Question: "When is the deadline?",
    Answer: "March 21, 2025.",
    Root_Url: "https://2025.conf.test/",
    Info: {
      Hop: "multi-source",
      Domain: "Conference",
      Language: "English",
      Difficulty_Level: "Medium",
      Source_Website: ["https://2025.conf.test/calls/"],
      Golden_Path: ["root->calls"],
    },
  }, {
    question: "q2",
    answer: "a2",
    root_url: "https://y.org/",
    info: { difficulty_level: "Hard" },
  }]));
  assert.ok(r.ok, JSON.stringify(!r.ok && r.issues));
  const [t, u] = r.tasks;
  assert.deepEqual([t.question, t.answer, t.rootUrl, t.level], [
    "When is the deadline?",
    "March 21, 2025.",
    "https://2025.conf.test/",
    2,
  ]);
  assert.deepEqual([t.info.type, t.info.lang, t.info.domain], ["multi_source", "en", "Conference"]);
  assert.equal(u.level, 3);
});
