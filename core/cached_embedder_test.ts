import assert from "node:assert/strict";
import { cachedEmbedder } from "./cached_embedder.ts";
import { HashEmbedder } from "./hash_embedder.ts";
import { type Embedder, ModelError } from "./ports.ts";

/** An embedder that records each batch it is asked for. */
function countingEmbedder(): Embedder & { batches: string[][] } {
  const inner = new HashEmbedder(16);
  const batches: string[][] = [];
  return {
    id: inner.id,
    dim: inner.dim,
    batches,
    embed(texts: string[]) {
      batches.push([...texts]);
      return inner.embed(texts);
    },
  };
}

Deno.test("the wrapper keeps the inner id and dimension", () => {
  const cached = cachedEmbedder(new HashEmbedder(32));
  assert.equal(cached.id, "hash-32");
  assert.equal(cached.dim, 32);
});

Deno.test("repeated texts are embedded once and returned in input order", async () => {
  const inner = countingEmbedder();
  const cached = cachedEmbedder(inner, 10);
  const out = await cached.embed(["a", "b", "a"]);
  assert.deepEqual(inner.batches, [["a", "b"]]);
  assert.deepEqual(out[0], out[2]);
  assert.notDeepEqual(out[0], out[1]);
  await cached.embed(["b", "c"]);
  assert.deepEqual(inner.batches, [["a", "b"], ["c"]]);
});

Deno.test("cached vectors equal the inner embedder's vectors", async () => {
  const inner = new HashEmbedder(16);
  const cached = cachedEmbedder(inner);
  await cached.embed(["hello world"]);
  assert.deepEqual(await cached.embed(["hello world"]), await inner.embed(["hello world"]));
});

Deno.test("the least recently used entry is evicted first", async () => {
  const inner = countingEmbedder();
  const cached = cachedEmbedder(inner, 2);
  await cached.embed(["a", "b"]);
  await cached.embed(["a"]); // a is now the most recent
  await cached.embed(["c"]); // evicts b
  inner.batches.length = 0;
  await cached.embed(["a", "c", "b"]);
  assert.deepEqual(inner.batches, [["b"]]);
});

Deno.test("mutating a returned vector does not corrupt the cache", async () => {
  const cached = cachedEmbedder(new HashEmbedder(16));
  const [first] = await cached.embed(["text"]);
  const original = first.slice();
  first.fill(0);
  assert.deepEqual((await cached.embed(["text"]))[0], original);
});

Deno.test("a zero-size cache passes every call through", async () => {
  const inner = countingEmbedder();
  const cached = cachedEmbedder(inner, 0);
  await cached.embed(["a"]);
  await cached.embed(["a"]);
  assert.equal(inner.batches.length, 2);
});

Deno.test("an inner embedder returning the wrong number of vectors is an error", async () => {
  const broken: Embedder = { id: "b", dim: 2, embed: () => Promise.resolve([]) };
  await assert.rejects(cachedEmbedder(broken).embed(["x"]), ModelError);
});
