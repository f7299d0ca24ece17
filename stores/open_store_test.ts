import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { compileSpec } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { STORE_KINDS, type StoreKind } from "../core/space.ts";
import { parseSpec } from "../core/spec.ts";
import { openStore } from "./open_store.ts";
import { StoreError } from "./store_error.ts";
import { fixtureUnits, TEST_DIM, withTempDir } from "./store_conformance.ts";

function planFor(store: StoreKind, baseDir: string) {
  const graph = store === "graph" || store === "llm_graph";
  const parsed = parseSpec({
    schema_version: "1",
    encode: ["tip"],
    store,
    retrieve: graph ? "graph" : "hybrid",
    manage: "lightweight",
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return compileSpec(parsed.value, { baseDir, embeddingDim: TEST_DIM });
}

Deno.test("openStore opens every store kind in the plan's directory, and reopens it", async () => {
  await withTempDir(async (dir) => {
    const deps = { embedder: new HashEmbedder(TEST_DIM), clock: logicalClock() };
    for (const kind of STORE_KINDS) {
      const plan = planFor(kind, dir);
      const store = await openStore(plan, deps);
      assert.equal(store.kind, kind);
      assert.equal(store.graph !== undefined, kind === "graph" || kind === "llm_graph");
      await store.add(fixtureUnits(2));
      await store.close();
      const again = await openStore(plan, deps);
      assert.equal(await again.count(), 2, kind);
      const health = await again.health();
      assert.equal(health.cold_start, true);
      await again.close();
      await Deno.stat(`${dir}/store_${kind}/units.log.jsonl`);
    }
  });
});

Deno.test("openStore refuses an embedder whose dimension differs from the plan's", async () => {
  await withTempDir(async (dir) => {
    await assert.rejects(
      openStore(planFor("json", dir), { embedder: new HashEmbedder(8), clock: logicalClock() }),
      (e: unknown) =>
        e instanceof StoreError && e.code === "embedding_dim" &&
        e.path.join(".") === "embedder.dim",
    );
  });
});
