/**
 * The `web_search` tool: asks the configured provider, through the web cache, and lists the hits
 * as numbered title, URL and snippet lines for the agent to pick links from.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { bounded, errorResult, okResult, parseArgs } from "./tool_result.ts";
import type { AgentTool, SearchHit, SearchProvider } from "./tool_port.ts";
import type { WebCache } from "./web_cache.ts";

/** Arguments of `web_search`. */
export const WebSearchArgsSchema = z.object({
  query: z.string().trim().min(1).max(400),
  num: z.number().int().min(1).max(20).default(10),
});

const HitsSchema = z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() }));

/** Most characters of tool output. */
export const WEB_SEARCH_MAX_CHARS = 6000;

/** Formats hits as the agent sees them. */
export function formatHits(query: string, hits: readonly SearchHit[]): string {
  if (hits.length === 0) return `No results for "${query}". Try other words.`;
  const lines = hits.map((hit, i) =>
    `${i + 1}. ${hit.title || "(untitled)"}\n   URL: ${hit.url}\n   ${bounded(hit.snippet, 400)}`
  );
  return `Results for "${query}":\n${lines.join("\n")}`;
}

/**
 * The `web_search` tool over `provider`, cached in `cache` when given. `cacheScope` (the
 * provider's base URL) is part of the cache key, so results from one SearXNG instance (say a
 * fixture web on another port) are never served for another.
 */
export function webSearchTool(
  provider: SearchProvider,
  cache?: WebCache,
  cacheScope = "",
): AgentTool {
  return {
    spec: {
      name: "web_search",
      description: "Search the web. Returns up to `num` results, each with title, URL and " +
        "snippet. Follow promising URLs with crawl_page.",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", description: "What to search for (keywords work best)." },
          num: { type: "integer", minimum: 1, maximum: 20, description: "Results (default 10)." },
        },
        required: ["query"],
        additionalProperties: false,
      },
    },
    async call(args, ctx) {
      try {
        const { query, num } = parseArgs(WebSearchArgsSchema, args, "web_search");
        const run = () => provider.search(query, { num, signal: ctx.signal });
        const hits = cache
          ? await cache.through(
            "search",
            { provider: provider.id, scope: cacheScope, query, num },
            HitsSchema,
            run,
          )
          : await run();
        return okResult(formatHits(query, hits), WEB_SEARCH_MAX_CHARS);
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}
