import assert from "node:assert/strict";
import {
  clipWords,
  contentWords,
  describeAction,
  firstSentence,
  snakeName,
  stepHeadline,
  topKeywords,
} from "./text_rules.ts";

Deno.test("clipWords marks a cut and leaves short text alone", () => {
  assert.equal(clipWords("a b c", 5), "a b c");
  assert.equal(clipWords("a  b\nc d", 2), "a b …");
});

Deno.test("firstSentence, contentWords, topKeywords and snakeName", () => {
  assert.equal(firstSentence("One two. Three four."), "One two.");
  assert.deepEqual(contentWords("The dog and the Dogs ran"), ["dog", "dogs", "ran"]);
  assert.deepEqual(topKeywords("cat dog cat bird dog cat", 2), ["cat", "dog"]);
  assert.equal(snakeName("Find the <TARGET_ENTITY_1> birth year quickly", 3), "find_birth_year");
});

Deno.test("describeAction and stepHeadline render each step kind on one line", () => {
  assert.equal(
    describeAction({ tool: "take", args: { object: "mug 1", receptacle: "desk 1" } }),
    "take[mug 1, desk 1]",
  );
  assert.equal(describeAction({ tool: "look" }), "look");
  assert.equal(
    stepHeadline({ ref: "D1:1", kind: "turn", speaker: "Ann", text: "Hi there" }),
    "Ann: Hi there",
  );
  assert.equal(
    stepHeadline({ ref: "s", kind: "summary", text: "x", meta: { role: "problem" } }),
    "problem: x",
  );
  assert.equal(stepHeadline({ ref: "s", kind: "plan", text: "go" }), "plan: go");
});
