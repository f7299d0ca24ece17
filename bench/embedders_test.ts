import assert from "node:assert/strict";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { WordVectorEmbedder } from "../core/word_vector_embedder.ts";
import { benchEmbedder, formatEmbedderTable, PARAPHRASES } from "./embedders.ts";

Deno.test("the embedder bench ranks word vectors above hashing on paraphrases and counts texts per second", async () => {
  let t = 0;
  const now = () => (t += 10);
  const hash = await benchEmbedder(new HashEmbedder(), { texts: 20, now });
  const words = await benchEmbedder(new WordVectorEmbedder(), { texts: 20, now });
  assert.equal(PARAPHRASES.length, 12);
  assert.ok(words.paraphrase > hash.paraphrase + 0.2, `${words.paraphrase} vs ${hash.paraphrase}`);
  assert.ok(words.ranked > hash.ranked, `${words.ranked} vs ${hash.ranked}`);
  assert.ok(words.unrelated < 0.2);
  // The fake clock advances 10 ms per reading: 20 texts in 10 ms.
  assert.equal(words.per_s, 2000);
  assert.equal(words.load_ms, 10);
  const table = formatEmbedderTable([hash, words]);
  assert.match(table, /\| hash-384 \| 384 \|/);
  assert.match(table, /\| wordvec-sg100-v1 \| 100 \|/);
});
