/**
 * Time sources for the {@linkcode Clock} port: the wall clock for live runs and a logical clock
 * that makes offline runs reproducible byte for byte.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import type { Clock } from "./ports.ts";

/**
 * The wall clock (`Date.now()`), with `performance.now()` for durations: a wall-clock step (NTP,
 * a suspended laptop, a changed time zone setting) must not spend or refund a time budget.
 */
export const systemClock: Clock = { now: () => Date.now(), monotonic: () => performance.now() };

/**
 * A deterministic clock: the first `now()` returns `startMs` and every later call returns the
 * previous value plus `stepMs`, so timestamps depend only on how many times time was read. Its
 * `monotonic()` is the last time handed out, so measuring a duration never moves the clock.
 */
export function logicalClock(startMs: number = Date.UTC(2026, 0, 1), stepMs = 1000): Clock {
  if (!Number.isFinite(startMs) || !Number.isFinite(stepMs) || stepMs < 0) {
    throw new AutomemError(
      "invalid_argument",
      "logicalClock needs a finite start and a non-negative finite step",
    );
  }
  let next = startMs;
  let last = startMs;
  return {
    now() {
      const current = next;
      next += stepMs;
      last = current;
      return current;
    },
    monotonic: () => last,
  };
}

/**
 * Milliseconds elapsed since this call, measured with the clock's monotonic time when it has
 * one (see {@linkcode Clock.monotonic}), else with its wall time.
 */
export function stopwatch(clock: Clock): () => number {
  const read = clock.monotonic ? () => clock.monotonic!() : () => clock.now();
  const origin = read();
  return () => Math.max(0, read() - origin);
}

/** Formats epoch milliseconds as `YYYY-MM-DDTHH:MM:SS.sssZ` (UTC). */
export function isoUtc(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) {
    throw new AutomemError("invalid_argument", `not a valid time: ${ms}`);
  }
  return date.toISOString();
}
