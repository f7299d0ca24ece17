import assert from "node:assert/strict";
import { z } from "./zod.ts";
import { extractJson, parseJsonReply } from "./json_extract.ts";

function valueOf(text: string): unknown {
  const result = extractJson(text);
  assert.ok(result.ok, `expected JSON in ${JSON.stringify(text)}`);
  return result.value;
}

Deno.test("a bare JSON reply parses directly, surrounding whitespace ignored", () => {
  assert.deepEqual(valueOf('  {"a": 1}\n'), { a: 1 });
  assert.deepEqual(valueOf("[1, 2]"), [1, 2]);
  assert.equal(valueOf("42"), 42);
});

Deno.test("a ```json fenced block inside prose is extracted", () => {
  const text = 'Here you go:\n```json\n{"answer": "yes", "n": 3}\n```\nHope it helps.';
  assert.deepEqual(valueOf(text), { answer: "yes", n: 3 });
});

Deno.test("an untagged fenced block is extracted", () => {
  assert.deepEqual(valueOf('```\n["x"]\n```'), ["x"]);
});

Deno.test("a fenced block in another language is skipped in favour of a later JSON value", () => {
  const text = '```python\nprint({1: 2})\n```\nResult: {"ok": true}';
  assert.deepEqual(valueOf(text), { ok: true });
});

Deno.test("the first balanced object after leading prose is extracted", () => {
  assert.deepEqual(valueOf('Sure! The plan is {"steps": [1, {"k": "}"}]} and more text {"z":1}'), {
    steps: [1, { k: "}" }],
  });
});

Deno.test("a balanced array is extracted when it comes first", () => {
  assert.deepEqual(valueOf('ids: ["a", "b"] then {"c": 1}'), ["a", "b"]);
});

Deno.test("braces inside strings, including escaped quotes, do not end the value early", () => {
  assert.deepEqual(valueOf('x {"s": "a \\" } ] {", "t": 2} y'), { s: 'a " } ] {', t: 2 });
});

Deno.test("a bracketed non-JSON span is skipped and the next valid value is used", () => {
  assert.deepEqual(valueOf('See [1] and [note]. {"v": [2]}'), [1]);
  assert.deepEqual(valueOf('See [note]. {"v": [2]}'), { v: [2] });
});

Deno.test("an empty reply is an error", () => {
  const result = extractJson("   ");
  assert.equal(result.ok, false);
  assert.match((result as { error: string }).error, /empty/);
});

Deno.test("prose without JSON is an error that says so", () => {
  const result = extractJson("I cannot help with that.");
  assert.equal(result.ok, false);
  assert.match((result as { error: string }).error, /no JSON/);
});

Deno.test("a truncated object is reported as an error, not a partial value", () => {
  const result = extractJson('Result: {"a": 1, "b": [1, 2');
  assert.equal(result.ok, false);
});

Deno.test("a malformed balanced object reports where it was and why it failed", () => {
  const result = extractJson("Result: {a: 1}");
  assert.equal(result.ok, false);
  assert.match((result as { error: string }).error, /offset 8 is not valid JSON/);
});

const Answer = z.object({ answer: z.string(), score: z.number() });

Deno.test("parseJsonReply returns the schema-validated value", () => {
  const result = parseJsonReply('ok {"answer": "y", "score": 0.5}', Answer);
  assert.deepEqual(result, { ok: true, value: { answer: "y", score: 0.5 } });
});

Deno.test("parseJsonReply reports invalid_json when there is no JSON", () => {
  const result = parseJsonReply("nothing here", Answer);
  assert.equal(result.ok, false);
  assert.equal((result as { code: string }).code, "invalid_json");
});

Deno.test("parseJsonReply reports a schema error naming the offending field", () => {
  const result = parseJsonReply('{"answer": "y", "score": "high"}', Answer);
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.code, "schema");
  assert.match(result.error, /score/);
});
