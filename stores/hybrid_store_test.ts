import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { unitSignature } from "../core/unit.ts";
import { HybridStore, minMaxNormalize } from "./hybrid_store.ts";
import { StoreError } from "./store_error.ts";
import { fixtureUnits, storeConformance, TEST_DIM, withTempDir } from "./store_conformance.ts";

const open = (dir: string, checkpointAfter?: number) =>
  HybridStore.open(
    { dir, embedding_dim: TEST_DIM, cold_start_threshold: 20, checkpoint_after: checkpointAfter },
    { embedder: new HashEmbedder(TEST_DIM), clock: logicalClock() },
  );

storeConformance("hybrid", (dir, options) => open(dir, options?.checkpointAfter));

Deno.test("minMax scales to [0, 1] and maps equal scores to 1", () => {
  assert.deepEqual([
    ...minMaxNormalize([{ id: "a", score: 2 }, { id: "b", score: 4 }, { id: "c", score: 3 }]),
  ], [
    ["a", 0],
    ["b", 1],
    ["c", 0.5],
  ]);
  assert.deepEqual([...minMaxNormalize([{ id: "a", score: 7 }])], [["a", 1]]);
});

Deno.test("hybrid: hybridSearch fuses min-max scores with the given weights", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(20);
      const note = { ...units[5].content, note: "quasar quasar" };
      units[5] = { ...units[5], content: note, signature: unitSignature(note) };
      await store.add(units);
      const query = Float32Array.from(units[9].embedding!);
      const semanticOnly = await store.hybridSearch("quasar", query, 3, {
        semanticWeight: 1,
        keywordWeight: 0,
      });
      assert.equal(semanticOnly[0].id, units[9].id);
      const keywordOnly = await store.hybridSearch("quasar", query, 3, {
        semanticWeight: 0,
        keywordWeight: 1,
      });
      assert.equal(keywordOnly[0].id, units[5].id);
      assert.equal(keywordOnly[0].score, 1);
      const both = await store.hybridSearch("quasar", query, 2, {
        semanticWeight: 0.5,
        keywordWeight: 0.5,
      });
      assert.deepEqual(both.map((h) => h.id).sort(), [units[5].id, units[9].id].sort());
      assert.deepEqual(both.map((h) => h.score), [0.5, 0.5]);
      await assert.rejects(
        store.hybridSearch("x", query, 2, { semanticWeight: -1, keywordWeight: 1 }),
        (e: unknown) => e instanceof StoreError && e.path.join(".") === "weights.semanticWeight",
      );
    } finally {
      await store.close();
    }
  });
});
