/**
 * An in-memory LRU cache in front of any {@linkcode Embedder}: retrieval embeds the same queries
 * and unit texts over and over, and remote embeddings cost money and latency.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import { type Embedder, ModelError } from "./ports.ts";

/**
 * Wraps `inner` with an LRU cache of up to `maxEntries` vectors keyed by text. Misses of one batch
 * go to `inner` in a single call (each distinct text once). Returned vectors are copies, so
 * callers may mutate them without corrupting the cache.
 */
export function cachedEmbedder(inner: Embedder, maxEntries = 10_000): Embedder {
  if (!Number.isInteger(maxEntries) || maxEntries < 0) {
    throw new AutomemError(
      "invalid_argument",
      `maxEntries must be a natural number, got ${maxEntries}`,
    );
  }
  // A Map iterates in insertion order, so re-inserting on every hit keeps the oldest entry first.
  const cache = new Map<string, Float32Array>();
  const remember = (text: string, vector: Float32Array) => {
    if (maxEntries === 0) return;
    cache.delete(text);
    cache.set(text, vector);
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  };
  return {
    id: inner.id,
    dim: inner.dim,
    async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
      const found = new Map<string, Float32Array>();
      for (const text of texts) {
        const hit = cache.get(text);
        if (hit) {
          found.set(text, hit);
          remember(text, hit);
        }
      }
      const missing = [...new Set(texts.filter((t) => !found.has(t)))];
      if (missing.length > 0) {
        const vectors = await inner.embed(missing, signal);
        if (vectors.length !== missing.length) {
          throw new ModelError(
            "schema",
            `embedder ${inner.id} returned ${vectors.length} vectors for ${missing.length} texts`,
          );
        }
        missing.forEach((text, i) => {
          found.set(text, vectors[i]);
          remember(text, vectors[i]);
        });
      }
      return texts.map((t) => found.get(t)!.slice());
    },
  };
}
