/**
 * Turns a fetched resource into a page document the agent can read: HTML through the readable
 * extractor and Markdown converter (with its `<meta>` refresh target), PDF, Word, Excel,
 * PowerPoint, zip archives, images and audio through the attachment reader, plain text,
 * Markdown, JSON, CSV and XML as they are. Also the optional Jina reader, which fetches and converts a page
 * remotely and answers Markdown.
 *
 * @module
 */
import { extname } from "node:path";
import { z } from "../../core/zod.ts";
import type { Secret } from "../../core/endpoints.ts";
import { readHtml } from "./html_reader.ts";
import { htmlToMarkdown } from "./markdown.ts";
import { attachmentKind, type MediaDescriber, readAttachmentBytes } from "./attachment_reader.ts";
import { decodeText } from "./text_decode.ts";
import { type FetchedResource, type FetchLimits, safeFetch } from "./safe_fetch.ts";
import type { FetchPort } from "./tool_port.ts";
import { WebToolError } from "./web_error.ts";

/** A page ready for condensing; also the shape stored in the web cache. */
export const PageDocSchema = z.object({
  url: z.string(),
  title: z.string(),
  kind: z.enum(["html", "pdf", "text", "document"]),
  markdown: z.string(),
  links: z.array(z.object({ text: z.string(), url: z.string() })),
  /** A `<meta http-equiv="refresh">` target the page sends the reader on to. */
  refresh: z.string().optional(),
});
/** A readable page (see {@linkcode PageDocSchema}). */
export type PageDoc = z.infer<typeof PageDocSchema>;

