import assert from "node:assert/strict";
import { lexicalRelevance, OUTCOME_PRIOR } from "./lexical_rerank.ts";
import { termSet } from "./lexical.ts";
import { makeUnit } from "./testing/fixtures.ts";

Deno.test("lexicalRelevance: source-task overlap, content coverage and outcome all count", () => {
  const q = termSet("convert currency rates");
  const same = makeUnit("a", {
    source_task_query: "convert currency rates",
    text: "convert currency",
  });
  const none = makeUnit("b", { source_task_query: "draw a map", text: "unrelated" });
  assert.ok(Math.abs(lexicalRelevance(q, same) - (0.5 + 0.3 * (2 / 3) + 0.2)) < 1e-9);
  assert.equal(lexicalRelevance(q, none), 0.2 * OUTCOME_PRIOR.success);
  const failed = makeUnit("c", {
    source_task_query: "draw a map",
    text: "x",
    task_outcome: "failure",
  });
  assert.ok(lexicalRelevance(q, failed) < lexicalRelevance(q, none));
});
