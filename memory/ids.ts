/**
 * Deterministic unit ids for offline runs: the same run gives the same ids, so artifacts are
 * byte-identical. Each provider opening needs its own prefix (or generator) so ids never collide
 * with units already in a reopened store.
 *
 * @module
 */

/** Returns a generator of `<prefix>-000001`, `<prefix>-000002`, ... */
export function sequentialIds(prefix = "u"): () => string {
  if (!/^[A-Za-z0-9_.:-]+$/.test(prefix)) {
    throw new TypeError(`id prefix must be letters, digits or _.:- only, got '${prefix}'`);
  }
  let n = 0;
  return () => `${prefix}-${String(++n).padStart(6, "0")}`;
}
