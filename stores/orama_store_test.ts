import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { HybridStore } from "./hybrid_store.ts";
import { fixtureUnits, TEST_DIM, withTempDir } from "./store_conformance.ts";

Deno.test("Orama metadata follows updates, soft deletes and compaction", async () => {
  await withTempDir(async (dir) => {
    const store = await HybridStore.open(
      { dir, embedding_dim: TEST_DIM, cold_start_threshold: 20 },
      {
        embedder: new HashEmbedder(TEST_DIM),
        clock: logicalClock(),
      },
    );
    try {
      const [a, b, c] = fixtureUnits(3);
      await store.add([a, b, c]);
      await store.update([{ ...(await store.get(a.id))!, source_task_id: "moved" }]);
      assert.deepEqual((await store.list({ excludeTaskIds: ["moved"] })).map((u) => u.id), [
        b.id,
        c.id,
      ]);
      await store.remove([b.id]);
      assert.deepEqual((await store.list()).map((u) => u.id), [a.id, c.id]);
      assert.deepEqual((await store.list({ activeOnly: false })).map((u) => u.id), [
        a.id,
        b.id,
        c.id,
      ]);
      await store.compact();
      assert.deepEqual((await store.list({ activeOnly: false })).map((u) => u.id), [a.id, c.id]);
      assert.deepEqual(
        await store.textSearch(b.source_task_query, 5, { activeOnly: false }).then((h) =>
          h.filter((x) => x.id === b.id)
        ),
        [],
      );
    } finally {
      await store.close();
    }
  });
});
