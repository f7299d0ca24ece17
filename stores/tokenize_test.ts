import assert from "node:assert/strict";
import { normalizeText, tokenize } from "./tokenize.ts";

Deno.test("tokenize keeps Latin words and drops stop words", () => {
  assert.deepEqual(tokenize("The web_search tool IS for 2024 results"), [
    "web_search",
    "tool",
    "2024",
    "results",
  ]);
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
