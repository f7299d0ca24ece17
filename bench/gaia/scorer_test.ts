import assert from "node:assert/strict";
import { gaiaScore } from "./scorer.ts";

// Test vectors written for this project: [prediction, gold, expected].
const VECTORS: [string, string, boolean][] = [
  // numbers
  ["17", "17", true],
  ["17.0", "17", true],
  ["$1,234", "1234", true],
  ["45%", "45", true],
  ["0.5", "0.50", true],
  ["17 moons", "17", false],
  ["18", "17", false],
  ["", "0", false],
  ["seventeen", "17", false],
  // lists
  ["a, b, c", "a,b,c", true],
  ["A;B;C", "a, b, c", true],
  ["1, 2, 3", "1,2,3.0", true],
  ["1, 2", "1,2,3", false],
  ["b, a", "a, b", false],
  ["st. louis, paris", "St.Louis, Paris", true],
  ["st louis, paris", "St. Louis, Paris", false],
  ["2,3", "2, 4", false],
  // strings
  ["The Beatles", "the beatles", true],
  ["the-beatles!", "The Beatles", true],
  ["  Right  ", "right", true],
  ["Rolling Stones", "The Beatles", false],
  ["", "x", false],
];

Deno.test("GAIA's scorer follows the published rules for numbers, lists and strings", () => {
  for (const [p, g, want] of VECTORS) {
    assert.equal(gaiaScore(p, g), want, `score(${JSON.stringify(p)}, ${JSON.stringify(g)})`);
  }
});

Deno.test("a missing GAIA prediction is incorrect", () => {
  assert.equal(gaiaScore(null, "1"), false);
  assert.equal(gaiaScore(undefined, "abc"), false);
});