const TEXT_TYPES = new Set([
  "text/plain",
  "text/markdown",
  "text/csv",
  "text/tab-separated-values",
  "text/xml",
  "application/xml",
  "application/json",
]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const PDF_TYPES = new Set(["application/pdf", "application/x-pdf", "application/acrobat"]);
const OFFICE = "application/vnd.openxmlformats-officedocument.";
/** Document types by the extension the attachment reader knows them by. */
const DOCUMENT_TYPES: Record<string, string> = {
  [`${OFFICE}wordprocessingml.document`]: ".docx",
  [`${OFFICE}spreadsheetml.sheet`]: ".xlsx",
  [`${OFFICE}presentationml.presentation`]: ".pptx",
  "application/zip": ".zip",
  "application/x-zip-compressed": ".zip",
};

/**
 * Media types `crawl_page` downloads: everything but video and fonts (documents, PDFs under any
 * label, images and audio are read after sniffing their bytes).
 */
export function readableMediaType(mediaType: string): boolean {
  return !mediaType.startsWith("video/") && !mediaType.startsWith("font/");
}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The file name (with the extension its content calls for) of a non-HTML document, if any. */
function documentName(res: FetchedResource): string | undefined {
  const path = decodeURIComponent(new URL(res.url).pathname);
  const base = path.split("/").pop() || "download";
  const ext = extname(base).toLowerCase();
  const head = new TextDecoder("windows-1252").decode(res.bytes.subarray(0, 1024));
  const pdf = PDF_TYPES.has(res.mediaType) || head.trimStart().startsWith("%PDF-") ||
    (!HTML_TYPES.has(res.mediaType) && head.includes("%PDF-"));
  if (pdf) return withExt(base, ".pdf");
  if (startsWith(res.bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const named = DOCUMENT_TYPES[res.mediaType];
    if (named) return withExt(base, named);
    return [".docx", ".xlsx", ".pptx", ".zip"].includes(ext) ? base : withExt(base, ".zip");
  }
  if (HTML_TYPES.has(res.mediaType) || TEXT_TYPES.has(res.mediaType)) return undefined;
  if (res.mediaType.startsWith("text/")) return undefined;
  const kind = attachmentKind(base);
  if (kind === "text" || kind === "html" || kind === "other") return undefined;
  return base;
}

function withExt(base: string, ext: string): string {
  return extname(base).toLowerCase() === ext ? base : `${base}${ext}`;
}

function sniffMarkup(text: string): boolean {
  const head = text.slice(0, 512).trimStart().toLowerCase();
  return head.startsWith("<!doctype html") || head.startsWith("<html");
}

/** The target of a `<meta http-equiv="refresh" content="N; url=…">`, resolved against `base`. */
export function metaRefresh(html: string, base: string): string | undefined {
  for (const tag of html.slice(0, 65536).match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']?refresh/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(["'])([\s\S]*?)\1/i.exec(tag)?.[2] ??
      /\bcontent\s*=\s*([^\s>]+)/i.exec(tag)?.[1] ?? "";
    const target = /^\s*\d*(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?["']?([^"']+)["']?\s*$/i
      .exec(content)?.[1]?.trim();
    if (!target || /^\d+(?:\.\d*)?$/.test(target)) continue;
    try {
      return new URL(target, base).href;
    } catch {
      continue;
    }
  }
  return undefined;
}

/** Options of {@linkcode readResource}. */
export interface ReadResourceOptions {
  /** Image and audio reader (the configured vision and transcription models). */
  readonly media?: MediaDescriber;
  /** What the agent looks for (passed to the media reader). */
  readonly question?: string;
}

/**
 * Reads a fetched resource into a {@linkcode PageDoc}: PDFs by their bytes whatever the declared
 * type, Office documents, archives, images and audio through the attachment reader, HTML and text
 * decoded with the encoding a browser would pick (`text_decode.ts`).
 */
export async function readResource(
  res: FetchedResource,
  options: ReadResourceOptions = {},
): Promise<PageDoc> {
  const document = documentName(res);
  if (document !== undefined) {
    const kind = attachmentKind(document) === "pdf" ? "pdf" : "document";
    const markdown = await readAttachmentBytes(document, res.bytes, {
      media: options.media,
      question: options.question,
    });
    return { url: res.url, title: document, kind, markdown, links: [] };
  }
  const html = HTML_TYPES.has(res.mediaType) ||
    (res.mediaType === "" && sniffMarkup(decodeText(res.bytes.subarray(0, 1024))));
  const text = decodeText(res.bytes, res.contentType, html || res.mediaType.endsWith("xml"));
  if (!html) {
    return {
      url: res.url,
      title: new URL(res.url).pathname,
      kind: "text",
      markdown: text,
      links: [],
    };
  }
  const page = readHtml(text, res.url);
  const markdown = htmlToMarkdown(page.contentHtml);
  const refresh = metaRefresh(text, res.url);
  return {
    url: res.url,
    title: page.title,
    kind: "html",
    markdown,
    links: page.links,
    ...(refresh && refresh !== res.url ? { refresh } : {}),
  };
}

/** Settings of the Jina reader. */
export interface JinaReader {
  readonly base: string;
  readonly key: Secret | null;
}

/**
 * Reads `url` through the Jina reader (`GET <base>/<url>`, Markdown back). The reader's own
 * address comes from configuration, so only the size and time limits apply to it; the target
 * URL has been checked by the caller.
 */
export async function readWithJina(
  url: string,
  reader: JinaReader,
  fetch: FetchPort,
  limits: Partial<FetchLimits>,
  signal?: AbortSignal,
): Promise<PageDoc> {
  const headers: Record<string, string> = { accept: "text/plain", "x-return-format": "markdown" };
  if (reader.key) headers.authorization = `Bearer ${reader.key.reveal()}`;
  const res = await safeFetch(`${reader.base}/${url}`, {
    fetch,
    allowPrivateAddresses: true,
    limits,
    headers,
    signal,
  });
  const markdown = decodeText(res.bytes, res.contentType, false).trim();
  if (!markdown) throw new WebToolError("bad_response", "the Jina reader returned an empty page");
  const title = /^Title:\s*(.+)$/m.exec(markdown)?.[1]?.trim() ?? url;
  const links = [...markdown.matchAll(/\[([^\]]*)\]\((https?:\/\/[^)\s]+)\)/g)]
    .map((m) => ({ text: m[1], url: m[2] }))
    .filter((l, i, all) => all.findIndex((o) => o.url === l.url) === i);
  return { url, title, kind: "html", markdown, links };
}
