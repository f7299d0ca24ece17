import assert from "node:assert/strict";
import { normalizeKs, RecallTable, scoreQuestion } from "./locomo_metrics.ts";

Deno.test("recall@k counts distinct gold turns covered by the top k items", () => {
  const ranked = [["D1:1", "D1:2"], ["D1:9"], ["D1:2", "D1:3"], ["D2:1"]];
  const s = scoreQuestion(ranked, ["D1:2", "D1:3", "D2:1"], [1, 2, 3, 4]);
  assert.deepEqual(s.recall, { "1": 1 / 3, "2": 1 / 3, "3": 2 / 3, "4": 1 });
  assert.equal(s.rr, 1);
  assert.equal(s.turns, 6 / 4);
});

Deno.test("a turn covered twice counts once and the rank of the first hit gives the RR", () => {
  const s = scoreQuestion([["D1:5"], ["D1:1"], ["D1:1"]], ["D1:1", "D1:1"], [1, 3]);
  assert.deepEqual(s.recall, { "1": 0, "3": 1 });
  assert.equal(s.rr, 1 / 2);
});

Deno.test("fewer items than k and no hit give 0 recall and 0 RR", () => {
  const s = scoreQuestion([["x"]], ["D1:1"], [5]);
  assert.deepEqual(s.recall, { "5": 0 });
  assert.equal(s.rr, 0);
  assert.equal(s.turns, 1, "only retrieved items count");
  assert.equal(scoreQuestion([], ["D1:1"], [3]).turns, 0);
  assert.throws(() => scoreQuestion([], [], [1]), /needs gold evidence/);
});

Deno.test("the table macro-averages overall and per category", () => {
  const t = new RecallTable([1, 2]);
  t.add(1, { recall: { "1": 1, "2": 1 }, rr: 1, turns: 3 });
  t.add(2, { recall: { "1": 0, "2": 0.5 }, rr: 0.5, turns: 1 });
  t.add(2, { recall: { "1": 0, "2": 0 }, rr: 0, turns: 2 });
  const s = t.summary();
  assert.deepEqual(s.recall, { "1": 1 / 3, "2": 0.5 });
  assert.equal(s.mrr, 0.5);
  assert.equal(s.mrr_at, 2, "MRR says its cut-off (the largest k)");
  assert.equal(s.questions, 3);
  assert.equal(s.turns_per_item, 2);
  assert.deepEqual(Object.keys(s.by_category), ["1", "2"]);
  assert.deepEqual(s.by_category["2"], {
    recall: { "1": 0, "2": 0.25 },
    mrr: 0.25,
    mrr_at: 2,
    questions: 2,
    turns_per_item: 1.5,
  });
});

Deno.test("k lists are validated, deduplicated and sorted", () => {
  assert.deepEqual(normalizeKs([10, 1, 5, 1]), [1, 5, 10]);
  assert.throws(() => normalizeKs([]), /at least one k/);
  assert.throws(() => normalizeKs([0]), /0 is not a positive integer/);
  assert.throws(() => normalizeKs([1.5]), /not a positive integer/);
});
