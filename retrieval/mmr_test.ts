import assert from "node:assert/strict";
import type { MemoryUnit } from "../core/unit.ts";
import { createMmrRetriever, mmrSelect } from "./mmr.ts";
import { RetrieverConfigError } from "./errors.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, planFor, qvec, TableEmbedder, vec } from "./testing/fixtures.ts";

async function fixture(store = new MemoryStoreDouble()) {
  await store.add([
    makeUnit("a", { text: "first", vector: vec(0, 0.1) }),
    makeUnit("a-dup", { text: "first again", vector: vec(0, 0.12) }),
    makeUnit("b", { text: "different angle", vector: vec(0, 0.9, 2) }),
  ]);
  return store;
}

const embedder = new TableEmbedder({});

Deno.test("mmr: picks a diverse second item over a near-duplicate of the first", async () => {
  const store = await fixture();
  const res = await createMmrRetriever(planFor("mmr"), { store, embedder })
    .retrieve(makeQuery("q", qvec(0)), 2);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a", "b"]);
  const plain = await createMmrRetriever(planFor("mmr", { lambda: 1 }), { store, embedder })
    .retrieve(makeQuery("q", qvec(0)), 2);
  assert.deepEqual(plain.units.map((s) => s.unit.id), ["a", "a-dup"], "λ=1 is plain relevance");
});

Deno.test("mmr: reports the raw relevance and fetches max(2·top_k, candidate_pool_min)", async () => {
  const store = await fixture();
  const res = await createMmrRetriever(planFor("mmr"), { store, embedder })
    .retrieve(makeQuery("q", qvec(0)), 2);
  assert.ok(Math.abs(res.units[1].score - Math.cos(0.9)) < 1e-6);
  assert.deepEqual(store.calls.filter((c) => c.method === "vectorSearch").map((c) => c.k), [20]);
});

Deno.test("mmr: embeds candidates whose loaded unit carries no vector", async () => {
  class StrippingStore extends MemoryStoreDouble {
    override async get(id: string): Promise<MemoryUnit | undefined> {
      const u = await super.get(id);
      return u && { ...u, embedding: null };
    }
  }
  const store = await fixture(new StrippingStore());
  const table = new TableEmbedder({
    "first": vec(0, 0.1),
    "first again": vec(0, 0.12),
    "different angle": vec(0, 0.9, 2),
  });
  const res = await createMmrRetriever(planFor("mmr"), { store, embedder: table })
    .retrieve(makeQuery("q", qvec(0)), 2);
  assert.deepEqual(res.units.map((s) => s.unit.id), ["a", "b"]);
  assert.equal(table.batches.length, 1);
});

Deno.test("mmrSelect: equal values are broken by id", () => {
  const mk = (id: string) => ({ unit: { id }, score: 0.5, vector: [1, 0] });
  assert.deepEqual(mmrSelect([mk("z"), mk("m"), mk("c")], 3, 0.5).map((c) => c.unit.id), [
    "c",
    "m",
    "z",
  ]);
});

Deno.test("mmr: lambda outside [0, 1] is rejected, naming the field", () => {
  assert.throws(
    () =>
      createMmrRetriever(planFor("mmr", { lambda: 1.5 }), {
        store: new MemoryStoreDouble(),
        embedder,
      }),
    (e) => e instanceof RetrieverConfigError && e.field === "params.lambda",
  );
});
