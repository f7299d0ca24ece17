/**
 * Word-vector query expansion for the keyword path: each content word of the query brings its
 * nearest words in the committed word-vector table (`core/word_vector_neighbours.ts`), and the
 * hybrid retriever searches them as a third, separately weighted keyword path. A memory that says
 * "car" is then found by a question about an "automobile" even by BM25.
 *
 * Not expanded: stop words and question words (their neighbours are other function words), and
 * capitalised words that do not start the query (names: a name's neighbours are other names, which
 * would fetch memories about other people).
 *
 * @module
 */
import { defaultNeighbourIndex } from "../core/word_vector_neighbours.ts";
import { STOPWORDS } from "./lexical.ts";

/** The expansion knobs of the hybrid retriever. */
export interface ExpansionParams {
  /** Weight of the expansion path in the fused score; 0 switches expansion off. */
  weight: number;
  /** Neighbours per query word. */
  words: number;
  /** Least cosine a neighbour needs. */
  minCosine: number;
}

const QUESTION_WORDS = new Set([
  "what",
  "when",
  "where",
  "who",
  "whom",
  "whose",
  "which",
  "why",
  "how",
  "would",
  "likely",
  "kind",
  "type",
  "types",
]);

const WORD = /[\p{L}][\p{L}'-]*/gu;

/** The query's words that get neighbours (see the module docs for what is skipped). */
export function expandableWords(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(WORD)) {
    const raw = m[0].replace(/'s$/, "");
    const word = raw.toLowerCase();
    const name = m.index! > 0 && raw[0] !== word[0];
    if (name || word.length < 3 || STOPWORDS.has(word) || QUESTION_WORDS.has(word)) continue;
    if (!out.includes(word)) out.push(word);
  }
  return out;
}

/** The expansion terms of `query` as one search text; "" when expansion is off or finds none. */
export async function expansionText(query: string, params: ExpansionParams): Promise<string> {
  if (params.weight <= 0 || params.words <= 0) return "";
  const words = expandableWords(query);
  if (words.length === 0) return "";
  const index = await defaultNeighbourIndex();
  const own = new Set(words);
  const terms: string[] = [];
  for (const w of words) {
    for (const n of index.neighbours(w, params.words, params.minCosine)) {
      if (!own.has(n.word) && !terms.includes(n.word) && !STOPWORDS.has(n.word)) terms.push(n.word);
    }
  }
  return terms.join(" ");
}
