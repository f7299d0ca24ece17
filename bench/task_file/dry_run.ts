/**
 * Synthetic, deterministic scores for `--dry_run` on a plain task file (docs/design.md#dry-run).
 * Nothing runs: scores are pure functions of hashes, so two dry runs give identical artifacts.
 *
 * - Baseline (no memory): task at 0-based row i scores 1 unless `(17·i + 3) mod 5 == 0`.
 * - Candidate metrics ({@linkcode syntheticCandidateMetrics}), exactly the reference's
 *   `_synthetic_candidate_metrics`: seed = first 8 bytes (big-endian) of the SHA-256 of the
 *   compact key-sorted JSON `{"architecture": <search shape>, "candidate_id": k, "round_id": t}`;
 *   `v(off, lo, hi) = round(lo + (hi − lo)·((seed >> off) & 0xFFFF)/65535, 4)`; accuracy =
 *   v(0, .50, .90), hit_rate = v(16, .30, .90), token_eff = v(32, .70, 1.00), memory_lift =
 *   round(acc − baseline, 4), fitness = round(0.7·acc + 0.2·hit + 0.1·teff, 4).
 * - Per task (what `runTask` returns, automem's addition so a dry run exercises the per-task
 *   path): the architecture's synthetic accuracy `a = v(0, .50, .90)` of the seed of
 *   `{"fingerprint": fp}`, and the task passes when `u < a`, with `u = (seed & 0xFFFF)/65535` of
 *   the seed of `{"fingerprint": fp, "task_id": id}`. Over many tasks the pass rate tends to `a`.
 *
 * Rounding follows Python's `round` (round half to even on the exact binary value).
 *
 * @module
 */
import { canonicalJson, sha256Hex } from "../../core/canonical_json.ts";

/** Python's `round(x, digits)`: exact decimal expansion, ties to even. */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const neg = x < 0;
  // toFixed(60) is the exact binary value in decimal for |x| < 1e21; rounding on it is exact.
  const [int, frac = ""] = Math.abs(x).toFixed(60).split(".");
  const keep = frac.slice(0, digits);
  const rest = frac.slice(digits);
  let digitsStr = int + keep;
  const half = "5" + "0".repeat(rest.length - 1);
  const up = rest > half || (rest === half && Number(digitsStr[digitsStr.length - 1]) % 2 === 1);
  if (up) {
    const n = BigInt(digitsStr) + 1n;
    digitsStr = n.toString().padStart(digitsStr.length, "0");
  }
  const whole = digitsStr.slice(0, digitsStr.length - digits) || "0";
  const value = Number(`${whole}.${digitsStr.slice(digitsStr.length - digits) || "0"}`);
  return neg ? -value : value;
}

/** First 8 bytes of SHA-256 of the compact key-sorted JSON of `value`, big-endian. */
export function seedOf(value: unknown): bigint {
  return BigInt("0x" + sha256Hex(canonicalJson(value)).slice(0, 16));
}

/** The reference's `v(off, lo, hi)`. */
export function seedValue(seed: bigint, off: number, lo: number, hi: number): number {
  const bits = Number((seed >> BigInt(off)) & 0xffffn);
  return pyRound(lo + (hi - lo) * bits / 65535, 4);
}

/** Baseline score of the task at 0-based `row` in a dry run. */
export function dryRunBaselineScore(row: number): number {
  return (17 * row + 3) % 5 === 0 ? 0 : 1;
}

/** Synthetic metrics of one candidate (the reference's dry run). */
export interface SyntheticMetrics {
  accuracy: number;
  hit_rate: number;
  token_eff: number;
  memory_lift: number;
  fitness: number;
  total_tasks: number;
  synthetic: true;
}

/** What identifies a candidate evaluation in the reference's seed. */
export interface SyntheticCandidate {
  /** The architecture in the reference's search shape (`extract_types`, ...). */
  architecture: unknown;
  candidateId: number;
  roundId: number;
  baselineAccuracy: number;
  totalTasks: number;
}

/** The reference's `_synthetic_candidate_metrics`. */
export function syntheticCandidateMetrics(c: SyntheticCandidate): SyntheticMetrics {
  const seed = seedOf({
    architecture: c.architecture,
    candidate_id: c.candidateId,
    round_id: c.roundId,
  });
  const accuracy = seedValue(seed, 0, 0.5, 0.9);
  const hit = seedValue(seed, 16, 0.3, 0.9);
  const teff = seedValue(seed, 32, 0.7, 1.0);
  return {
    accuracy,
    hit_rate: hit,
    token_eff: teff,
    memory_lift: pyRound(accuracy - c.baselineAccuracy, 4),
    fitness: pyRound(0.7 * accuracy + 0.2 * hit + 0.1 * teff, 4),
    total_tasks: c.totalTasks,
    synthetic: true,
  };
}

/**
 * The reference's final-test adjustment: accuracy quantised to `round(acc·n)/n` (clamped to
 * [0, 1]), lift and fitness recomputed; `passes` is how many of the n tasks pass (the first ones).
 */
export function quantiseSynthetic(
  m: SyntheticMetrics,
  n: number,
  baselineAccuracy: number,
): SyntheticMetrics & { passes: number } {
  const passes = n > 0 ? Math.min(n, Math.max(0, pyRound(m.accuracy * n, 0))) : 0;
  const accuracy = n > 0 ? pyRound(passes / n, 4) : 0;
  return {
    ...m,
    accuracy,
    memory_lift: pyRound(accuracy - baselineAccuracy, 4),
    fitness: pyRound(0.7 * accuracy + 0.2 * m.hit_rate + 0.1 * m.token_eff, 4),
    total_tasks: n,
    passes,
  };
}

/** Synthetic accuracy of an architecture (by fingerprint) for per-task dry-run scores. */
export function syntheticAccuracy(fingerprint: string): number {
  return seedValue(seedOf({ fingerprint }), 0, 0.5, 0.9);
}

/** Synthetic per-task score (0 or 1) of an architecture on a task; see the module doc. */
export function syntheticTaskScore(fingerprint: string, taskId: string): number {
  const u = Number(seedOf({ fingerprint, task_id: taskId }) & 0xffffn) / 65535;
  return u < syntheticAccuracy(fingerprint) ? 1 : 0;
}
