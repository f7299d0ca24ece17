/**
 * The offline default embedder end to end: a fresh memory opened with no embedder, no network
 * and no `../shared` data retrieves by meaning, not only by shared words.
 */
import assert from "node:assert/strict";
import { WORD_VECTOR_EMBEDDER_ID } from "../core/word_vector_embedder.ts";
import { createMemory } from "../memory/create_memory.ts";
import { EMBEDDER_MARKER } from "../stores/embedder_marker.ts";
import { StoreError } from "../stores/store_error.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";

const SPEC = {
  schema_version: "1",
  encode: "tip",
  store: "vector",
  retrieve: "hybrid",
  manage: "lightweight",
};

Deno.test("by default a memory uses word vectors: 'automobile' retrieves the unit about a car", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_wordvec_default_" });
  try {
    {
      await using memory = await createMemory({ spec: SPEC, dir });
      const car = await memory.add("Park the car in the garage before the storm.");
      await memory.add("Knead the bread dough for ten minutes.");
      await memory.add("Water the tomato plants every morning.");
      await memory.add("Back up the database before upgrading it.");
      const hits = await memory.search("automobile", { k: 4 });
      assert.equal(hits[0]?.unit.id, car.id, JSON.stringify(hits.map((h) => h.unit.id)));
      // A hashing embedder shares no feature between the two words (cosine near 0).
      assert.ok(hits[0].score > 0.2, `cosine ${hits[0].score}`);
      assert.equal(car.embedding?.length, 100);
    }
    const marker = JSON.parse(await Deno.readTextFile(`${dir}/store_vector/${EMBEDDER_MARKER}`));
    assert.equal(marker.id, WORD_VECTOR_EMBEDDER_ID);
    // The same store opened with the hashing embedder is refused, not read as corrupt.
    await assert.rejects(
      createMemory({ spec: SPEC, dir, embedder: new HashEmbedder(100) }),
      (e: unknown) => e instanceof StoreError && e.code === "embedder_mismatch",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
