import assert from "node:assert/strict";
import { addPath, feedbackVector, fuse, fusionScale } from "./hybrid_fusion.ts";
import { makeUnit, vec } from "./testing/fixtures.ts";

const sem = [{ id: "a", score: 0.9 }, { id: "b", score: 0.1 }];
const kw = [{ id: "b", score: 50 }, { id: "c", score: 49 }];

Deno.test("fusion: weighted scores follow the scores, RRF only the ranks", () => {
  const weighted = fuse(sem, kw, { semanticWeight: 0.5, keywordWeight: 0.5, rrfK: 0 });
  assert.deepEqual([...weighted], [["a", 0.5], ["b", 0.5], ["c", 0]]);
  const rrf = fuse(sem, kw, { semanticWeight: 0.5, keywordWeight: 0.5, rrfK: 1 });
  // b is 2nd on one path and 1st on the other: 0.5/3 + 0.5/2 beats a's 0.5/2 and c's 0.5/3.
  assert.ok(Math.abs(rrf.get("b")! - (0.5 / 3 + 0.5 / 2)) < 1e-12);
  assert.ok(rrf.get("b")! > rrf.get("a")! && rrf.get("a")! > rrf.get("c")!);
  assert.equal(fusionScale({ semanticWeight: 1, keywordWeight: 1, rrfK: 0 }), 1);
  assert.equal(fusionScale({ semanticWeight: 1, keywordWeight: 1, rrfK: 3 }), 0.25);
});

Deno.test("fusion: a third path adds its weighted scores and brings new ids", () => {
  const fused = fuse(sem, kw, { semanticWeight: 1, keywordWeight: 1, rrfK: 0 });
  addPath(fused, [{ id: "d", score: 3 }, { id: "a", score: 1 }], 0.5, {
    semanticWeight: 1,
    keywordWeight: 1,
    rrfK: 0,
  });
  assert.equal(fused.get("d"), 0.5);
  assert.equal(fused.get("a"), 1, "a's expansion score normalises to 0");
});

Deno.test("dense feedback: the query moves towards the best documents; none with vectors, none moved", () => {
  const units = new Map([
    ["a", makeUnit("a", { vector: vec(1) })],
    ["b", makeUnit("b", { vector: null })],
  ]);
  const q = Float32Array.from(vec(0));
  const moved = feedbackVector(q, new Map([["a", 1], ["b", 0.5]]), units, 2, 1)!;
  assert.ok(Math.abs(moved[0] - Math.SQRT1_2) < 1e-6 && Math.abs(moved[1] - Math.SQRT1_2) < 1e-6);
  assert.equal(feedbackVector(q, new Map([["b", 1]]), units, 2, 1), undefined);
});
