/**
 * The web response cache: search results and fetched pages stored by the hash of what was asked,
 * so a run can be repeated without paying for searches again, and `freeze` mode replays a run
 * with no network at all (a miss is an error, not a request). Failures are never cached.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../../core/zod.ts";
import { writeJsonAtomic } from "../../core/atomic_write.ts";
import { redactUrlsIn } from "../../core/redact_url.ts";
import { type Warn, warnOnce } from "../../core/warn_once.ts";
import { canonicalJson, sha256Hex } from "../../core/canonical_json.ts";
import { readTextIfExists } from "../../core/read_if_exists.ts";
import { WebToolError } from "./web_error.ts";

/** Cache behaviour: `readwrite` reads and records, `freeze` only reads, `off` bypasses. */
export type WebCacheMode = "off" | "readwrite" | "freeze";

/** One cache file. */
export const WebCacheEntrySchema = z.object({
  version: z.literal(1),
  kind: z.string(),
  key: z.string().regex(/^[0-9a-f]{64}$/),
  /** What was asked (query, URL...), never a key or token. */
  request: z.unknown(),
  value: z.unknown(),
});

/** A directory of cached web responses. */
export class WebCache {
  readonly dir: string;
  readonly mode: WebCacheMode;
  readonly #warn: Warn;

  /**
   * A cache in `dir` with `mode`. A response that cannot be stored (full or read-only disk) is
   * returned anyway and reported once through `warn`: the cache is a side path.
   */
  constructor(dir: string, mode: WebCacheMode, warn: Warn = () => {}) {
    this.dir = dir;
    this.mode = mode;
    this.#warn = warnOnce(warn);
  }

  /** The key and file of the entry for `kind` and `request`. */
  locate(kind: string, request: unknown): { key: string; path: string } {
    const key = sha256Hex(canonicalJson({ kind, request }));
    return { key, path: join(this.dir, kind, key.slice(0, 2), `${key}.json`) };
  }

  /**
   * The cached value for (`kind`, `request`) if there is a valid one; otherwise `compute()`'s
   * value, recorded in `readwrite` mode. In `freeze` mode a miss throws `cache_miss`. A damaged
   * or mismatching entry counts as a miss.
   */
  async through<T>(
    kind: string,
    request: unknown,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
  ): Promise<T> {
    if (this.mode === "off") return await compute();
    const { key, path } = this.locate(kind, request);
    const text = await readTextIfExists(path);
    if (text !== undefined) {
      try {
        const entry = WebCacheEntrySchema.parse(JSON.parse(text));
        const value = schema.safeParse(entry.value);
        if (entry.key === key && entry.kind === kind && value.success) return value.data;
      } catch {
        // fall through: a damaged entry is a miss
      }
    }
    if (this.mode === "freeze") {
      throw new WebToolError(
        "cache_miss",
        `web cache is frozen and has no ${kind} entry for ${JSON.stringify(request).slice(0, 200)}`,
      );
    }
    const value = await compute();
    await writeJsonAtomic(path, { version: 1, kind, key, request, value }).catch((e) =>
      this.#warn(
        `warning: the web cache in ${this.dir} cannot be written (${
          redactUrlsIn(e instanceof Error ? e.message : String(e))
        }); responses are used uncached`,
      )
    );
    return value;
  }
}
