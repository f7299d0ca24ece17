import assert from "node:assert/strict";
import { contextBudgetRecall, MeanTable, turnBudgetRecall } from "./locomo_budget.ts";

Deno.test("turn budget expands each item's turns in order and stops at B distinct turns", () => {
  // A wide first item spends the budget: its 4 turns fill B = 3 before the gold D2:1 is reached.
  const ranked = [["D1:1", "D1:2", "D1:3", "D1:4"], ["D2:1"], ["D1:1", "D3:1"]];
  assert.deepEqual(turnBudgetRecall(ranked, ["D1:4", "D2:1"], [3, 5, 6]), {
    "3": 0,
    "5": 1,
    "6": 1,
  });
  // A turn cited twice counts once against the budget.
  assert.deepEqual(turnBudgetRecall([["a"], ["a"], ["b"]], ["b"], [2]), { "2": 1 });
  // Fewer turns than the budget keep what was found.
  assert.deepEqual(turnBudgetRecall([["a"]], ["a", "z"], [10]), { "10": 0.5 });
  assert.throws(() => turnBudgetRecall([], [], [1]), /needs gold evidence/);
});

Deno.test("context budget takes items while their shown characters fit, and stops at the first that does not", () => {
  const ranked = [
    { refs: ["a"], chars: 40 },
    { refs: ["b"], chars: 70 },
    { refs: ["c"], chars: 10 },
  ];
  assert.deepEqual(contextBudgetRecall(ranked, ["a", "c"], 100), {
    recall: 0.5,
    chars: 40,
    items: 1,
  });
  assert.deepEqual(contextBudgetRecall(ranked, ["a", "c"], 120), {
    recall: 1,
    chars: 120,
    items: 3,
  });
  assert.deepEqual(contextBudgetRecall(ranked, ["a"], 39), { recall: 0, chars: 0, items: 0 });
});

Deno.test("the mean table averages named values overall and per category", () => {
  const t = new MeanTable();
  t.add(2, { recall: 1, chars: 10 });
  t.add(1, { recall: 0, chars: 30 });
  t.add(2, { recall: 0.5, chars: 20 });
  const s = t.summary();
  assert.deepEqual(s.values, { recall: 0.5, chars: 20 });
  assert.equal(s.questions, 3);
  assert.deepEqual(Object.keys(s.by_category), ["1", "2"]);
  assert.deepEqual(s.by_category["2"], { values: { recall: 0.75, chars: 15 }, questions: 2 });
});
