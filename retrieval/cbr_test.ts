import assert from "node:assert/strict";
import { CASE_EMBED_BATCH, CaseEmbeddingCache, cbrCandidates } from "./cbr.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, qvec, TableEmbedder, vec } from "./testing/fixtures.ts";

Deno.test("CaseEmbeddingCache: embeds in bounded batches and forgets texts that left", async () => {
  const texts = Array.from({ length: CASE_EMBED_BATCH + 5 }, (_, i) => `task ${i}`);
  const embedder = new TableEmbedder(Object.fromEntries(texts.map((t) => [t, vec(0)])));
  const cache = new CaseEmbeddingCache(embedder);
  await cache.refresh(new Set(texts));
  assert.deepEqual(embedder.batches.map((b) => b.length), [CASE_EMBED_BATCH, 5]);
  await cache.refresh(new Set(texts.slice(0, 3)));
  assert.equal(cache.size, 3);
  assert.equal(embedder.batches.length, 2, "cached texts are not embedded again");
});

Deno.test("cbrCandidates: units without a source task compete on content only", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("op", { source_task_query: "", task_outcome: "", vector: vec(0) }),
    makeUnit("case", { source_task_query: "same task", vector: vec(5) }),
  ]);
  const embedder = new TableEmbedder({ "same task": vec(0, 0.1) });
  const pool = await cbrCandidates(makeQuery("q", qvec(0)), 15, {
    store,
    cache: new CaseEmbeddingCache(embedder),
    contentWeight: 0.7,
  });
  assert.deepEqual(pool.map((c) => [c.unit.id, c.method]), [["case", "cbr_case"], [
    "op",
    "cbr_content",
  ]]);
  assert.ok(Math.abs(pool[1].rank - 0.7) < 1e-6);
  assert.equal(pool[1].score, 1);
});

Deno.test("cbrCandidates: a query without a usable embedding yields nothing", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a", { vector: vec(0) })]);
  const pool = await cbrCandidates(makeQuery("q", new Float32Array(8)), 15, {
    store,
    cache: new CaseEmbeddingCache(new TableEmbedder({})),
    contentWeight: 0.7,
  });
  assert.deepEqual(pool, []);
});
