import assert from "node:assert/strict";
import { BenchConfigError, DataUnavailableError, TaskFileError } from "./errors.ts";

Deno.test("benchmark errors name their field, path and issues", () => {
  const c = new BenchConfigError("families", "must be positive");
  assert.equal(c.field, "families");
  assert.match(c.message, /'families': must be positive/);
  const d = new DataUnavailableError("/x/locomo10.json");
  assert.equal(d.path, "/x/locomo10.json");
  assert.match(d.message, /unavailable at \/x\/locomo10\.json/);
  const issues = Array.from(
    { length: 7 },
    (_, i) => ({ code: "c", path: [i + 1], message: `line ${i + 1}: bad` }),
  );
  const f = new TaskFileError("t.jsonl", issues);
  assert.equal(f.issues.length, 7);
  assert.match(f.message, /^invalid task file t\.jsonl: line 1: bad; .* \(\+2 more\)$/);
});
