/**
 * xBench's CSV rows: parsed by the project's one CSV adapter (`bench/web/csv_reader.ts`,
 * papaparse) into header-keyed records, and written back with RFC 4180 quoting for the fixture
 * writer.
 *
 * @module
 */
import { AutomemError } from "../../core/automem_error.ts";
import { parseCsv } from "../web/csv_reader.ts";

/**
 * Parses CSV with a header line into one record per data row (BOM tolerated); throws
 * `AutomemError("invalid_csv")` when a row's cell count differs from the header's.
 */
export function parseCsvRows(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text, ",");
  if (!header) return [];
  return rows.map((row, i) => {
    if (row.length !== header.length) {
      throw new AutomemError(
        "invalid_csv",
        `row ${i + 1} has ${row.length} cells, the header has ${header.length}`,
      );
    }
    return Object.fromEntries(header.map((h, j) => [h.trim(), row[j]]));
  });
}

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Renders rows under `header` as CSV (quoted where needed, `\n` line ends). */
export function formatCsvRows(header: readonly string[], rows: readonly string[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n";
}
