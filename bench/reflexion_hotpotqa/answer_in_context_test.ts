import assert from "node:assert/strict";
import {
  answerInContext,
  budgetedContext,
  budgetHits,
  normalizeAnswer,
  unscorableAnswer,
} from "./answer_in_context.ts";

Deno.test("answers are normalised as HotpotQA does: case, punctuation, articles, spaces", () => {
  assert.equal(normalizeAnswer("The  Blue-Rain, Inc."), "bluerain inc");
  assert.equal(normalizeAnswer('Jonny" Craig'), "jonny craig");
  assert.equal(normalizeAnswer("An Apple a day"), "apple day");
});

Deno.test("an answer is in context only as whole normalised words", () => {
  assert.equal(answerInContext("Blue Rain", ["She joined the band Blue Rain in 1999."]), true);
  assert.equal(answerInContext("The Blue Rain", ["joined blue   rain."]), true);
  assert.equal(answerInContext("Rain", ["Rainbow"]), false);
  assert.equal(answerInContext("1999", ["in 19999"]), false);
  // Each text on its own: an answer split across two units is not shown to the agent as one.
  assert.equal(answerInContext("Blue Rain", ["blue", "rain"]), false);
  assert.equal(answerInContext("", ["anything"]), false);
});

Deno.test("yes/no and empty answers cannot be evidenced by text", () => {
  assert.equal(unscorableAnswer("Yes"), true);
  assert.equal(unscorableAnswer("no."), true);
  assert.equal(unscorableAnswer("the"), true);
  assert.equal(unscorableAnswer("Norway"), false);
});

Deno.test("the budget walk takes texts in rank order and stops at the first that does not fit", () => {
  const r = budgetedContext(["aaaa", "bbbbbb", "cc", "d"], 10);
  assert.deepEqual(r, { texts: ["aaaa", "bbbbbb"], chars: 10 });
  assert.deepEqual(budgetedContext(["x".repeat(11), "y"], 10), { texts: [], chars: 0 });
});

Deno.test("each budget walks the ranking on its own; the largest reports the characters", () => {
  const ranked = ["x".repeat(600), "Blue Rain", "y".repeat(1500)];
  assert.deepEqual(budgetHits("blue rain", ranked), { hits: [false, true, true], chars: 609 });
  assert.deepEqual(budgetHits("blue rain", ranked.slice(1), [5, 20]).hits, [false, true]);
});
