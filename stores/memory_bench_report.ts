/**
 * Reporting helpers of the memory benchmark: nearest-rank quantiles and the Markdown table
 * printed by `automem bench memory` (and pasted into docs/benchmarks.md).
 *
 * @module
 */
import type { StoreKind } from "../core/space.ts";

/** One measurement. Latencies in milliseconds; `units_per_s` only for ingest-like ops. */
export interface MemoryBenchRow {
  store: StoreKind | "flat" | "orama_native";
  size: number;
  op: string;
  p50_ms: number;
  p95_ms: number;
  /** p50 of the bare flat scan over the same vectors in the same run. */
  flat_scan_p50_ms: number;
  units_per_s: number;
}

/** The q-quantile (nearest rank) of `xs`. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * The rows as a Markdown table; vector rows also show their ratio to the flat scan measured in
 * the same loop.
 */
export function formatBenchTable(rows: readonly MemoryBenchRow[]): string {
  const lines = [
    "| store | size | op | p50 ms | p95 ms | flat scan p50 ms | ratio | units/s |",
    "|---|---:|---|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const vector = r.op.startsWith("vector_top10") && r.store !== "flat";
    const ratio = vector && r.flat_scan_p50_ms > 0
      ? (r.p50_ms / r.flat_scan_p50_ms).toFixed(2)
      : "";
    const rate = r.units_per_s > 0 ? String(r.units_per_s) : "";
    lines.push(
      `| ${r.store} | ${r.size} | ${r.op} | ${r.p50_ms} | ${r.p95_ms} | ${r.flat_scan_p50_ms} | ${ratio} | ${rate} |`,
    );
  }
  return lines.join("\n");
}
