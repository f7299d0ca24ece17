/**
 * A content-addressed, on-disk cache of chat replies. Re-running an experiment replays earlier
 * answers instead of paying for them again, and `freeze` mode proves a run needs no new calls.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "./zod.ts";
import { writeJsonAtomic } from "./atomic_write.ts";
import { canonicalJson, sha256Hex } from "./canonical_json.ts";
import { parseJsonReply } from "./json_extract.ts";
import { type ChatModel, type ChatRequest, type ChatResult, ModelError } from "./ports.ts";
import { jsonSchemaOf } from "./structured_output.ts";
import { readTextIfExists } from "./read_if_exists.ts";
import { redactUrl, redactUrlsIn } from "./redact_url.ts";
import { type Warn, warnOnce } from "./warn_once.ts";

/** How the cache behaves: `readwrite` reads and records, `freeze` only reads, `off` bypasses. */
export type CacheMode = "readwrite" | "freeze" | "off";

/** One cache file. */
export const CacheEntrySchema = z.object({
  version: z.literal(1),
  key: z.string().regex(/^[0-9a-f]{64}$/),
  model: z.string(),
  request: z.object({
    model: z.string(),
    /** The endpoint's base URL (credentials and query values redacted). */
    endpoint: z.string().optional(),
    messages: z.array(z.object({
      role: z.enum(["system", "user", "assistant", "tool"]),
      content: z.string(),
      tool_calls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() }))
        .optional(),
      tool_call_id: z.string().optional(),
    })),
    maxTokens: z.number().nullable(),
    temperature: z.number().nullable(),
    schema: z.unknown(),
    /** Offered native tools; absent when none were (so older keys stay valid). */
    tools: z.unknown().optional(),
  }),
  text: z.string(),
  /** Native tool calls of the reply. */
  tool_calls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() }))
    .optional(),
  usage: z.object({
    promptTokens: z.number().int().nonnegative(),
    completionTokens: z.number().int().nonnegative(),
  }),
});
/** One cache file (see {@linkcode CacheEntrySchema}). */
export type CacheEntry = z.infer<typeof CacheEntrySchema>;

/**
 * The part of a request that determines the answer; purpose and signal do not. The endpoint is
 * part of it when known: the same model name on two servers is two models.
 */
function keyMaterial(
  modelId: string,
  request: ChatRequest,
  endpoint?: string,
): CacheEntry["request"] {
  return {
    model: modelId,
    ...(endpoint ? { endpoint: redactUrl(endpoint) } : {}),
    messages: request.messages.map((m) => ({
      role: m.role,
      content: m.content,
      ...(m.toolCalls?.length ? { tool_calls: m.toolCalls } : {}),
      ...(m.toolCallId !== undefined ? { tool_call_id: m.toolCallId } : {}),
    })),
    maxTokens: request.maxTokens ?? null,
    temperature: request.temperature ?? null,
    schema: request.schema ? jsonSchemaOf(request.schema) : null,
    ...(request.tools?.length ? { tools: request.tools } : {}),
  };
}

/**
 * SHA-256 of the canonical JSON of model id, endpoint (when given), messages, maxTokens,
 * temperature and schema.
 */
export function cacheKey(modelId: string, request: ChatRequest, endpoint?: string): string {
  return sha256Hex(canonicalJson(keyMaterial(modelId, request, endpoint)));
}

/** Path of the entry for `key`: `<dir>/<first two hex digits>/<key>.json`. */
export function cachePath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

