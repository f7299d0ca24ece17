/**
 * Rows of cells as a Markdown pipe table, cut to a row limit with a note, so spreadsheets and
 * CSV files reach the agent in the same shape as HTML tables.
 *
 * @module
 */

function cell(value: string): string {
  return value.replace(/\r?\n/g, " ").replaceAll("|", "\\|").trim();
}

/** Renders `rows` (the first is the header) as a Markdown table of at most `maxRows` body rows. */
export function markdownTable(rows: readonly (readonly string[])[], maxRows: number): string {
  if (rows.length === 0) return "(empty table)";
  const width = Math.max(...rows.map((r) => r.length), 1);
  const pad = (r: readonly string[]) => Array.from({ length: width }, (_, i) => cell(r[i] ?? ""));
  const line = (r: readonly string[]) => `| ${pad(r).join(" | ")} |`;
  const body = rows.slice(1, 1 + maxRows).map(line);
  const out = [line(rows[0]), `| ${Array(width).fill("---").join(" | ")} |`, ...body];
  const hidden = rows.length - 1 - body.length;
  if (hidden > 0) out.push(`[... ${hidden} more rows]`);
  return out.join("\n");
}
