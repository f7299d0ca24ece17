/**
 * The research agent's web settings (search provider, its keys, the web response cache, the page
 * reader) resolved from a variable map. Pure like `endpoints.ts`: `config.ts` hands it the
 * environment, so it remains the only module that reads the process environment.
 *
 * Variables: `WEB_SEARCH_PROVIDER` (serper, tavily, brave, searxng; default: the first of those
 * whose key or URL is set), `SERPER_API_KEY`, `TAVILY_API_KEY`, `BRAVE_API_KEY` (each may hold
 * several keys separated by commas, used in rotation), `SERPER_API_BASE`, `TAVILY_API_BASE`,
 * `BRAVE_API_BASE` (other hosts, e.g. a proxy), `SEARXNG_URL`, `WEB_CACHE_MODE` (off, readwrite,
 * freeze; default: the model cache's mode), `CRAWL_READER` (local or jina), `JINA_API_KEY`,
 * `JINA_READER_BASE`, `WEB_FETCH_MAX_BYTES` (largest page or file the fetch tools download,
 * default 5 MiB). Attachments: `VISION_MODEL` (or a `VISION_API_KEY` + `VISION_API_BASE` pair)
 * enables image reading, `TRANSCRIPTION_MODEL` (or its pair) audio; without their own pair they
 * use the generic OpenAI endpoint.
 *
 * @module
 */
import { z } from "./zod.ts";
import {
  checkedUrl,
  ConfigError,
  EndpointSchema,
  type Env,
  envValue,
  genericEndpoint,
  roleEndpoint,
  Secret,
} from "./endpoints.ts";

/** The web search providers automem speaks. */
export const SEARCH_PROVIDER_IDS = ["serper", "tavily", "brave", "searxng"] as const;
/** One web search provider id. */
export type SearchProviderId = typeof SEARCH_PROVIDER_IDS[number];

/** Public API bases, used when no `*_API_BASE` variable is set. */
export const SEARCH_DEFAULT_BASES: Readonly<Record<Exclude<SearchProviderId, "searxng">, string>> =
  {
    serper: "https://google.serper.dev",
    tavily: "https://api.tavily.com",
    brave: "https://api.search.brave.com",
  };

/** A model on an OpenAI-compatible endpoint that reads images or transcribes audio. */
export const MediaModelSchema = z.object({ model: z.string(), endpoint: EndpointSchema });

/** Default base of the Jina reader. */
export const JINA_DEFAULT_BASE = "https://r.jina.ai";

/** The web settings. */
export const WebConfigSchema = z.object({
  search: z.object({
    /** Null when no provider is configured: `web_search` is then left out of the tool set. */
    provider: z.enum(SEARCH_PROVIDER_IDS).nullable(),
    baseUrl: z.string().nullable(),
    /** Keys in rotation order (empty for SearXNG). */
    keys: z.array(z.instanceof(Secret)),
    /** The variable the keys came from, for messages. */
    keyVar: z.string().nullable(),
  }),
  /** Cache of search results and fetched pages; `freeze` replays without network. */
  cacheMode: z.enum(["off", "readwrite", "freeze"]),
  reader: z.object({
    kind: z.enum(["local", "jina"]),
    jinaBase: z.string(),
    jinaKey: z.instanceof(Secret).nullable(),
  }),
  /** Limits of the fetch tools. */
  fetch: z.object({ maxBytes: z.int().positive() }),
  /** Image and audio readers for attachments; null when not configured. */
  media: z.object({
    vision: MediaModelSchema.nullable(),
    transcription: MediaModelSchema.nullable(),
  }),
});
/** The web settings (see {@linkcode WebConfigSchema}). */
export type WebConfig = z.infer<typeof WebConfigSchema>;

/** An http(s) base URL without trailing slashes (they would double in joined paths). */
function checkedBase(value: string, variable: string): string {
  return checkedUrl(value, variable).replace(/\/+$/, "");
}

function keysOf(env: Env, variable: string): Secret[] {
  const raw = envValue(env, variable);
  if (!raw) return [];
  return raw.split(",").map((k) => k.trim()).filter((k) => k).map((k) => new Secret(k));
}

const KEY_VARS = {
  serper: "SERPER_API_KEY",
  tavily: "TAVILY_API_KEY",
  brave: "BRAVE_API_KEY",
} as const;

function pickProvider(env: Env): SearchProviderId | null {
  const named = envValue(env, "WEB_SEARCH_PROVIDER")?.toLowerCase();
  if (named !== undefined) {
    if (!(SEARCH_PROVIDER_IDS as readonly string[]).includes(named)) {
      throw new ConfigError(`WEB_SEARCH_PROVIDER must be one of ${SEARCH_PROVIDER_IDS.join(", ")}`);
    }
    return named as SearchProviderId;
  }
  for (const id of ["serper", "tavily", "brave"] as const) {
    if (envValue(env, KEY_VARS[id])) return id;
  }
  return envValue(env, "SEARXNG_URL") ? "searxng" : null;
}

