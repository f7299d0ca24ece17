/**
 * A promise that rejects when a signal aborts, to race against work that cannot itself be
 * cancelled (a queued job keeps running on its worker; the waiting coordinator stops).
 *
 * @module
 */

/**
 * Rejects with `error()` once `signal` aborts (at once when it already has); never settles
 * without a signal. Its rejection is marked handled, so an unraced one is not reported.
 */
export function abortRejection(
  signal: AbortSignal | undefined,
  error: () => Error,
): Promise<never> {
  const p = new Promise<never>((_, reject) => {
    if (!signal) return;
    const stop = () => reject(error());
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
  });
  p.catch(() => {});
  return p;
}
