import assert from "node:assert/strict";
import { AutomemError } from "./automem_error.ts";
import { fnv1a32, HashEmbedder, hashTokens } from "./hash_embedder.ts";
import { ModelError } from "./ports.ts";

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
}

function firstNonZero(vector: Float32Array, n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < vector.length && out.length < n; i++) {
    if (vector[i] !== 0) out.push([i, Number(vector[i].toFixed(6))]);
  }
  return out;
}

Deno.test("fnv1a32 matches the published FNV-1a test vectors and hashes UTF-8 bytes", () => {
  assert.equal(fnv1a32(""), 0x811c9dc5);
  assert.equal(fnv1a32("a"), 0xe40c292c);
  assert.equal(fnv1a32("foobar"), 0xbf9cf968);
  // "é" is the two UTF-8 bytes C3 A9.
  assert.equal(
    fnv1a32("é"),
    Math.imul(Math.imul(0x811c9dc5 ^ 0xc3, 0x01000193) ^ 0xa9, 0x01000193) >>> 0,
  );
});

Deno.test("tokens are lower-cased words, and every CJK character is a word", () => {
  assert.deepEqual(hashTokens("我喜欢猫 and Dogs, café-au-lait 42ème"), [
    "我",
    "喜",
    "欢",
    "猫",
    "and",
    "dogs",
    "café",
    "au",
    "lait",
    "42ème",
  ]);
});

Deno.test("the id and dimension follow the constructor argument", () => {
  assert.equal(new HashEmbedder().id, "hash-384");
  assert.equal(new HashEmbedder().dim, 384);
  assert.equal(new HashEmbedder(64).id, "hash-64");
  assert.throws(() => new HashEmbedder(0), AutomemError);
});

Deno.test("vectors are pinned for a fixed English and a fixed Chinese text", () => {
  const embedder = new HashEmbedder();
  assert.deepEqual(
    firstNonZero(embedder.embedOne("The quick brown fox jumps over the lazy dog."), 5),
    [
      [19, -0.065816],
      [27, -0.131632],
      [39, -0.065816],
      [41, 0.065816],
      [53, -0.065816],
    ],
  );
  assert.deepEqual(firstNonZero(embedder.embedOne("我喜欢猫"), 5), [
    [13, 0.111803],
    [85, -0.111803],
    [140, 0.447214],
    [142, 0.111803],
    [148, 0.447214],
  ]);
});

Deno.test("vectors have unit length and the requested dimension", async () => {
  const [v] = await new HashEmbedder(128).embed(["Some text about memory systems."]);
  assert.equal(v.length, 128);
  assert.ok(Math.abs(cosine(v, v) - 1) < 1e-6);
});

Deno.test("empty or symbol-only text embeds as the zero vector", () => {
  const v = new HashEmbedder().embedOne(" ,.;!? ");
  assert.ok(v.every((x) => x === 0));
});

Deno.test("case and Unicode compatibility forms do not change the vector", () => {
  const embedder = new HashEmbedder();
  assert.deepEqual(embedder.embedOne("HELLO World"), embedder.embedOne("hello world"));
  assert.deepEqual(embedder.embedOne("ﬁle"), embedder.embedOne("file"));
});

Deno.test("a related text scores a higher cosine than an unrelated one", () => {
  const e = new HashEmbedder();
  const query = e.embedOne("Where did Alice move to last year?");
  const related = cosine(query, e.embedOne("Last year Alice moved to Paris."));
  const unrelated = cosine(query, e.embedOne("The recipe calls for two eggs and flour."));
  assert.ok(related > 0.4, `related ${related}`);
  assert.ok(related > unrelated + 0.3, `related ${related}, unrelated ${unrelated}`);
});

Deno.test("character n-grams make inflected forms similar", () => {
  const e = new HashEmbedder();
  const base = e.embedOne("running");
  assert.ok(cosine(base, e.embedOne("runner")) > cosine(base, e.embedOne("swimming")));
});

Deno.test("word order matters through bigrams", () => {
  const e = new HashEmbedder();
  const a = e.embedOne("dog bites man");
  assert.ok(cosine(a, e.embedOne("man bites dog")) < 1 - 1e-3);
  assert.ok(cosine(a, e.embedOne("dog bites man")) > 1 - 1e-6);
});

Deno.test("Chinese texts sharing characters are closer than ones that do not", () => {
  const e = new HashEmbedder();
  const q = e.embedOne("我喜欢猫");
  assert.ok(cosine(q, e.embedOne("我很喜欢小猫")) > cosine(q, e.embedOne("今天下雨了")));
});

Deno.test("embed keeps input order and rejects an aborted signal", async () => {
  const e = new HashEmbedder();
  const out = await e.embed(["a b", "c d"]);
  assert.deepEqual(out, [e.embedOne("a b"), e.embedOne("c d")]);
  await assert.rejects(e.embed(["x"], AbortSignal.abort()), ModelError);
});
