/**
 * Paired acceptance (docs/design.md#champion, mechanism A2): a one-sided exact sign test of a
 * challenger against the champion re-evaluated on the same tasks in the same round.
 *
 * @module
 */
import type { PerTask, SignTest } from "../common_schemas.ts";

/** Significance level of champion promotion. */
export const ACCEPT_ALPHA = 0.10;

/** `P[X ≥ k]` for `X ~ Binomial(n, 1/2)`; 1 when `n = 0`. */
export function binomialUpperTail(k: number, n: number): number {
  if (n === 0 || k <= 0) return 1;
  if (k > n) return 0;
  // Exact binomial coefficients in BigInt, so small-n values are exact (4–0 → 0.0625).
  let c = 1n;
  let total = 0n;
  for (let i = 0; i <= n; i++) {
    if (i > 0) c = (c * BigInt(n - i + 1)) / BigInt(i);
    if (i >= k) total += c;
  }
  return Number(total) / 2 ** n;
}

/**
 * Sign test on the tasks both were scored on: a win is a task where the challenger scored
 * higher, a loss where it scored lower (with binary scores these are the reference's pass/fail
 * flips; with partial credit any difference counts). Promote iff wins > losses and p < alpha.
 */
export function pairedSignTest(
  challenger: PerTask,
  champion: PerTask,
  alpha: number = ACCEPT_ALPHA,
): SignTest {
  let wins = 0, losses = 0, ties = 0, common = 0;
  for (const id of Object.keys(challenger).sort()) {
    const c = champion[id];
    if (!c) continue;
    common++;
    const d = challenger[id].score - c.score;
    if (d > 1e-9) wins++;
    else if (d < -1e-9) losses++;
    else ties++;
  }
  const p = binomialUpperTail(wins, wins + losses);
  return {
    n_common: common,
    wins,
    losses,
    ties,
    p_value: Math.round(p * 1e5) / 1e5,
    alpha,
    promote: wins > losses && p < alpha,
  };
}
