/**
 * Relevance of memory to a task, judged by TF-IDF against the round-start pool
 * (docs/design.md#fgmd-relevance's offline backend). It is always TF-IDF so attribution never
 * depends on what models happen to be installed (docs/design.md#fix-relevance); thresholds adapt to
 * each pool's score distribution.
 *
 * @module
 */
import { contentText, type MemoryUnit } from "../../core/unit.ts";

/** Absolute floor of the relevance threshold (reference TF-IDF base). */
export const BASE_THRESHOLD = 0.05;
/** Below this best pool score nothing in the pool is even weakly on topic. */
export const DOMAIN_GAP_SCORE = 0.10;

const STOPWORDS = new Set(
  ("the and for with that this from are was were you your have has had not but all any can " +
    "into its our out use using via per then than when what which who how why been being " +
    "they them their there these those will would should could also only each other").split(" "),
);

/** Lowercased tokens longer than two characters, punctuation removed, stopwords dropped. */
export function tokens(text: string): string[] {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").split(" ")
    .filter((t) => t.length > 2 && !STOPWORDS.has(t));
}

/** A TF-IDF index over a set of units. */
export class RelevanceIndex {
  readonly #docs: { id: string; terms: Set<string> }[];
  readonly #idf = new Map<string, number>();
  readonly #n: number;

  /** Indexes `units` by their `contentText`. */
  constructor(units: readonly Pick<MemoryUnit, "id" | "type" | "content" | "use_when">[]) {
    this.#docs = units.map((u) => ({ id: u.id, terms: new Set(tokens(contentText(u))) }));
    this.#n = this.#docs.length;
    const df = new Map<string, number>();
    for (const d of this.#docs) for (const t of d.terms) df.set(t, (df.get(t) ?? 0) + 1);
    for (const [t, n] of df) this.#idf.set(t, Math.log((this.#n + 1) / (n + 1)) + 1);
  }

  /** Number of indexed units. */
  get size(): number {
    return this.#n;
  }

  #idfOf(term: string): number {
    return this.#idf.get(term) ?? Math.log(this.#n + 1) + 1;
  }

  /** Σ idf of the query's distinct terms present in `terms`, over the number of query terms. */
  #score(query: Set<string>, terms: Set<string>): number {
    if (query.size === 0) return 0;
    let s = 0;
    for (const t of query) if (terms.has(t)) s += this.#idfOf(t);
    return s / query.size;
  }

  /** Scores of every indexed unit against `query`, in index order. */
  scorePool(query: string): { id: string; score: number }[] {
    const q = new Set(tokens(query));
    return this.#docs.map((d) => ({ id: d.id, score: this.#score(q, d.terms) }));
  }

  /** Score of a free text (e.g. injected guidance) against `query`, with this pool's idf. */
  scoreText(query: string, text: string): number {
    return this.#score(new Set(tokens(query)), new Set(tokens(text)));
  }
}

/**
 * The adaptive threshold: the base, raised to `median + 1.5·σ` of the non-zero scores when there
 * are at least five of them (so a pool where everything shares a word does not count as relevant).
 */
export function relevanceThreshold(scores: readonly number[]): number {
  const nz = scores.filter((s) => s > 0).sort((a, b) => a - b);
  if (nz.length < 5) return BASE_THRESHOLD;
  const mid = nz.length % 2
    ? nz[(nz.length - 1) / 2]
    : (nz[nz.length / 2 - 1] + nz[nz.length / 2]) / 2;
  const mu = nz.reduce((s, x) => s + x, 0) / nz.length;
  const sd = Math.sqrt(nz.reduce((s, x) => s + (x - mu) ** 2, 0) / nz.length);
  return Math.max(BASE_THRESHOLD, mid + 1.5 * sd);
}
