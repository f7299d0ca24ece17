import assert from "node:assert/strict";
import { coverage, jaccard, termSet, tokenize } from "./lexical.ts";

Deno.test("tokenize: lower-case words, CJK characters and bigrams", () => {
  assert.deepEqual(tokenize("Parse_PDF files, café!"), ["parse_pdf", "files", "café"]);
  assert.deepEqual(tokenize("abc中文x"), ["abc", "中", "文", "中文", "x"]);
});

Deno.test("termSet drops stopwords; jaccard and coverage measure overlap", () => {
  const q = termSet("How many of the albums");
  assert.deepEqual([...q], ["how", "many", "albums"]);
  assert.equal(jaccard(new Set(["a", "b"]), new Set(["b", "c"])), 1 / 3);
  assert.equal(jaccard(new Set(), new Set()), 0);
  assert.equal(coverage(new Set(["a", "b"]), new Set(["a"])), 0.5);
  assert.equal(coverage(new Set(), new Set(["a"])), 0);
});
