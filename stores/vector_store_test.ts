import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { fixtureUnits, storeConformance, TEST_DIM, withTempDir } from "./store_conformance.ts";
import { VectorStore } from "./vector_store.ts";

const open = (dir: string, checkpointAfter?: number) =>
  VectorStore.open(
    { dir, embedding_dim: TEST_DIM, cold_start_threshold: 20, checkpoint_after: checkpointAfter },
    { embedder: new HashEmbedder(TEST_DIM), clock: logicalClock() },
  );

storeConformance("vector", (dir, options) => open(dir, options?.checkpointAfter));

Deno.test("vector: k filtered results come back even when the best matches are excluded", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(40);
      await store.add(units);
      const query = Float32Array.from(units[0].embedding!);
      const best = await store.vectorSearch(query, 10);
      const excluded = [
        ...new Set(best.map((h) => units.find((u) => u.id === h.id)!.source_task_id)),
      ];
      const rest = await store.vectorSearch(query, 5, { excludeTaskIds: excluded });
      assert.equal(rest.length, 5);
      const excludedSet = new Set(excluded);
      for (const h of rest) {
        assert.ok(!excludedSet.has(units.find((u) => u.id === h.id)!.source_task_id));
      }
    } finally {
      await store.close();
    }
  });
});

Deno.test("vector: listings are answered by the Orama metadata index", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(15);
      await store.add(units);
      await store.remove([units[0].id]);
      await store.update([{ ...(await store.get(units[1].id))!, task_outcome: "" }]);
      assert.deepEqual((await store.list({ outcomes: [""] })).map((u) => u.id), [units[1].id]);
      assert.equal(
        await store.count({ activeOnly: false, types: [units[0].type] }),
        units.filter((u) => u.type === units[0].type).length,
      );
      assert.equal(await store.count({ types: [] }), 0);
    } finally {
      await store.close();
    }
  });
});
