import assert from "node:assert/strict";
import { binomialUpperTail, pairedSignTest } from "./sign_test.ts";

const per = (scores: number[]) =>
  Object.fromEntries(scores.map((s, i) => [`t${i}`, { score: s, tokens: 0 }]));

Deno.test("sign test reproduces the reference's examples", () => {
  assert.deepEqual(
    [4, 3, 5].map((n) => binomialUpperTail(n, n)),
    [0.0625, 0.125, 0.03125],
  );
  const four = pairedSignTest(per([1, 1, 1, 1, 0]), per([0, 0, 0, 0, 0]));
  assert.deepEqual([four.wins, four.losses, four.ties, four.p_value, four.promote], [
    4,
    0,
    1,
    0.0625,
    true,
  ]);
  assert.equal(pairedSignTest(per([1, 1, 1]), per([0, 0, 0])).promote, false);
  assert.equal(pairedSignTest(per([1, 1, 1, 1, 1]), per([0, 0, 0, 0, 0])).p_value, 0.03125);
});

Deno.test("sign test needs more wins than losses and pairs tasks by id", () => {
  const t = pairedSignTest(per([1, 0, 1, 0]), per([0, 1, 0, 1]));
  assert.deepEqual([t.wins, t.losses, t.promote], [2, 2, false]);
  const none = pairedSignTest(per([1, 1]), { other: { score: 0, tokens: 0 } });
  assert.deepEqual([none.n_common, none.p_value, none.promote], [0, 1, false]);
  // Partial credit counts as a win when strictly higher.
  assert.equal(pairedSignTest(per([0.5, 0.5, 0.5, 0.5]), per([0, 0, 0, 0])).wins, 4);
});
