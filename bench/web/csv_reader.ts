/**
 * The one adapter over `papaparse`: CSV and TSV text to rows (quotes, embedded newlines and the
 * delimiter detected by the library), rendered as a Markdown table.
 *
 * @module
 */
import Papa from "npm:papaparse@5.7.1";
import { z } from "../../core/zod.ts";
import { markdownTable } from "./table_text.ts";

// papaparse's published types pull in an old Node typing that breaks `node:` imports under
// Deno, so the library is used untyped and its result checked here.
const ParseResultSchema = z.object({ data: z.array(z.array(z.unknown())) });

/** Parses CSV (or TSV when `delimiter` is a tab) into rows of strings. */
export function parseCsv(text: string, delimiter?: string): string[][] {
  const result = ParseResultSchema.parse(
    Papa.parse(text.replace(/^\uFEFF/, ""), {
      delimiter: delimiter ?? "",
      skipEmptyLines: "greedy",
    }),
  );
  return result.data.map((row) => row.map((v) => String(v ?? "")));
}

/** A CSV file as a Markdown table with its row and column counts. */
export function csvToMarkdown(text: string, maxRows: number, delimiter?: string): string {
  const rows = parseCsv(text, delimiter);
  const cols = Math.max(0, ...rows.map((r) => r.length));
  return `${Math.max(0, rows.length - 1)} data rows, ${cols} columns\n\n${
    markdownTable(rows, maxRows)
  }`;
}
