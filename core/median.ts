/**
 * The median, which the benchmarks report: a run measured in a slow minute of a shared machine
 * moves it less than it moves the mean.
 *
 * @module
 */

/** The median of `xs` (mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
