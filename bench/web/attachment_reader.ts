/**
 * Reads a GAIA attachment (or a document `crawl_page` found on the web) into text by its
 * extension: plain text and code as they are, CSV/TSV and spreadsheets as Markdown tables, JSON
 * pretty-printed, PDF, Word and PowerPoint documents as text, HTML through the readable
 * extractor (its encoding sniffed like a browser's), and zip archives unpacked under limits with
 * each member read the same way. Images and audio need a describer (a vision or transcription endpoint);
 * without one the agent is told plainly that the file cannot be read.
 *
 * @module
 */
import { extname } from "node:path";
import { csvToMarkdown, parseCsv } from "./csv_reader.ts";
import { docxToMarkdown } from "./docx_reader.ts";
import { readHtml } from "./html_reader.ts";
import { htmlToMarkdown } from "./markdown.ts";
import { pdfText } from "./pdf_text.ts";
import { pptxToMarkdown } from "./pptx_reader.ts";
import { decodeText } from "./text_decode.ts";
import { WebToolError } from "./web_error.ts";
import { xlsxSheets, xlsxToMarkdown } from "./xlsx_reader.ts";
import { DEFAULT_ZIP_LIMITS, unzipLimited, type ZipLimits } from "./zip_reader.ts";

/** How an attachment is read. */
export type AttachmentKind =
  | "text"
  | "csv"
  | "tsv"
  | "json"
  | "html"
  | "xlsx"
  | "pdf"
  | "docx"
  | "pptx"
  | "zip"
  | "image"
  | "audio"
  | "other";

const KINDS: Record<string, AttachmentKind> = {
  ".csv": "csv",
  ".tsv": "tsv",
  ".json": "json",
  ".jsonld": "json",
  ".jsonl": "text",
  ".html": "html",
  ".htm": "html",
  ".xlsx": "xlsx",
  ".pdf": "pdf",
  ".docx": "docx",
  ".pptx": "pptx",
  ".zip": "zip",
};
for (const ext of ["txt", "md", "py", "js", "ts", "xml", "log", "yaml", "yml", "pdb", "tex"]) {
  KINDS[`.${ext}`] = "text";
}
for (const ext of ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"]) {
  KINDS[`.${ext}`] = "image";
}
for (const ext of ["mp3", "wav", "m4a", "flac", "ogg", "aac"]) KINDS[`.${ext}`] = "audio";

/** The kind of a file from its extension. */
export function attachmentKind(name: string): AttachmentKind {
  return KINDS[extname(name).toLowerCase()] ?? "other";
}

/** Describes an image or transcribes audio (a configured vision or transcription endpoint). */
export interface MediaDescriber {
  /** Which kinds it handles. */
  readonly kinds: readonly ("image" | "audio")[];
  describe(
    kind: "image" | "audio",
    name: string,
    bytes: Uint8Array,
    question: string,
  ): Promise<string>;
}

/** Options of {@linkcode readAttachmentBytes}. */
export interface AttachmentReadOptions {
  /** Most table rows shown per table (default 200). */
  readonly maxRows?: number;
  readonly zipLimits?: ZipLimits;
  readonly media?: MediaDescriber;
  /** What the agent wants from the file (passed to a media describer). */
  readonly question?: string;
}

/**
 * The whole content of attachment `name` as data for code: every row of a CSV/TSV file (arrays
 * of cell strings, header first), every sheet of a workbook (`{sheet: rows}`), parsed JSON, and
 * for anything else the text {@linkcode readAttachmentBytes} gives. No row limit applies, so an
 * aggregate over all rows is exact.
 */
export async function readAttachmentData(
  name: string,
  bytes: Uint8Array,
  options: AttachmentReadOptions = {},
): Promise<unknown> {
  const kind = attachmentKind(name);
  if (kind === "csv" || kind === "tsv") {
    return parseCsv(
      utf8OrNull(bytes) ?? new TextDecoder("latin1").decode(bytes),
      kind === "tsv" ? "\t" : undefined,
    );
  }
  if (kind === "xlsx") {
    return Object.fromEntries((await xlsxSheets(bytes)).map((s) => [s.name, s.rows]));
  }
  if (kind === "json") {
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      // not JSON after all: its text below
    }
  }
  return await readAttachmentBytes(name, bytes, options);
}

function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

async function readZip(bytes: Uint8Array, options: AttachmentReadOptions): Promise<string> {
  const entries = unzipLimited(bytes, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  const parts = [
    `Archive with ${entries.length} file(s): ${entries.map((e) => e.name).join(", ")}`,
  ];
  for (const entry of entries) {
    const body = attachmentKind(entry.name) === "zip"
      ? "(nested archive: not opened)"
      : await readAttachmentBytes(entry.name, entry.bytes, options).catch((error) =>
        error instanceof WebToolError ? `(cannot read: ${error.message})` : Promise.reject(error)
      );
    parts.push(`### ${entry.name}\n\n${body}`);
  }
  return parts.join("\n\n");
}

/** The text of attachment `name` with content `bytes`. Throws {@linkcode WebToolError}. */
export async function readAttachmentBytes(
  name: string,
  bytes: Uint8Array,
  options: AttachmentReadOptions = {},
): Promise<string> {
  const maxRows = options.maxRows ?? 200;
  const kind = attachmentKind(name);
  switch (kind) {
    case "csv":
    case "tsv": {
      const text = utf8OrNull(bytes) ?? new TextDecoder("latin1").decode(bytes);
      return csvToMarkdown(text, maxRows, kind === "tsv" ? "\t" : undefined);
    }
    case "json": {
      const text = new TextDecoder().decode(bytes);
      try {
        return JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        return text;
      }
    }
    case "html": {
      const page = readHtml(decodeText(bytes), `file:///${encodeURI(name)}`);
      return htmlToMarkdown(page.contentHtml);
    }
    case "xlsx":
      return await xlsxToMarkdown(bytes, maxRows);
    case "pdf":
      return await pdfText(bytes);
    case "docx":
      return await docxToMarkdown(bytes);
    case "pptx":
      return pptxToMarkdown(bytes, options.zipLimits);
    case "zip":
      return await readZip(bytes, options);
    case "image":
    case "audio": {
      if (options.media?.kinds.includes(kind)) {
        return await options.media.describe(kind, name, bytes, options.question ?? "");
      }
      throw new WebToolError(
        "unsupported",
        `${name} is ${kind === "image" ? "an image" : "an audio file"}, and no ${
          kind === "image" ? "vision" : "transcription"
        } endpoint is configured, so its content cannot be read. Answer from other sources or ` +
          "say what is missing.",
      );
    }
    case "text":
    case "other": {
      const text = utf8OrNull(bytes);
      if (text !== null) return text;
      throw new WebToolError(
        "unsupported",
        `${name} is a binary file of a type this tool cannot read (${
          extname(name) || "no extension"
        })`,
      );
    }
  }
}
