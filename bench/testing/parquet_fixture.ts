/**
 * Small parquet files for tests, written with hyparquet's companion writer (the only module that
 * imports it): string columns as UTF-8, integer columns as INT64 — the type pandas gives GAIA's
 * `Level` — so readers meet 64-bit integers as real files have them.
 *
 * @module
 */
import { parquetWriteBuffer } from "npm:hyparquet-writer@0.17.0";

/** One column: its name and values (strings, or integers written as INT64). */
export interface FixtureColumn {
  name: string;
  data: (string | number | null)[];
}

/** The bytes of a snappy-compressed parquet file with `columns`. */
export function parquetFixture(columns: readonly FixtureColumn[]): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: columns.map(({ name, data }) =>
      data.some((v) => typeof v === "number")
        ? { name, data: data.map((v) => (v === null ? null : BigInt(v))), type: "INT64" as const }
        : { name, data, type: "STRING" as const }
    ),
  });
  return new Uint8Array(buffer);
}
