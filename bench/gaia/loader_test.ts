import assert from "node:assert/strict";
import { loadGaia } from "./loader.ts";

const row = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    Question: "How many moons?",
    "Final answer": "2",
    file_name: "",
    task_id: "t1",
    Level: 1,
    ...over,
  });

Deno.test("GAIA JSONL rows load with level, attachment and the gold answer kept", () => {
  const r = loadGaia([row(), row({ task_id: "t2", Level: "3", file_name: "a/b.csv" })].join("\n"));
  assert.ok(r.ok);
  assert.equal(r.tasks.length, 2);
  assert.deepEqual(
    r.tasks.map((t) => [t.id, t.level, t.answer, t.attachment]),
    [["t1", 1, "2", undefined], ["t2", 3, "2", "a/b.csv"]],
  );
});

Deno.test("a GAIA JSON array loads like JSONL and numeric answers become strings", () => {
  const r = loadGaia(`[${row({ "Final answer": 17 })}]`);
  assert.ok(r.ok);
  assert.equal(r.tasks[0].answer, "17");
});

Deno.test("GAIA problems name line and field: bad level, escaping path, duplicate id", () => {
  const r = loadGaia(
    [row({ Level: 4 }), row({ task_id: "t2", file_name: "../x.txt" }), row(), row()].join("\n"),
  );
  assert.ok(!r.ok);
  const text = r.issues.map((i) => i.message).join("\n");
  assert.match(text, /line 1, field 'Level'/);
  assert.match(text, /line 2, field 'file_name': must not contain '\.\.'/);
  assert.match(text, /id 't1' already used/);
});

Deno.test("a GAIA row without Question is reported as missing", () => {
  const r = loadGaia(JSON.stringify({ "Final answer": "x", task_id: "a", Level: 1 }));
  assert.ok(!r.ok);
  assert.equal(r.issues[0].code, "missing_field");
  assert.deepEqual(r.issues[0].path, [1, "Question"]);
});

Deno.test("GAIA's test split (answers '?') is refused with one issue that says why", () => {
  const r = loadGaia([row({ "Final answer": "?" }), row({ task_id: "t2", "Final answer": "?" })]
    .join("\n"));
  assert.ok(!r.ok);
  assert.equal(r.issues.length, 1);
  assert.equal(r.issues[0].code, "no_gold_answer");
  assert.match(r.issues[0].message, /2 of 2 rows have the answer '\?'.*test split/);
});
