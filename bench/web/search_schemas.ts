/**
 * The response shapes of the web search APIs automem speaks (SearXNG JSON, Serper, Tavily,
 * Brave), as zod schemas: the single definition of each external shape. Only the fields the
 * `web_search` tool reads are required; everything else passes through untouched.
 *
 * @module
 */
import { z } from "../../core/zod.ts";

/** One SearXNG result (`format=json`). */
export const SearxngResultSchema = z.looseObject({
  url: z.string(),
  title: z.string().default(""),
  content: z.string().default(""),
  engine: z.string().optional(),
  engines: z.array(z.string()).optional(),
  score: z.number().optional(),
  category: z.string().optional(),
});

/** A SearXNG `/search?format=json` response. */
export const SearxngResponseSchema = z.looseObject({
  query: z.string(),
  number_of_results: z.number().default(0),
  results: z.array(SearxngResultSchema),
  answers: z.array(z.unknown()).default([]),
  suggestions: z.array(z.string()).default([]),
  infoboxes: z.array(z.unknown()).default([]),
});
/** A SearXNG JSON response (see {@linkcode SearxngResponseSchema}). */
export type SearxngResponse = z.infer<typeof SearxngResponseSchema>;

/** A Serper (`POST /search`) response. */
export const SerperResponseSchema = z.looseObject({
  organic: z.array(z.looseObject({
    title: z.string().default(""),
    link: z.string(),
    snippet: z.string().default(""),
  })).default([]),
});

/** A Tavily (`POST /search`) response. */
export const TavilyResponseSchema = z.looseObject({
  results: z.array(z.looseObject({
    title: z.string().default(""),
    url: z.string(),
    content: z.string().default(""),
  })),
});

/** A Brave Web Search (`GET /res/v1/web/search`) response. */
export const BraveResponseSchema = z.looseObject({
  web: z.looseObject({
    results: z.array(z.looseObject({
      title: z.string().default(""),
      url: z.string(),
      description: z.string().default(""),
    })).default([]),
  }).optional(),
});
