import assert from "node:assert/strict";
import { type MemoryBenchRow, runMemoryBench } from "./memory_bench.ts";
import { StoreError } from "./store_error.ts";

Deno.test("runMemoryBench yields one row per store and op with the flat baseline", async () => {
  const rows: MemoryBenchRow[] = [];
  for await (
    const r of runMemoryBench({
      sizes: [60],
      dim: 8,
      stores: ["json", "graph"],
      seed: 3,
      queries: 3,
      batchSize: 25,
      oramaVectorMaxSize: 60,
    })
  ) {
    rows.push(r);
  }
  const key = (r: MemoryBenchRow) => `${r.store}:${r.op}`;
  assert.deepEqual(rows.map(key), [
    "flat:vector_top10",
    "json:ingest",
    "json:vector_top10",
    "json:vector_top10_filtered",
    "json:text_top10",
    "graph:ingest",
    "graph:vector_top10",
    "graph:vector_top10_filtered",
    "graph:text_top10",
    "graph:edge_upsert",
    "graph:graph_2hop_similar",
    "graph:graph_2hop_all",
    "orama_native:ingest",
    "orama_native:vector_top10",
  ]);
  for (const r of rows) {
    assert.equal(r.size, 60);
    assert.ok(r.p50_ms >= 0 && r.p95_ms >= r.p50_ms);
    assert.ok(r.flat_scan_p50_ms >= 0);
  }
  assert.ok(rows.find((r) => key(r) === "json:ingest")!.units_per_s > 0);
});

Deno.test("runMemoryBench rejects bad sizes and store kinds before doing work", async () => {
  const first = (o: Parameters<typeof runMemoryBench>[0]) => runMemoryBench(o).next();
  await assert.rejects(
    first({ sizes: [0], seed: 1 }),
    (e: unknown) => e instanceof StoreError && e.path.join(".") === "sizes.0",
  );
  await assert.rejects(
    first({ stores: ["nope" as "json"], seed: 1 }),
    (e: unknown) => e instanceof StoreError && e.path.join(".") === "stores.0",
  );
});
