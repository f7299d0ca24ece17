/**
 * `deno bench -A stores/store_bench.ts`: top-10 retrieval at 10k x 384 for each store path
 * against the bare flat scan, plus BM25 and graph neighbourhoods. The full size sweep with p50/p95
 * and ingest throughput is `runMemoryBench` (docs/benchmarks.md).
 *
 * @module
 */
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { createRng } from "../core/rng.ts";
import { contentText } from "../core/unit.ts";
import { openStore } from "./open_store.ts";
import type { MemoryStore } from "./store_port.ts";
import { syntheticQuery, syntheticUnits } from "./synthetic_units.ts";
import { flatScanTopK } from "./vector_index.ts";

const SIZE = 10_000;
const DIM = 384;
// Ten users share the store, so scoped searches have a scope to filter on.
const units = syntheticUnits(SIZE, { dim: DIM, seed: "bench" })
  .map((u, i) => ({ ...u, user_id: `user-${i % 10}` }));
const queries = Array.from({ length: 32 }, (_, i) => syntheticQuery(DIM, `bench:${i}`));
const texts = queries.map((_, i) =>
  contentText(units[(i * 7919) % SIZE]).split(" ").slice(0, 6).join(" ")
);
const matrix = new Float32Array(SIZE * DIM);
units.forEach((u, i) => matrix.set(u.embedding!, i * DIM));
const root = await Deno.makeTempDir({ prefix: "automem_store_bench_" });
globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));

async function filled(kind: "json" | "vector" | "hybrid" | "graph"): Promise<MemoryStore> {
  const store = await openStore(
    { store: { kind, dir: `${root}/${kind}`, embedding_dim: DIM, cold_start_threshold: 20 } },
    { embedder: new HashEmbedder(DIM), clock: logicalClock() },
  );
  for (let i = 0; i < SIZE; i += 1000) await store.add(units.slice(i, i + 1000));
  return store;
}

const stores = {
  json: await filled("json"),
  vector: await filled("vector"),
  hybrid: await filled("hybrid"),
  graph: await filled("graph"),
};
const rng = createRng("bench:edges");
const edges = units.flatMap((u) =>
  [0, 1, 2, 3, 4].map(() => ({
    source: `m:${u.id}`,
    target: `m:${units[rng.int(SIZE)].id}`,
    type: "SIMILAR",
    weight: 1,
  }))
).filter((e) => e.source !== e.target);
for (let i = 0; i < edges.length; i += 10_000) {
  await stores.graph.graph!.upsertEdges(edges.slice(i, i + 10_000));
}

let q = 0;
const next = () => queries[q++ % queries.length];
const nextText = () => texts[q++ % texts.length];

Deno.bench(
  "flat Float32Array scan, top-10 of 10k x 384",
  { group: "vector", baseline: true },
  () => {
    flatScanTopK(matrix, SIZE, DIM, next(), 10);
  },
);
for (const [kind, store] of Object.entries(stores)) {
  Deno.bench(`${kind} vectorSearch top-10`, { group: "vector" }, async () => {
    await store.vectorSearch(next(), 10);
  });
}
Deno.bench("vector vectorSearch top-10, filtered", { group: "vector" }, async () => {
  await stores.vector.vectorSearch(next(), 10, {
    types: ["tip", "insight"],
    excludeTaskIds: ["task-1"],
  });
});
for (const kind of ["json", "vector"] as const) {
  Deno.bench(
    `${kind} vectorSearch top-10, scoped to 1 of 10 users`,
    { group: "vector" },
    async () => {
      await stores[kind].vectorSearch(next(), 10, { scope: { user_id: "user-3" } });
    },
  );
}
Deno.bench("json BM25 textSearch top-10", { group: "text", baseline: true }, async () => {
  await stores.json.textSearch(nextText(), 10);
});
Deno.bench("json BM25 textSearch top-10, scoped to 1 of 10 users", { group: "text" }, async () => {
  await stores.json.textSearch(nextText(), 10, { scope: { user_id: "user-3" } });
});
Deno.bench("hybrid Orama BM25 textSearch top-10, scoped", { group: "text" }, async () => {
  await stores.hybrid.textSearch(nextText(), 10, { scope: { user_id: "user-3" } });
});
Deno.bench("hybrid Orama BM25 textSearch top-10", { group: "text" }, async () => {
  await stores.hybrid.textSearch(nextText(), 10);
});
Deno.bench("graph 2-hop SIMILAR neighbourhood at 10k", { group: "graph" }, async () => {
  await stores.graph.graph!.neighbourhood!([`m:${units[q++ % SIZE].id}`], 2, ["SIMILAR"]);
});
Deno.bench("graph 1-hop neighbours at 10k", { group: "graph" }, async () => {
  await stores.graph.graph!.neighbours(`m:${units[q++ % SIZE].id}`);
});
