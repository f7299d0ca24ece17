/**
 * Deterministic unit ids for offline runs: the same run gives the same ids, so artifacts are
 * byte-identical. Each provider opening needs its own prefix (or generator) so ids never collide
 * with units already in a reopened store.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** Returns a generator of `<prefix>-000001`, `<prefix>-000002`, ... (after `start` when given). */
export function sequentialIds(prefix = "u", start = 0): () => string {
  if (!/^[A-Za-z0-9_.:-]+$/.test(prefix)) {
    throw new AutomemError(
      "invalid_argument",
      `id prefix must be letters, digits or _.:- only, got '${prefix}'`,
    );
  }
  let n = start;
  return () => `${prefix}-${String(++n).padStart(6, "0")}`;
}

/**
 * Like {@linkcode sequentialIds}, but starts after the highest `<prefix>-<n>` among `existing`, so
 * reopening a store with the same prefix never reuses an id. Still deterministic: the same store
 * contents give the same next id.
 */
export function continuingIds(prefix: string, existing: Iterable<string>): () => string {
  sequentialIds(prefix); // validates the prefix before it becomes part of a pattern
  const pattern = new RegExp(`^${prefix.replace(/[.]/g, "\\.")}-(\\d+)$`);
  let max = 0;
  for (const id of existing) {
    const m = pattern.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return sequentialIds(prefix, max);
}
