/**
 * Re-scoring steps the hybrid retriever may apply to its fused candidates, each behind a weight
 * (`RETRIEVER_DEFAULTS.hybrid`). They were tried on LoCoMo conversations 1–5 (docs/benchmarks.md,
 * "Closing the gap"); only the soft word match moved recall there, and it is the one on by
 * default (0.5); the speaker bonus and the length prior default to 0.
 *
 * @module
 */
import { minMaxNormalize } from "../stores/hybrid_store.ts";
import { unitText } from "../stores/entities.ts";
import { defaultNeighbourIndex } from "../core/word_vector_neighbours.ts";
import type { ScoredUnit } from "./retriever_port.ts";
import { contentTokens, type SoftDoc, softDoc, softMatch } from "./soft_match.ts";

/** A hybrid candidate: a scored unit plus its rank score. */
export interface HybridCandidate extends ScoredUnit {
  fused: number;
}

/**
 * Divides each fused score by `(length / median length)^exponent`, lengths in characters of the
 * unit's text: between equally relevant candidates the shorter one costs the reader less.
 */
export function applyLengthPrior(candidates: HybridCandidate[], exponent: number): void {
  if (candidates.length === 0 || exponent <= 0) return;
  const lengths = candidates.map((c) => Math.max(1, unitText(c.unit).length));
  const median = [...lengths].sort((a, b) => a - b)[lengths.length >> 1];
  candidates.forEach((c, i) => {
    c.fused = c.fused / (lengths[i] / median) ** exponent;
  });
}

/** Adds `bonus` to candidates whose content `speaker` the query names (a whole word, any case). */
export function applySpeakerBonus(
  candidates: HybridCandidate[],
  query: string,
  bonus: number,
): void {
  if (bonus <= 0) return;
  const words = new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  for (const c of candidates) {
    const speaker = (c.unit.content as Record<string, unknown>).speaker;
    if (typeof speaker === "string" && words.has(speaker.toLowerCase())) c.fused += bonus;
  }
}

/** Prepared documents of the soft match, keyed by unit text (a changed unit is re-read). */
export class SoftDocCache {
  readonly #docs = new Map<string, SoftDoc>();
  /** Bound on cached texts; the cache starts over when it is reached. */
  static readonly MAX = 50_000;

  /** The prepared document of `text`. */
  get(text: string, make: (text: string) => SoftDoc): SoftDoc {
    let doc = this.#docs.get(text);
    if (!doc) {
      if (this.#docs.size >= SoftDocCache.MAX) this.#docs.clear();
      this.#docs.set(text, doc = make(text));
    }
    return doc;
  }
}

/** Adds `weight` × the min-max normalised soft word match (`soft_match.ts`) to every candidate. */
export async function applySoftMatch(
  candidates: HybridCandidate[],
  query: string,
  weight: number,
  cache: SoftDocCache,
  poolIdf = false,
): Promise<void> {
  if (weight <= 0 || candidates.length === 0) return;
  const index = await defaultNeighbourIndex();
  const words = contentTokens(query);
  const docs = candidates.map((c) => cache.get(unitText(c.unit), (t) => softDoc(t, index)));
  const weights = poolIdf ? poolWeights(words, docs, index) : undefined;
  const scores = candidates.map((c, i) => ({
    id: c.unit.id,
    score: softMatch(words, docs[i], index, weights),
  }));
  const norm = minMaxNormalize(scores);
  for (const c of candidates) c.fused += weight * (norm.get(c.unit.id) ?? 0);
}

/**
 * Query-word weights from the candidate pool: the SIF weight times `log(1 + n / (1 + df))`, `df`
 * the candidates holding the word. A word every candidate holds (the asked-about person's name in
 * a conversation with them) then tells the candidates apart as little as it does.
 */
function poolWeights(
  words: readonly string[],
  docs: readonly SoftDoc[],
  index: { weightOf(word: string): number },
): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of words) {
    const df = docs.reduce((n, d) => n + (d.words.has(w) ? 1 : 0), 0);
    out.set(w, index.weightOf(w) * Math.log(1 + docs.length / (1 + df)));
  }
  return out;
}
