/**
 * Soft word matching ("MaxSim" over static word vectors): every content word of the query finds
 * its best match among the document's words, by cosine in the word-vector table (an identical
 * word scores 1, also for words the table does not know), and the matches are averaged with the
 * words' SIF weights, so rare words count more. Unlike one averaged sentence vector it keeps each
 * query word's own evidence: "destress" in the question still meets "relax" in a long turn about
 * many things.
 *
 * @module
 */
import type { WordNeighbourIndex } from "../core/word_vector_neighbours.ts";
import { wordVectorTokens } from "../core/word_vector_embedder.ts";
import { STOPWORDS } from "./lexical.ts";

/** Query and document words that take part: lower-case, no stop words. */
export function contentTokens(text: string): string[] {
  return [...new Set(wordVectorTokens(text).filter((w) => w.length > 1 && !STOPWORDS.has(w)))];
}

/** A document's words with their vectors, computed once per document. */
export interface SoftDoc {
  words: ReadonlySet<string>;
  vectors: Float64Array[];
}

/** Prepares a document for {@linkcode softMatch}. */
export function softDoc(text: string, index: WordNeighbourIndex): SoftDoc {
  const words = contentTokens(text);
  const vectors: Float64Array[] = [];
  for (const w of words) {
    const v = index.vectorOf(w);
    if (v) vectors.push(v);
  }
  return { words: new Set(words), vectors };
}

/**
 * Weighted mean over query words (SIF weights unless `weights` gives a word's own) of the best
 * cosine (negative counts as 0) in `doc`.
 */
export function softMatch(
  queryWords: readonly string[],
  doc: SoftDoc,
  index: WordNeighbourIndex,
  weights?: ReadonlyMap<string, number>,
): number {
  let num = 0;
  let den = 0;
  for (const w of queryWords) {
    const weight = weights?.get(w) ?? index.weightOf(w);
    den += weight;
    if (doc.words.has(w)) {
      num += weight;
      continue;
    }
    const q = index.vectorOf(w);
    if (!q) continue;
    let best = 0;
    for (const v of doc.vectors) {
      let dot = 0;
      for (let i = 0; i < q.length; i++) dot += q[i] * v[i];
      if (dot > best) best = dot;
    }
    num += weight * best;
  }
  return den > 0 ? num / den : 0;
}
