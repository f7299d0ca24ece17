import assert from "node:assert/strict";
import { createRng } from "../core/rng.ts";
import { compareRanked, TopK } from "./top_k.ts";

Deno.test("TopK returns the same items as a full sort, for random inputs", () => {
  const rng = createRng("topk");
  for (let round = 0; round < 50; round++) {
    const n = 1 + rng.int(200);
    const k = rng.int(15);
    // Few distinct scores so ties are common and the id tie-break is exercised.
    const items = Array.from({ length: n }, (_, i) => ({
      slot: i,
      id: `id${rng.int(1000)}_${i}`,
      score: rng.int(8) / 8,
    }));
    const top = new TopK(k);
    for (const it of items) top.offer(it.score, it.slot, it.id);
    assert.deepEqual(top.results(), [...items].sort(compareRanked).slice(0, k));
  }
});

Deno.test("TopK with k = 0 selects nothing and ignores NaN scores", () => {
  const zero = new TopK(0);
  zero.offer(1, 0, "a");
  assert.deepEqual(zero.results(), []);
  const one = new TopK(1);
  one.offer(Number.NaN, 0, "a");
  one.offer(0.5, 1, "b");
  assert.deepEqual(one.results(), [{ slot: 1, id: "b", score: 0.5 }]);
});

Deno.test("TopK.admits rejects scores below a full heap's worst", () => {
  const top = new TopK(2);
  top.offer(0.9, 0, "a");
  assert.equal(top.admits(0.1), true);
  top.offer(0.8, 1, "b");
  assert.equal(top.admits(0.1), false);
  assert.equal(top.admits(0.8), true);
});
