import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { MemoryStoreDouble } from "../retrieval/testing/memory_store_double.ts";
import { sequentialIds } from "./ids.ts";
import { openMemory } from "./open_memory.ts";
import { PlanMemoryProvider } from "./provider.ts";
import { simplePlan as plan } from "./testing/fixtures.ts";

const deps = () => ({
  embedder: new HashEmbedder(32),
  clock: logicalClock(),
  newId: sequentialIds("o"),
});

Deno.test("openMemory wires the real parts of a plan into a provider", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_open_" });
  try {
    const p = plan(dir);
    const memory = await openMemory(p, deps());
    assert.ok(memory instanceof PlanMemoryProvider);
    assert.equal(memory.plan, p);
    assert.deepEqual(await memory.exportPool(), { units: [], edges: [] });
    await memory.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an embedder of the wrong dimension is rejected before anything opens", async () => {
  let opened = false;
  await assert.rejects(
    openMemory(plan("/nonexistent", 64), {
      ...deps(),
      storeFactory: () => {
        opened = true;
        return Promise.resolve(new MemoryStoreDouble());
      },
    }),
    /plan\.store\.embedding_dim is 64 but the embedder 'hash-32' produces 32-d vectors/,
  );
  assert.equal(opened, false);
});

Deno.test("the injected factories are used, and the store is closed when a later part fails", async () => {
  let closed = 0;
  const store = new MemoryStoreDouble();
  store.close = () => {
    closed++;
    return Promise.resolve();
  };
  await assert.rejects(
    openMemory(plan("/nonexistent"), {
      ...deps(),
      storeFactory: () => Promise.resolve(store),
      managementFactory: () => Promise.reject(new Error("bad management plan")),
    }),
    /bad management plan/,
  );
  assert.equal(closed, 1);
});