async function readEntry(path: string, key: string): Promise<CacheEntry | undefined> {
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  // A damaged entry (interrupted copy, hand edit) is a miss, and readwrite mode repairs it.
  try {
    const entry = CacheEntrySchema.parse(JSON.parse(text));
    return entry.key === key ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Where and how {@linkcode cachedModel} caches. */
export interface CacheOptions {
  dir: string;
  mode: CacheMode;
  /** The inner model's base URL: it keys the entries, so two servers never share answers. */
  endpoint?: string;
  /**
   * Told (once per cache) when a reply cannot be stored, e.g. the cache directory's disk is full
   * or read-only. The cache is a side path: the call still answers, uncached.
   */
  warn?: Warn;
}

/**
 * Wraps `inner` with the on-disk cache in `dir`. Hits return `cached: true` with the usage the
 * original call recorded; `freeze` turns a miss into `ModelError("cache_miss")`; `off` returns
 * `inner` itself. Identical concurrent misses share one call to `inner`. `endpoint` (the inner
 * model's base URL) keys the entries, so a second server with the same model name never replays
 * the first one's answers. A reply that cannot be written to the cache is returned anyway (one
 * warning through `warn`): a full or read-only cache disk must never turn into failed model
 * calls, and so into task failures.
 */
export function cachedModel(inner: ChatModel, options: CacheOptions): ChatModel {
  if (options.mode === "off") return inner;
  const { dir, mode, endpoint } = options;
  const warn = warnOnce(options.warn ?? (() => {}));
  const store = async (key: string, entry: CacheEntry): Promise<void> => {
    try {
      await writeJsonAtomic(cachePath(dir, key), entry);
    } catch (e) {
      const why = redactUrlsIn(e instanceof Error ? e.message : String(e));
      warn(
        `warning: the model reply cache in ${dir} cannot be written (${why}); ` +
          `replies are used uncached`,
      );
    }
  };
  const inflight = new Map<string, Promise<{ entry: CacheEntry; cached: boolean }>>();

  const fetchEntry = async (request: ChatRequest, key: string): Promise<CacheEntry> => {
    const result = await inner.chat(request);
    const entry: CacheEntry = {
      version: 1,
      key,
      model: result.model,
      request: keyMaterial(inner.id, request, endpoint),
      text: result.text,
      usage: { ...result.usage },
      ...(result.toolCalls?.length ? { tool_calls: result.toolCalls } : {}),
    };
    await store(key, entry);
    return entry;
  };

  return {
    id: inner.id,
    async chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
      const req = request as ChatRequest;
      const key = cacheKey(inner.id, req, endpoint);
      // Registered before the first await, so concurrent identical requests share one lookup
      // and at most one call to `inner`.
      let pending = inflight.get(key);
      if (!pending) {
        pending = lookupOrFetch(req, key).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      const { entry, cached } = await pending;
      const result = answer(entry, request, cached);
      if (result) return result;
      if (!cached) {
        // The inner model validated this text against the same schema, so this cannot fail.
        throw new ModelError("schema", "the reply does not fit the request schema");
      }
      // A stored entry that no longer fits this request's schema: ask again.
      if (mode === "freeze") throw frozenMiss(key);
      const fresh = answer(await fetchEntry(req, key), request, false);
      if (!fresh) throw new ModelError("schema", "the reply does not fit the request schema");
      return fresh;
    },
  };

  function frozenMiss(key: string): ModelError {
    return new ModelError(
      "cache_miss",
      `no usable cached reply for model ${inner.id} (key ${key}) and the cache is frozen`,
    );
  }

  async function lookupOrFetch(
    request: ChatRequest,
    key: string,
  ): Promise<{ entry: CacheEntry; cached: boolean }> {
    const stored = await readEntry(cachePath(dir, key), key);
    if (stored && answer(stored, request, true)) return { entry: stored, cached: true };
    if (mode === "freeze") throw frozenMiss(key);
    return { entry: await fetchEntry(request, key), cached: false };
  }
}

/** The result for `entry`, or undefined when its text no longer fits the request's schema. */
function answer<T>(
  entry: CacheEntry,
  request: ChatRequest<T>,
  cached: boolean,
): ChatResult<T> | undefined {
  const result: ChatResult<T> = {
    text: entry.text,
    usage: { ...entry.usage },
    model: entry.model,
    cached,
  };
  if (entry.tool_calls?.length) result.toolCalls = entry.tool_calls.map((c) => ({ ...c }));
  if (!request.schema) return result;
  const parsed = parseJsonReply(entry.text, request.schema);
  if (!parsed.ok) return undefined;
  result.json = parsed.value;
  return result;
}
