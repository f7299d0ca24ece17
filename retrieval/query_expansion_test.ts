import assert from "node:assert/strict";
import { expandableWords, expansionText } from "./query_expansion.ts";

Deno.test("query expansion: names, stop words and question words are not expanded", () => {
  assert.deepEqual(
    expandableWords("What kind of automobile did Melanie's brother buy?"),
    ["automobile", "brother", "buy"],
  );
  assert.deepEqual(
    expandableWords("Pottery classes"),
    ["pottery", "classes"],
    "a first word counts",
  );
});

Deno.test("query expansion: 'automobile' brings 'car'; weight 0 or no words switch it off", async () => {
  const on = { weight: 0.2, words: 5, minCosine: 0.5 };
  const terms = (await expansionText("Where is the automobile?", on)).split(" ");
  assert.ok(terms.includes("car"), terms.join(" "));
  assert.ok(!terms.includes("automobile"), "the query's own words are not repeated");
  assert.equal(await expansionText("Where is the automobile?", { ...on, weight: 0 }), "");
  assert.equal(await expansionText("Where is the automobile?", { ...on, words: 0 }), "");
  assert.equal(await expansionText("Who is Melanie?", on), "");
});
