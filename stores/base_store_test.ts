import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { JsonStore } from "./json_store.ts";
import { StoreError } from "./store_error.ts";
import { fixtureUnits, TEST_DIM, withTempDir } from "./store_conformance.ts";

const open = (dir: string) =>
  JsonStore.open({ dir, embedding_dim: TEST_DIM, cold_start_threshold: 3 }, {
    embedder: new HashEmbedder(TEST_DIM),
    clock: logicalClock(),
  });

Deno.test("mutations issued without awaiting run one after another, in call order", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    const [a, b] = fixtureUnits(2);
    const adding = store.add([a, b]);
    const updating = store.update([{ ...a, confidence: 0.11 }]);
    const removing = store.remove([b.id]);
    const failing = store.update([{ ...a, id: "missing" }]);
    const closing = store.close();
    await adding;
    await updating;
    assert.equal(await removing, 1);
    await assert.rejects(failing, StoreError);
    await closing;
    const again = await open(dir);
    try {
      assert.equal((await again.get(a.id))?.confidence, 0.11);
      assert.equal((await again.get(b.id))?.is_active, false);
    } finally {
      await again.close();
    }
  });
});

Deno.test("health reports counts and the cold start threshold", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(4);
      await store.add(units.slice(0, 2));
      assert.deepEqual(await store.health(), {
        kind: "json",
        units: 2,
        active_units: 2,
        cold_start: true,
        derived_edges: 0,
      });
      await store.add(units.slice(2));
      await store.remove([units[0].id]);
      assert.deepEqual(await store.health(), {
        kind: "json",
        units: 4,
        active_units: 3,
        cold_start: false,
        derived_edges: 0,
      });
      await store.flush();
    } finally {
      await store.close();
      await store.close();
    }
  });
});

Deno.test("returned units are copies: changing them does not change the store", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const [a] = fixtureUnits(1);
      await store.add([a]);
      const got = (await store.get(a.id))!;
      got.confidence = 0;
      got.use_when.push("mutated");
      got.embedding![0] = 42;
      const again = (await store.get(a.id))!;
      assert.equal(again.confidence, a.confidence);
      assert.deepEqual(again.use_when, a.use_when);
      assert.notEqual(again.embedding![0], 42);
    } finally {
      await store.close();
    }
  });
});
