import assert from "node:assert/strict";
import { baselineTerms, TurnBm25 } from "./locomo_bm25.ts";

Deno.test("question words and function words are not terms", () => {
  assert.deepEqual(baselineTerms("What did Ana say when the cat arrived?"), [
    "ana",
    "say",
    "cat",
    "arrived",
  ]);
});

Deno.test("BM25 ranks the turn sharing the rare words first, ties by id", () => {
  const index = new TurnBm25([
    { id: "D1:2", text: "Ben: I like cats." },
    { id: "D1:1", text: "Ana: My cat Pixel is a Russian Blue." },
    { id: "D1:3", text: "Ana: Pottery on Thursdays." },
    { id: "D1:4", text: "Ben: cats" },
    { id: "D1:5", text: "Ana: cats" },
  ]);
  assert.deepEqual(index.search("Which breed is Pixel, the Russian Blue?", 2), ["D1:1"]);
  assert.deepEqual(index.search("cats", 2), ["D1:4", "D1:5"], "short docs first, then by id");
  assert.deepEqual(index.search("what when", 5), [], "no term, no result");
  assert.deepEqual(new TurnBm25([]).search("cats", 3), []);
});

Deno.test("term frequency saturates with k1 and long turns are normalised with b", () => {
  const index = new TurnBm25([
    { id: "a", text: "river river river river river river" },
    { id: "b", text: "river delta" },
  ]);
  assert.deepEqual(index.search("river", 2), ["a", "b"]);
  const flat = new TurnBm25([
    { id: "a", text: "river river river river river river" },
    { id: "b", text: "river delta" },
  ], { k1: 0 });
  // With k1 = 0 term frequency is ignored: equal scores, so ids decide.
  assert.deepEqual(flat.search("river", 2), ["a", "b"]);
});
