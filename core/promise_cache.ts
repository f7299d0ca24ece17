/**
 * Promises built once per key and shared by every caller, for things that are costly to build
 * and safe to share (a worker's benchmarks, web toolkits). A build that rejects is forgotten, so
 * the next caller builds again instead of inheriting a stale failure.
 *
 * @module
 */

/** A keyed cache of built-once promises. */
export class PromiseCache<T> {
  readonly #entries = new Map<string, Promise<T>>();

  /** The promise for `key`, from `build` the first time (and again after a rejection). */
  get(key: string, build: () => Promise<T>): Promise<T> {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = build();
      this.#entries.set(key, entry);
      entry.catch(() => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      });
    }
    return entry;
  }

  /** Every value built so far; builds still running are awaited, failed ones left out. */
  async values(): Promise<T[]> {
    const settled = await Promise.allSettled(this.#entries.values());
    return settled.flatMap((s) => s.status === "fulfilled" ? [s.value] : []);
  }
}
