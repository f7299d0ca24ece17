import assert from "node:assert/strict";
import { parseTaskFile } from "./parse.ts";

Deno.test("JSONL rows parse with defaults, aliases and extra fields kept", () => {
  const r = parseTaskFile([
    '{"id": "a", "question": "Q1?", "level": 2, "answer": 42, "topic": "math"}',
    "",
    '{"task": "Do the thing", "level": "3"}',
    '{"text": "  plain text  "}',
  ].join("\n"));
  assert.ok(r.ok);
  assert.deepEqual(r.value.map((t) => [t.id, t.text, t.level, t.levelGiven, t.answer]), [
    ["a", "Q1?", 2, true, "42"],
    ["task-2", "Do the thing", 3, true, undefined],
    ["task-3", "plain text", 1, false, undefined],
  ]);
  assert.deepEqual(r.value[0].extra, { topic: "math" });
});

Deno.test("a JSON array parses the same way", () => {
  const r = parseTaskFile('[{"id": 7, "question": "x"}, {"question": "y"}]');
  assert.ok(r.ok);
  assert.deepEqual(r.value.map((t) => t.id), ["7", "task-2"]);
});

Deno.test("errors name the line and the field, all at once", () => {
  const r = parseTaskFile([
    '{"question": "ok"}',
    '{"question": "bad level", "level": 5}',
    "{not json",
    '{"id": "", "question": "x"}',
    '{"level": 1}',
    '["an", "array"]',
    '{"question": 3}',
  ].join("\n"));
  assert.ok(!r.ok);
  const byLine = new Map(r.issues.map((i) => [i.path[0], i]));
  assert.match(byLine.get(2)!.message, /^line 2, field 'level': level must be 1, 2 or 3/);
  assert.deepEqual(byLine.get(2)!.path, [2, "level"]);
  assert.equal(byLine.get(3)!.code, "invalid_json");
  assert.match(byLine.get(4)!.message, /field 'id'/);
  assert.equal(byLine.get(5)!.code, "missing_field");
  assert.match(byLine.get(5)!.message, /one of question, task or text/);
  assert.equal(byLine.get(6)!.code, "not_object");
  assert.match(byLine.get(7)!.message, /field 'question'/);
});

Deno.test("duplicate ids, empty files and broken arrays are reported", () => {
  const dup = parseTaskFile('{"id": "x", "question": "a"}\n{"id": "x", "question": "b"}');
  assert.ok(!dup.ok);
  assert.equal(dup.issues[0].code, "duplicate");
  assert.match(dup.issues[0].message, /line 2, field 'id': 'x' already used on line 1/);
  const empty = parseTaskFile("  \n ");
  assert.ok(!empty.ok && empty.issues[0].code === "empty");
  const arr = parseTaskFile("[{]");
  assert.ok(!arr.ok && arr.issues[0].code === "invalid_json");
  const rowErr = parseTaskFile('[{"question": "a"}, {"level": 2}]');
  assert.ok(!rowErr.ok);
  assert.match(rowErr.issues[0].message, /^row 2, field 'question'/);
});

Deno.test("the shipped smoke tasks parse: seven tasks, levels 1,1,2,2,3,3,3", async () => {
  const text = await Deno.readTextFile(
    new URL("../../examples/smoke_tasks.jsonl", import.meta.url),
  );
  const r = parseTaskFile(text);
  assert.ok(r.ok);
  assert.deepEqual(r.value.map((t) => t.level), [1, 1, 2, 2, 3, 3, 3]);
  assert.ok(r.value.every((t) => t.answer !== undefined));
});
