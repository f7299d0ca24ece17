import assert from "node:assert/strict";
import { JsonStore } from "./json_store.ts";
import { scopedStore } from "./scoped_store.ts";
import { fixtureUnits, TEST_DIM, withTempDir } from "./conformance_fixtures.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { logicalClock } from "../core/clock.ts";

Deno.test("a scoped view lists and searches only its scope; writes and gets go through", async () => {
  await withTempDir(async (dir) => {
    const store = await JsonStore.open(
      { dir, embedding_dim: TEST_DIM, cold_start_threshold: 1 },
      { embedder: new HashEmbedder(TEST_DIM), clock: logicalClock() },
    );
    try {
      const units = fixtureUnits(6).map((u, i) => ({ ...u, user_id: i < 3 ? "a" : "b" }));
      await store.add(units);
      assert.equal(scopedStore(store, {}), store, "an empty scope is the store itself");
      const view = scopedStore(store, { user_id: "a" });
      assert.deepEqual((await view.list()).map((u) => u.id), units.slice(0, 3).map((u) => u.id));
      assert.equal(await view.count({ scope: { user_id: "b" } }), 3, "a filter's own scope wins");
      const hits = await view.vectorSearch(Float32Array.from(units[5].embedding!), 6);
      assert.deepEqual(hits.map((h) => h.id).sort(), units.slice(0, 3).map((u) => u.id).sort());
      assert.equal((await view.get(units[4].id))?.id, units[4].id);
      assert.equal(view.kind, "json");
    } finally {
      await store.close();
    }
  });
});
