/**
 * The retry loop of the model adapters: exponential backoff with jitter, `Retry-After` honoured,
 * abortable sleeps. The SDK's own retries are off so this loop is the one place to test.
 *
 * @module
 */
import { ModelError } from "./ports.ts";

/** Waits `ms` milliseconds; rejects with `ModelError("aborted")` if `signal` aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A real `setTimeout` sleep that stops early when aborted. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelError("aborted", "the request was aborted"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError("aborted", "the request was aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** How often and how long to retry. */
export interface RetryPolicy {
  /** Retries after the first attempt (so `maxRetries + 1` attempts in all). */
  maxRetries: number;
  /** Delay before the first retry, doubled for each further one. */
  baseDelayMs: number;
  /** Upper bound on any single delay, `Retry-After` included. */
  maxDelayMs: number;
  /** Waits between attempts (injected in tests). */
  sleep: Sleep;
  /** Uniform [0, 1) source for jitter. */
  random: () => number;
}

/** Default policy: 4 retries, 1 s doubling up to 60 s, real sleep, `Math.random` jitter. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  sleep: defaultSleep,
  random: Math.random,
};

/** How the caller judged one failed attempt. */
export interface AttemptFailure {
  /** What to throw if this failure is final. */
  error: ModelError;
  /** Whether another attempt may succeed (429, 5xx, network, timeout). */
  retryable: boolean;
  /** Server-requested wait, from `Retry-After`. */
  retryAfterMs?: number;
}

/**
 * Milliseconds to wait according to `retry-after-ms` or `Retry-After` (delta-seconds or an HTTP
 * date, measured from `nowMs`); undefined when absent or unparseable.
 */
export function parseRetryAfter(
  headers: { get(name: string): string | null } | undefined,
  nowMs: number,
): number | undefined {
  const ms = headers?.get("retry-after-ms")?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Number(ms);
  const value = headers?.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/**
 * Delay before retry number `retryIndex` (0-based): `Retry-After` when given, else
 * `base * 2^retryIndex` with equal jitter (half fixed, half random) so clients that failed
 * together do not retry together. Always capped at `maxDelayMs`.
 */
export function backoffDelay(
  retryIndex: number,
  policy: RetryPolicy,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined) return Math.min(policy.maxDelayMs, retryAfterMs);
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return exp / 2 + policy.random() * (exp / 2);
}

/**
 * Runs `attempt` until it succeeds, `classify` calls a failure final, or retries run out; then
 * throws the classified `ModelError`. Sleeps between attempts abort with `signal`.
 */
export async function withRetries<T>(
  attempt: (attemptIndex: number) => Promise<T>,
  classify: (error: unknown) => AttemptFailure,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let index = 0;; index++) {
    try {
      return await attempt(index);
    } catch (error) {
      const failure = classify(error);
      if (!failure.retryable || index >= policy.maxRetries) throw failure.error;
      await policy.sleep(backoffDelay(index, policy, failure.retryAfterMs), signal);
    }
  }
}
