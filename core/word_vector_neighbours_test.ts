import assert from "node:assert/strict";
import { defaultNeighbourIndex } from "./word_vector_neighbours.ts";

Deno.test("word neighbours: 'automobile' is near 'car', and its own plural is not offered", async () => {
  const index = await defaultNeighbourIndex();
  const words = index.neighbours("automobile", 10, 0.5).map((n) => n.word);
  assert.ok(words.includes("car"), words.join(" "));
  assert.ok(!words.includes("automobiles"), "a spelling of the word itself is no expansion");
  const again = index.neighbours("automobile", 10, 0.5);
  assert.deepEqual(again.map((n) => n.word), words, "same word, same neighbours");
  for (let i = 1; i < again.length; i++) assert.ok(again[i - 1].cosine >= again[i].cosine);
});

Deno.test("word neighbours: an unknown word has none; vectors are unit length; rare words weigh more", async () => {
  const index = await defaultNeighbourIndex();
  assert.deepEqual(index.neighbours("qzxvbnmw", 5, 0), []);
  assert.equal(index.vectorOf("qzxvbnmw"), undefined);
  const v = index.vectorOf("cars")!;
  assert.ok(Math.abs(v.reduce((s, x) => s + x * x, 0) - 1) < 1e-9);
  assert.ok(index.weightOf("pottery") > index.weightOf("the"));
  assert.equal(index.weightOf("qzxvbnmw"), index.weightOf("qzxvbnmx"), "unknown words weigh alike");
});