function mediaModel(env: Env, prefix: string, fallbackModel: string) {
  const own = roleEndpoint(env, prefix);
  const model = envValue(env, `${prefix}_MODEL`);
  if (!own && !model) return null;
  const endpoint = own ?? genericEndpoint(env);
  if (!endpoint) {
    throw new ConfigError(
      `${prefix}_MODEL needs ${prefix}_API_KEY and ${prefix}_API_BASE, or OPENAI_API_KEY`,
    );
  }
  return { model: model ?? fallbackModel, endpoint };
}

/** Default of `WEB_FETCH_MAX_BYTES`. */
export const DEFAULT_FETCH_MAX_BYTES = 5 * 1024 * 1024;

function fetchMaxBytes(env: Env): number {
  const raw = envValue(env, "WEB_FETCH_MAX_BYTES");
  if (raw === undefined) return DEFAULT_FETCH_MAX_BYTES;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new ConfigError("WEB_FETCH_MAX_BYTES must be a positive whole number of bytes");
  }
  return n;
}

/** Resolves the web settings; `defaultCacheMode` is the model cache's mode. */
export function resolveWebConfig(
  env: Env,
  defaultCacheMode: WebConfig["cacheMode"],
): WebConfig {
  const provider = pickProvider(env);
  let search: WebConfig["search"] = { provider, baseUrl: null, keys: [], keyVar: null };
  if (provider === "searxng") {
    const url = envValue(env, "SEARXNG_URL");
    if (!url) throw new ConfigError("WEB_SEARCH_PROVIDER=searxng needs SEARXNG_URL");
    search = { provider, baseUrl: checkedBase(url, "SEARXNG_URL"), keys: [], keyVar: null };
  } else if (provider) {
    const keyVar = KEY_VARS[provider];
    const keys = keysOf(env, keyVar);
    if (keys.length === 0) throw new ConfigError(`WEB_SEARCH_PROVIDER=${provider} needs ${keyVar}`);
    const baseVar = `${provider.toUpperCase()}_API_BASE`;
    const base = envValue(env, baseVar);
    search = {
      provider,
      baseUrl: base ? checkedBase(base, baseVar) : SEARCH_DEFAULT_BASES[provider],
      keys,
      keyVar,
    };
  }
  const cacheMode = envValue(env, "WEB_CACHE_MODE") ?? defaultCacheMode;
  if (!["off", "readwrite", "freeze"].includes(cacheMode)) {
    throw new ConfigError("WEB_CACHE_MODE must be one of off, readwrite, freeze");
  }
  const reader = envValue(env, "CRAWL_READER") ?? "local";
  if (reader !== "local" && reader !== "jina") {
    throw new ConfigError("CRAWL_READER must be local or jina");
  }
  const jinaBase = envValue(env, "JINA_READER_BASE");
  const jinaKey = envValue(env, "JINA_API_KEY");
  return WebConfigSchema.parse({
    search,
    cacheMode,
    reader: {
      kind: reader,
      jinaBase: jinaBase ? checkedBase(jinaBase, "JINA_READER_BASE") : JINA_DEFAULT_BASE,
      jinaKey: jinaKey ? new Secret(jinaKey) : null,
    },
    fetch: { maxBytes: fetchMaxBytes(env) },
    media: {
      vision: mediaModel(env, "VISION", "gpt-4o"),
      transcription: mediaModel(env, "TRANSCRIPTION", "whisper-1"),
    },
  });
}

/** The secrets inside web settings (search keys, the Jina key). */
export function webSecrets(web: WebConfig): Secret[] {
  const media = [web.media.vision, web.media.transcription].flatMap((m) =>
    m ? [m.endpoint.apiKey] : []
  );
  return [...web.search.keys, ...(web.reader.jinaKey ? [web.reader.jinaKey] : []), ...media];
}

/** One line for `describeConfig`, without secrets. */
export function describeWeb(web: WebConfig): string {
  const s = web.search;
  const search = s.provider === null
    ? "no search provider"
    : `${s.provider} at ${s.baseUrl}${
      s.keys.length ? ` (${s.keys.length} key(s) from ${s.keyVar})` : ""
    }`;
  const media = [
    web.media.vision ? `vision ${web.media.vision.model}` : "",
    web.media.transcription ? `transcription ${web.media.transcription.model}` : "",
  ].filter((m) => m);
  return `${search}; cache ${web.cacheMode}; reader ${web.reader.kind}` +
    (media.length ? `; ${media.join(", ")}` : "");
}
