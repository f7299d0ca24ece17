/**
 * The one adapter over `exceljs`: every worksheet of an `.xlsx` workbook as a Markdown table,
 * with formula cells shown by their computed result. Loaded on first use.
 *
 * @module
 */
import { markdownTable } from "./table_text.ts";
import { WebToolError } from "./web_error.ts";

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, "");
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if ("result" in v) return cellText(v.result);
    if ("richText" in v && Array.isArray(v.richText)) {
      return v.richText.map((r: { text?: string }) => r.text ?? "").join("");
    }
    if ("text" in v) return cellText(v.text);
    if ("error" in v) return String(v.error);
    return JSON.stringify(value);
  }
  return String(value);
}

/** ExcelJS, loaded on first use (its one specifier; the module is large and rarely needed). */
const loadExcel = async () => (await import("npm:exceljs@4.4.0")).default;

/** Every worksheet's rows of cell texts, in workbook order. */
export async function xlsxSheets(
  bytes: Uint8Array,
): Promise<{ name: string; rows: string[][] }[]> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch (error) {
    throw new WebToolError("bad_response", "the file is not a readable .xlsx workbook", {
      cause: error,
    });
  }
  const sheets: { name: string; rows: string[][] }[] = [];
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(values.map(cellText));
    });
    sheets.push({ name: sheet.name, rows });
  });
  return sheets;
}

/** Each worksheet as `## Sheet: name` and a Markdown table of up to `maxRows` rows. */
export async function xlsxToMarkdown(bytes: Uint8Array, maxRows: number): Promise<string> {
  const parts = (await xlsxSheets(bytes)).map(({ name, rows }) =>
    `## Sheet: ${name} (${rows.length} rows)\n\n${markdownTable(rows, maxRows)}`
  );
  return parts.length ? parts.join("\n\n") : "(workbook without sheets)";
}

/** A cell value for {@linkcode writeXlsx}: a plain value or a formula with its cached result. */
export type XlsxCell = string | number | boolean | null | { formula: string; result: number };

/** Writes a workbook with one sheet per entry of `sheets` (for fixtures and tests). */
export async function writeXlsx(
  sheets: Readonly<Record<string, readonly (readonly XlsxCell[])[]>>,
): Promise<Uint8Array> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(Date.UTC(2024, 0, 1));
  workbook.modified = workbook.created;
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow([...row]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
