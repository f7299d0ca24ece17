/**
 * The `crawl_page(url, query)` tool: fetches a page through the guarded fetch (or the Jina
 * reader), follows `<meta>` refreshes like redirects, reads it into Markdown (HTML, PDF, Office
 * documents, archives, text; images and audio with the configured media models), caches the
 * reading in the web cache, and
 * returns the part relevant to `query` (condensed by the task model when the page is long) plus
 * the page's links so the agent can walk on.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { condensePage } from "./condense.ts";
import { denoResolve, type ResolvePort } from "./dns_port.ts";
import {
  type JinaReader,
  type PageDoc,
  PageDocSchema,
  readableMediaType,
  readResource,
  readWithJina,
} from "./page_reader.ts";
import type { MediaDescriber } from "./attachment_reader.ts";
import {
  assertPublicHost,
  DEFAULT_FETCH_LIMITS,
  type FetchLimits,
  parseWebUrl,
  safeFetch,
} from "./safe_fetch.ts";
import { bounded, errorResult, okResult, parseArgs } from "./tool_result.ts";
import type { AgentTool, ToolContext } from "./tool_port.ts";
import type { WebCache } from "./web_cache.ts";

/** Arguments of `crawl_page`. */
export const CrawlArgsSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  query: z.string().max(1000).default(""),
});

/** Options of {@linkcode crawlPageTool}. */
export interface CrawlToolOptions {
  readonly cache?: WebCache;
  /** Read pages through the Jina reader instead of locally. */
  readonly jina?: JinaReader;
  /** Name resolution for the address guard (default: the system resolver). */
  readonly resolve?: ResolvePort;
  readonly limits?: Partial<FetchLimits>;
  /** Character budget of the page text returned (default 6000). */
  readonly maxChars?: number;
  /** Most links listed after the text (default 40). */
  readonly maxLinks?: number;
  /** Reads images and audio found on the web (the configured vision/transcription models). */
  readonly media?: MediaDescriber;
}

async function readPage(
  url: string,
  query: string,
  options: CrawlToolOptions,
  ctx: ToolContext,
): Promise<PageDoc> {
  const jina = options.jina;
  if (jina) {
    if (!ctx.allowPrivateAddresses) {
      await assertPublicHost(parseWebUrl(url), options.resolve ?? denoResolve);
    }
    return await readWithJina(url, jina, ctx.fetch, options.limits ?? {}, ctx.signal);
  }
  const hops = options.limits?.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects;
  let target = url;
  for (let hop = 0;; hop++) {
    const res = await safeFetch(target, {
      fetch: ctx.fetch,
      resolve: options.resolve,
      allowPrivateAddresses: ctx.allowPrivateAddresses,
      limits: options.limits,
      acceptContentType: readableMediaType,
      headers: { accept: "text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.8" },
      signal: ctx.signal,
    });
    const doc = await readResource(res, { media: options.media, question: query });
    // A meta refresh is a redirect in markup: followed like one, within the same hop limit.
    if (!doc.refresh || hop >= hops) return doc;
    target = doc.refresh;
  }
}

function render(doc: PageDoc, text: string, note: string, maxLinks: number): string {
  const lines = [`Title: ${doc.title}`, `URL: ${doc.url}`];
  if (note) lines.push(note);
  lines.push("", text);
  if (doc.links.length) {
    lines.push("", "Links on this page:");
    for (const link of doc.links.slice(0, maxLinks)) {
      lines.push(bounded(`- ${link.text || "(no text)"}: ${link.url}`, 300));
    }
    if (doc.links.length > maxLinks) lines.push(`[... ${doc.links.length - maxLinks} more links]`);
  }
  return lines.join("\n");
}

/** The `crawl_page` tool. */
export function crawlPageTool(options: CrawlToolOptions = {}): AgentTool {
  const maxChars = options.maxChars ?? 6000;
  const maxLinks = options.maxLinks ?? 40;
  return {
    spec: {
      name: "crawl_page",
      description: "Open a web page or PDF by URL and read the parts relevant to `query`, " +
        "followed by the page's links. Use it on URLs from web_search or from earlier pages.",
      parameters: {
        type: "object",
        properties: {
          url: { type: "string", description: "Absolute http(s) URL." },
          query: { type: "string", description: "What you are looking for on this page." },
        },
        required: ["url", "query"],
        additionalProperties: false,
      },
    },
    async call(args, ctx) {
      try {
        const { url, query } = parseArgs(CrawlArgsSchema, args, "crawl_page");
        parseWebUrl(url);
        const fetchDoc = () => readPage(url, query, options, ctx);
        // The Jina reader's address is part of the key: another reader may read differently.
        const reader = options.jina ? `jina:${options.jina.base}` : "local";
        const doc = options.cache
          ? await options.cache.through("page", { url, reader }, PageDocSchema, fetchDoc)
          : await fetchDoc();
        const { text, method } = await condensePage(doc.markdown, {
          query,
          url: doc.url,
          maxChars,
          model: ctx.model,
          signal: ctx.signal,
        });
        const note = method === "whole"
          ? ""
          : `(Long page: showing the parts relevant to "${query}", ${
            method === "model" ? "condensed by the model" : "extracted by keyword"
          }.)`;
        return okResult(render(doc, text, note, maxLinks), maxChars + 200 + maxLinks * 320);
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}
