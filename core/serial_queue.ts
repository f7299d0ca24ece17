/**
 * A promise-chain mutex: provider methods run one at a time, in call order, so a `beginTask` can
 * never interleave with an `endTask` that is writing the store (the reference held an RLock).
 *
 * @module
 */

/** Runs async functions strictly one after another. */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Schedules `fn` after every earlier call has settled; a failure does not block later calls. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn, fn);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
