/**
 * HTTP clients for the web search APIs: Serper, Tavily, Brave and SearXNG (JSON format), each
 * mapping its response (validated by the schemas in `search_schemas.ts`) to {@linkcode SearchHit}s.
 * Keyed providers rotate through their keys: each call starts at the next key, a rate-limited
 * key (429) is skipped for that call, and a rejected key (401, 403) is dropped for good.
 *
 * The provider's address comes from the user's configuration, not from a web page, so it may be
 * a private address (a self-hosted SearXNG); size and time limits still apply.
 *
 * @module
 */
import type { z } from "../../core/zod.ts";
import type { Secret } from "../../core/endpoints.ts";
import type { SearchProviderId } from "../../core/web_config.ts";
import { safeFetch } from "./safe_fetch.ts";
import {
  BraveResponseSchema,
  SearxngResponseSchema,
  SerperResponseSchema,
  TavilyResponseSchema,
} from "./search_schemas.ts";
import type { FetchPort, SearchHit, SearchProvider } from "./tool_port.ts";
import { WebToolError } from "./web_error.ts";

/** Settings of {@linkcode createSearchProvider} (the `search` part of the web config). */
export interface SearchProviderConfig {
  readonly provider: SearchProviderId;
  readonly baseUrl: string | null;
  readonly keys: readonly Secret[];
}

const LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 20_000, maxRedirects: 3 };

/** Round-robin key rotation with dropping of rejected keys. */
export class KeyRing {
  readonly #keys: Secret[];
  #next = 0;

  /** A ring over `keys` in order. */
  constructor(keys: readonly Secret[]) {
    this.#keys = [...keys];
  }

  /** Keys still in use. */
  get size(): number {
    return this.#keys.length;
  }

  /**
   * Calls `attempt` with keys, starting after the last call's first key, until one succeeds.
   * HTTP 429 moves on to the next key; 401 and 403 drop the key and move on; other errors end
   * the call at once.
   */
  async use<T>(attempt: (key: Secret) => Promise<T>): Promise<T> {
    if (this.#keys.length === 0) {
      throw new WebToolError("no_provider", "every search API key was rejected");
    }
    const order = this.#keys.map((_, i) => this.#keys[(this.#next + i) % this.#keys.length]);
    this.#next = (this.#next + 1) % this.#keys.length;
    let last: WebToolError | undefined;
    for (const key of order) {
      try {
        return await attempt(key);
      } catch (error) {
        if (!(error instanceof WebToolError) || error.code !== "http_status") throw error;
        if (error.status === 401 || error.status === 403) {
          const i = this.#keys.indexOf(key);
          if (i >= 0) this.#keys.splice(i, 1);
          if (this.#next >= this.#keys.length) this.#next = 0;
        } else if (error.status !== 429) throw error;
        last = error;
      }
    }
    throw new WebToolError("http_status", "every search API key was refused or rate-limited", {
      cause: last,
      status: last?.status,
    });
  }
}

async function callJson<T>(
  fetch: FetchPort,
  url: string,
  schema: z.ZodType<T>,
  init: {
    method?: "GET" | "POST";
    headers: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
  },
): Promise<T> {
  const res = await safeFetch(url, { fetch, allowPrivateAddresses: true, limits: LIMITS, ...init });
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(res.bytes));
  } catch {
    throw new WebToolError("bad_response", `${new URL(url).host} did not answer with JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WebToolError(
      "bad_response",
      `${new URL(url).host} answered an unexpected shape at ${
        issue.path.join(".") || "(root)"
      }: ${issue.message}`,
    );
  }
  return parsed.data;
}

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

/** Builds the provider named in `config`, talking through `fetch`. */
export function createSearchProvider(
  config: SearchProviderConfig,
  fetch: FetchPort,
): SearchProvider {
  const base = config.baseUrl;
  if (base === null) throw new WebToolError("no_provider", `${config.provider} has no base URL`);
  const ring = new KeyRing(config.keys);
  switch (config.provider) {
    case "serper":
      return {
        id: "serper",
        search: (query, { num, signal }) =>
          ring.use(async (key) => {
            const body = await callJson(fetch, `${base}/search`, SerperResponseSchema, {
              method: "POST",
              headers: { ...JSON_HEADERS, "x-api-key": key.reveal() },
              body: JSON.stringify({ q: query, num }),
              signal,
            });
            return body.organic.slice(0, num).map((r): SearchHit => ({
              title: r.title,
              url: r.link,
              snippet: r.snippet,
            }));
          }),
      };
    case "tavily":
      return {
        id: "tavily",
        search: (query, { num, signal }) =>
          ring.use(async (key) => {
            const body = await callJson(fetch, `${base}/search`, TavilyResponseSchema, {
              method: "POST",
              headers: { ...JSON_HEADERS, authorization: `Bearer ${key.reveal()}` },
              body: JSON.stringify({ query, max_results: num, search_depth: "basic" }),
              signal,
            });
            return body.results.slice(0, num).map((r): SearchHit => ({
              title: r.title,
              url: r.url,
              snippet: r.content,
            }));
          }),
      };
    case "brave":
      return {
        id: "brave",
        search: (query, { num, signal }) =>
          ring.use(async (key) => {
            const url = new URL(`${base}/res/v1/web/search`);
            url.searchParams.set("q", query);
            url.searchParams.set("count", String(Math.min(num, 20)));
            const body = await callJson(fetch, url.href, BraveResponseSchema, {
              headers: { accept: "application/json", "x-subscription-token": key.reveal() },
              signal,
            });
            return (body.web?.results ?? []).slice(0, num).map((r): SearchHit => ({
              title: r.title,
              url: r.url,
              snippet: r.description,
            }));
          }),
      };
    case "searxng":
      return {
        id: "searxng",
        search: async (query, { num, signal }) => {
          const url = new URL(`${base}/search`);
          url.searchParams.set("q", query);
          url.searchParams.set("format", "json");
          const body = await callJson(fetch, url.href, SearxngResponseSchema, {
            headers: { accept: "application/json" },
            signal,
          });
          return body.results.slice(0, num).map((r): SearchHit => ({
            title: r.title,
            url: r.url,
            snippet: r.content,
          }));
        },
      };
  }
}
