import assert from "node:assert/strict";
import { formatBenchTable, quantile } from "./memory_bench_report.ts";

Deno.test("quantile uses the nearest rank", () => {
  assert.equal(quantile([5, 1, 3, 2, 4], 0.5), 3);
  assert.equal(quantile([1, 2, 3, 4], 0.95), 4);
  assert.ok(Number.isNaN(quantile([], 0.5)));
});

Deno.test("formatBenchTable prints one Markdown row per measurement with vector ratios", () => {
  const table = formatBenchTable([
    {
      store: "vector",
      size: 10,
      op: "vector_top10",
      p50_ms: 2,
      p95_ms: 3,
      flat_scan_p50_ms: 1,
      units_per_s: 0,
    },
    {
      store: "json",
      size: 10,
      op: "ingest",
      p50_ms: 5,
      p95_ms: 6,
      flat_scan_p50_ms: 1,
      units_per_s: 900,
    },
  ]).split("\n");
  assert.equal(table.length, 4);
  assert.equal(table[2], "| vector | 10 | vector_top10 | 2 | 3 | 1 | 2.00 |  |");
  assert.equal(table[3], "| json | 10 | ingest | 5 | 6 | 1 |  | 900 |");
});
