/**
 * Turns a fetched resource into a page document the agent can read: HTML through the readable
 * extractor and Markdown converter, PDF through the PDF text extractor, plain text, Markdown,
 * JSON, CSV and XML as they are. Also the optional Jina reader, which fetches and converts a page
 * remotely and answers Markdown.
 *
 * @module
 */
import { z } from "zod";
import type { Secret } from "../../core/endpoints.ts";
import { readHtml } from "./html_reader.ts";
import { htmlToMarkdown } from "./markdown.ts";
import { pdfText } from "./pdf_text.ts";
import { type FetchedResource, type FetchLimits, safeFetch } from "./safe_fetch.ts";
import type { FetchPort } from "./tool_port.ts";
import { WebToolError } from "./web_error.ts";

/** A page ready for condensing; also the shape stored in the web cache. */
export const PageDocSchema = z.object({
  url: z.string(),
  title: z.string(),
  kind: z.enum(["html", "pdf", "text"]),
  markdown: z.string(),
  links: z.array(z.object({ text: z.string(), url: z.string() })),
});
/** A readable page (see {@linkcode PageDocSchema}). */
export type PageDoc = z.infer<typeof PageDocSchema>;

const TEXT_TYPES = new Set([
  "text/plain",
  "text/markdown",
  "text/csv",
  "text/xml",
  "application/xml",
  "application/json",
]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** Media types `crawl_page` reads (an undeclared type is sniffed). */
export function readableMediaType(mediaType: string): boolean {
  return mediaType === "" || mediaType === "application/pdf" || HTML_TYPES.has(mediaType) ||
    TEXT_TYPES.has(mediaType);
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().replace(/"/g, "") ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

function sniff(bytes: Uint8Array): "pdf" | "html" | "text" {
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("%pdf-")) return "pdf";
  return head.startsWith("<!doctype html") || head.startsWith("<html") ? "html" : "text";
}

/** Reads a fetched resource into a {@linkcode PageDoc}. */
export async function readResource(res: FetchedResource): Promise<PageDoc> {
  const kind = res.mediaType === "application/pdf"
    ? "pdf"
    : HTML_TYPES.has(res.mediaType)
    ? "html"
    : res.mediaType === ""
    ? sniff(res.bytes)
    : "text";
  if (kind === "pdf") {
    const name = decodeURIComponent(new URL(res.url).pathname.split("/").pop() || res.url);
    return { url: res.url, title: name, kind, markdown: await pdfText(res.bytes), links: [] };
  }
  const text = decode(res.bytes, res.contentType);
  if (kind === "text") {
    return { url: res.url, title: new URL(res.url).pathname, kind, markdown: text, links: [] };
  }
  const page = readHtml(text, res.url);
  const markdown = htmlToMarkdown(page.contentHtml);
  return { url: res.url, title: page.title, kind, markdown, links: page.links };
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
  const markdown = decode(res.bytes, res.contentType).trim();
  if (!markdown) throw new WebToolError("bad_response", "the Jina reader returned an empty page");
  const title = /^Title:\s*(.+)$/m.exec(markdown)?.[1]?.trim() ?? url;
  const links = [...markdown.matchAll(/\[([^\]]*)\]\((https?:\/\/[^)\s]+)\)/g)]
    .map((m) => ({ text: m[1], url: m[2] }))
    .filter((l, i, all) => all.findIndex((o) => o.url === l.url) === i);
  return { url, title, kind: "html", markdown, links };
}
