import assert from "node:assert/strict";
import { normalizeText, stem, tokenize } from "./tokenize.ts";

Deno.test("tokenize keeps Latin words and drops stop words", () => {
  assert.deepEqual(tokenize("The web_search tool IS for 2024 results"), [
    "web_search",
    "tool",
    "2024",
    "result",
  ]);
});

Deno.test("pronouns and question words are dropped, so a question meets the statement answering it", () => {
  assert.deepEqual(tokenize("When did you paint the sunrise?"), ["paint", "sunrise"]);
  assert.deepEqual(tokenize("I painted a sunrise"), ["paint", "sunrise"]);
});

Deno.test("stem strips plural, -ing, -ed and -ies, and keeps short words and numbers", () => {
  const cases: [string, string][] = [
    ["paintings", "painting"],
    ["painting", "paint"],
    ["painted", "paint"],
    ["stories", "story"],
    ["boxes", "box"],
    ["class", "class"],
    ["status", "status"],
    ["bus", "bus"],
    ["sing", "sing"],
    ["2020s", "2020s"],
  ];
  for (const [word, expected] of cases) assert.equal(stem(word), expected, word);
});

Deno.test("tokenize keeps repeated terms so term frequency survives", () => {
  assert.deepEqual(tokenize("wiki wiki page"), ["wiki", "wiki", "page"]);
});

Deno.test("tokenize emits CJK characters and adjacent bigrams", () => {
  assert.deepEqual(tokenize("北京大学"), ["北", "北京", "京", "京大", "大", "大学", "学"]);
});

Deno.test("tokenize splits mixed scripts and strips accents", () => {
  assert.deepEqual(tokenize("Café résumé 东京 API"), ["cafe", "resume", "东", "东京", "京", "api"]);
});

Deno.test("normalizeText keeps Hangul syllables composed", () => {
  assert.equal(normalizeText("한국어"), "한국어");
  assert.deepEqual(tokenize("한국어"), ["한", "한국", "국", "국어", "어"]);
});

Deno.test("tokenize of punctuation-only text is empty", () => {
  assert.deepEqual(tokenize(" -- !? "), []);
});
