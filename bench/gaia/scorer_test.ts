import assert from "node:assert/strict";
import { gaiaNormalizeString, gaiaScore, pythonFloat } from "./scorer.ts";

// [prediction, gold, expected]: each vector was checked against the leaderboard's scorer rules
// (Python's float(), re's \s, string.punctuation) when it was written.
const OFFICIAL: [string, string, boolean][] = [
  ["17", "17", true],
  ["17.0", "17", true],
  ["$1,234", "1234", true],
  ["45%", "45", true],
  ["0.5", "0.50", true],
  [" 17 ", "17", true],
  ["17 moons", "17", false],
  ["18", "17", false],
  ["", "0", false],
  ["seventeen", "17", false],
  ["１２", "12", true],
  ["1_000", "1000", true],
  ["1__000", "1000", false],
  ["0x10", "16", false],
  ["1e3", "1000", true],
  ["+5", "5", true],
  [".5", "0.5", true],
  ["5.", "5", true],
  ["-0", "0", true],
  ["4,417 storms", "4417", false],
  ["4,417", "4417", true],
  ["inf", "inf", true],
  ["garbage", "inf", true],
  ["nan", "nan", false],
  ["١٢", "12", true],
  ["12 ", " 12", true],
  ["a, b, c", "a,b,c", true],
  ["A;B;C", "a, b, c", true],
  ["1, 2, 3", "1,2,3.0", true],
  ["1, 2", "1,2,3", false],
  ["b, a", "a, b", false],
  ["st. louis, paris", "St.Louis, Paris", true],
  ["st louis, paris", "St. Louis, Paris", false],
  ["2,3", "2, 4", false],
  ["1;2", "1,2", true],
  ["a,,b", "a, ,b", true],
  ["$1, 2%", "1, 2", true],
  ["1,234", "1,234", true],
  ["1234", "1,234", false],
  ["The Beatles", "the beatles", true],
  ["the-beatles!", "The Beatles", true],
  ["  Right  ", "right", true],
  ["Rolling Stones", "The Beatles", false],
  ["", "x", false],
  ["Paris。", "Paris", false],
  ["São Paulo", "sao paulo", false],
  ["«Paris»", "Paris", false],
  ["Pa_ris", "Paris", true],
  ["New York", "new york", true],
  ["New​York", "NewYork", false],
  ["Ｐａｒｉｓ", "paris", false],
  ["right–wing", "rightwing", false],
  ["right-wing", "rightwing", true],
  ["None", "none", true],
];

Deno.test("GAIA's scorer agrees with the official scorer on 54 edge cases", () => {
  const wrong = OFFICIAL.filter(([p, g, want]) => gaiaScore(p, g) !== want)
    .map(([p, g, want]) => `score(${JSON.stringify(p)}, ${JSON.stringify(g)}) should be ${want}`);
  assert.deepEqual(wrong, []);
});

Deno.test("GAIA's number parser follows Python's float(), not JavaScript's Number()", () => {
  assert.equal(pythonFloat("１２.５"), 12.5);
  assert.equal(pythonFloat("1_000.0_1"), 1000.01);
  assert.equal(pythonFloat(" -Infinity "), -Infinity);
  assert.equal(pythonFloat("𝟗"), 9);
  for (const bad of ["", " ", "0x10", "0b1", "1e", "_1", "1_", "1 000", "Infinity1", "١٢.٣x"]) {
    assert.equal(pythonFloat(bad), undefined, JSON.stringify(bad));
  }
});

Deno.test("GAIA's string normaliser removes ASCII punctuation only", () => {
  assert.equal(gaiaNormalizeString("A.B-C! «D» 。"), "abc«d»。");
  assert.equal(gaiaNormalizeString("A.B", false), "a.b");
});

Deno.test("a missing GAIA prediction scores like the text None", () => {
  assert.equal(gaiaScore(null, "1"), false);
  assert.equal(gaiaScore(undefined, "abc"), false);
  assert.equal(gaiaScore(null, "none"), true);
});
