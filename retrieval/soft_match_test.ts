import assert from "node:assert/strict";
import { defaultNeighbourIndex } from "../core/word_vector_neighbours.ts";
import { contentTokens, softDoc, softMatch } from "./soft_match.ts";

Deno.test("soft match: function words are not matched, content words are", () => {
  assert.deepEqual(contentTokens("Where is the automobile of Jon?"), [
    "where",
    "automobile",
    "jon",
  ]);
});

Deno.test("soft match: a paraphrase scores above an unrelated text, an identical word scores 1", async () => {
  const index = await defaultNeighbourIndex();
  const q = contentTokens("automobile");
  const car = softMatch(q, softDoc("My car broke down on the highway.", index), index);
  const bread = softMatch(q, softDoc("I baked banana bread this morning.", index), index);
  assert.ok(car > bread + 0.2, `car ${car} vs bread ${bread}`);
  assert.equal(softMatch(q, softDoc("an automobile", index), index), 1);
  assert.equal(softMatch(["blorfix"], softDoc("the blorfix code", index), index), 1);
  assert.equal(softMatch([], softDoc("anything", index), index), 0);
});
