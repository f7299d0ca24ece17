/**
 * The one file that imports `csv-parse`: RFC 4180 CSV text (BOM tolerated) → header-keyed rows,
 * and rows → CSV text for the fixture writer.
 *
 * @module
 */
import { parse } from "csv-parse/sync";

/** Parses CSV with a header line into one record per data row; throws on malformed CSV. */
export function parseCsvRows(text: string): Record<string, string>[] {
  return parse(text, {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
  }) as Record<string, string>[];
}

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Renders rows under `header` as CSV (quoted where needed, `\n` line ends). */
export function formatCsvRows(header: readonly string[], rows: readonly string[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n";
}
