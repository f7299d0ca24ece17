/**
 * The rules proposer's model of the landscape: Bayesian linear regression of an architecture's
 * pooled lift on its coordinates (intercept, encode types multi-hot, store, retriever and
 * manager one-hot), fitted in code from the Pareto archive. Lift, not raw score, is the target
 * because it is normalised by each fold's own baseline, so measurements from different folds
 * share one scale.
 *
 * Why a joint fit rather than per-value means: the archive is never balanced (the search visits
 * what it likes), so a value's mean lift is confounded with the company it kept; least squares
 * credits each coordinate with its own share. The posterior variance gives an optimistic bound
 * (`mean + κ·sd`, the linear-bandit acquisition) whose bonus shrinks as a coordinate is
 * measured, and a batch is diversified by counting each pick as observed before the next
 * ("hallucinated" updates that change the variance but not the mean).
 *
 * Everything is deterministic: no random draw, ties broken by enumeration order.
 *
 * @module
 */
import type { ArchitectureSpec } from "../../core/spec.ts";
import type { ArchRecord } from "./schemas.ts";
import { DIMENSIONS, MENU } from "./tracker.ts";

/** Prior precision of every coordinate effect (in units of the noise variance). */
export const PRIOR_PRECISION = 1;
/** Prior noise scale of one architecture's measured lift, and its weight in pseudo-observations. */
export const PRIOR_NOISE = 0.05;
const PRIOR_WEIGHT = 2;
/** The intercept is almost unregularised: the archive's average lift says nothing about values. */
const INTERCEPT_PRECISION = 1e-4;

/** Feature names, in vector order. */
export const SURROGATE_FEATURES: readonly string[] = [
  "intercept",
  ...DIMENSIONS.flatMap((d) => MENU[d].map((v) => `${d}=${v}`)),
];
const INDEX = new Map(SURROGATE_FEATURES.map((f, i) => [f, i]));

/** The feature vector of an architecture. */
export function surrogateFeatures(spec: ArchitectureSpec): Float64Array {
  const x = new Float64Array(SURROGATE_FEATURES.length);
  x[0] = 1;
  for (const t of spec.encode) x[INDEX.get(`encode=${t}`)!] = 1;
  for (const d of ["store", "retrieve", "manage"] as const) x[INDEX.get(`${d}=${spec[d]}`)!] = 1;
  return x;
}

/** Inverse of a symmetric positive-definite matrix by Gauss–Jordan with partial pivoting. */
export function invertMatrix(m: readonly Float64Array[]): Float64Array[] {
  const n = m.length;
  const a = m.map((row, i) => {
    const r = new Float64Array(2 * n);
    r.set(row);
    r[n + i] = 1;
    return r;
  });
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    if (Math.abs(a[p][c]) < 1e-12) throw new Error("singular matrix");
    [a[c], a[p]] = [a[p], a[c]];
    const piv = a[c][c];
    for (let j = 0; j < 2 * n; j++) a[c][j] /= piv;
    for (let r = 0; r < n; r++) {
      if (r === c || a[r][c] === 0) continue;
      const f = a[r][c];
      for (let j = 0; j < 2 * n; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((r) => r.slice(n));
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function quad(inv: readonly Float64Array[], x: Float64Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== 0) s += x[i] * dot(inv[i], x);
  return s;
}

/** A fitted model. */
export class Surrogate {
  readonly #beta: Float64Array;
  readonly #precision: Float64Array[];
  #inverse: Float64Array[];
  /** Residual noise scale (shrunk toward {@linkcode PRIOR_NOISE}). */
  readonly sigma: number;
  /** Architectures the fit used. */
  readonly n: number;

  private constructor(beta: Float64Array, precision: Float64Array[], sigma: number, n: number) {
    this.#beta = beta;
    this.#precision = precision;
    this.#inverse = invertMatrix(precision);
    this.sigma = sigma;
    this.n = n;
  }

  /** Fits the archive's pooled lifts; each record weighs by its evaluations. */
  static fit(archive: readonly Pick<ArchRecord, "architecture" | "lift" | "n_evals">[]): Surrogate {
    const p = SURROGATE_FEATURES.length;
    const precision = Array.from({ length: p }, (_, i) => {
      const r = new Float64Array(p);
      r[i] = i === 0 ? INTERCEPT_PRECISION : PRIOR_PRECISION;
      return r;
    });
    const xty = new Float64Array(p);
    const rows = archive.map((r) => ({
      x: surrogateFeatures(r.architecture),
      y: r.lift,
      w: r.n_evals,
    }));
    for (const { x, y, w } of rows) {
      for (let i = 0; i < p; i++) {
        if (x[i] === 0) continue;
        xty[i] += w * x[i] * y;
        for (let j = 0; j < p; j++) precision[i][j] += w * x[i] * x[j];
      }
    }
    const inv = invertMatrix(precision);
    const beta = new Float64Array(p).map((_, i) => dot(inv[i], xty));
    const sse = rows.reduce((s, { x, y, w }) => s + w * (y - dot(beta, x)) ** 2, 0);
    const wsum = rows.reduce((s, r) => s + r.w, 0);
    const sigma = Math.sqrt((sse + PRIOR_WEIGHT * PRIOR_NOISE ** 2) / (wsum + PRIOR_WEIGHT));
    return new Surrogate(beta, precision, sigma, rows.length);
  }

  /** Predicted lift. */
  mean(spec: ArchitectureSpec): number {
    return dot(this.#beta, surrogateFeatures(spec));
  }

  /** Posterior standard deviation of the predicted lift. */
  sd(spec: ArchitectureSpec): number {
    return this.sigma * Math.sqrt(Math.max(0, quad(this.#inverse, surrogateFeatures(spec))));
  }

  /** Optimistic bound `mean + κ·sd`. */
  ucb(spec: ArchitectureSpec, kappa: number): number {
    return this.mean(spec) + kappa * this.sd(spec);
  }

  /** The fitted effect of each coordinate value (the intercept is left out). */
  effects(): Record<string, number> {
    return Object.fromEntries(SURROGATE_FEATURES.slice(1).map((f, i) => [f, this.#beta[i + 1]]));
  }

  /** Counts `spec` as measured once more: its variance (and its neighbours') shrinks. */
  hallucinate(spec: ArchitectureSpec): void {
    const x = surrogateFeatures(spec);
    for (let i = 0; i < x.length; i++) {
      if (x[i] === 0) continue;
      for (let j = 0; j < x.length; j++) this.#precision[i][j] += x[i] * x[j];
    }
    this.#inverse = invertMatrix(this.#precision);
  }
}

/**
 * The `k` candidates of highest optimistic bound, each counted as measured before the next is
 * chosen so a batch spreads out. Ties keep `pool` order.
 */
export function acquireBatch(
  model: Surrogate,
  pool: readonly ArchitectureSpec[],
  k: number,
  kappa: number,
): ArchitectureSpec[] {
  const out: ArchitectureSpec[] = [];
  const left = [...pool];
  while (out.length < k && left.length) {
    let best = 0;
    let bestV = -Infinity;
    left.forEach((s, i) => {
      const v = model.ucb(s, kappa);
      if (v > bestV + 1e-12) [best, bestV] = [i, v];
    });
    const [pick] = left.splice(best, 1);
    out.push(pick);
    model.hallucinate(pick);
  }
  return out;
}
