/**
 * Nearest words in the word-vector table, for query expansion: "automobile" → "car",
 * "vehicle"... Only the `maxRank` most frequent words are candidates (rare neighbours are mostly
 * misspellings and names that match nothing), and a word's neighbours exclude spellings of the
 * word itself (plural, `-ed`, `-ing`). Cosines are computed in float64 in a fixed order, so the
 * same word gives the same neighbours on every machine.
 *
 * @module
 */
import { defaultWordTable } from "./word_vector_embedder.ts";
import { sifWeight, type WordTable, zipfProbability } from "./word_vector_table.ts";

/** A neighbour and its cosine with the asked word. */
export interface WordNeighbour {
  word: string;
  cosine: number;
}

/** Unit-length rows of the `maxRank` most frequent words, plus a word → row index. */
export class WordNeighbourIndex {
  readonly #table: WordTable;
  readonly #rows: number[];
  readonly #unit: Float64Array;
  readonly #row = new Map<string, number>();
  readonly #cache = new Map<string, WordNeighbour[]>();
  readonly #vectors = new Map<string, Float64Array | undefined>();

  /** Indexes `table`'s `maxRank` most frequent words as candidates; every word can be asked. */
  constructor(table: WordTable, maxRank = 20_000) {
    this.#table = table;
    const dim = table.header.dim;
    table.words.forEach((w, i) => this.#row.set(w, i));
    this.#rows = [...table.words.keys()].filter((i) => table.ranks[i] < maxRank);
    this.#unit = new Float64Array(this.#rows.length * dim);
    this.#rows.forEach((r, j) => this.#unitRow(r, this.#unit, j * dim));
  }

  #unitRow(row: number, out: Float64Array, at: number): void {
    const dim = this.#table.header.dim;
    let n = 0;
    for (let i = 0; i < dim; i++) n += this.#table.vectors[row * dim + i] ** 2;
    const s = n > 0 ? 1 / Math.sqrt(n) : 0;
    for (let i = 0; i < dim; i++) out[at + i] = this.#table.vectors[row * dim + i] * s;
  }

  /** Unit-length vector of a known word (its plural or `-ed`/`-ing` form stripped if needed). */
  vectorOf(word: string): Float64Array | undefined {
    let v = this.#vectors.get(word);
    if (v !== undefined || this.#vectors.has(word)) return v;
    const row = this.#row.get(word) ?? this.#row.get(crudeStem(word));
    if (row !== undefined) {
      v = new Float64Array(this.#table.header.dim);
      this.#unitRow(row, v, 0);
    }
    this.#vectors.set(word, v);
    return v;
  }

  /** SIF weight `a / (a + p(w))` of a word; unknown words weigh as the rarest known one. */
  weightOf(word: string): number {
    const row = this.#row.get(word) ?? this.#row.get(crudeStem(word));
    const { sif_a: a, vocabulary } = this.#table.header;
    const rank = row === undefined ? vocabulary - 1 : this.#table.ranks[row];
    return sifWeight(a, zipfProbability(rank, vocabulary));
  }

  /** Whether the table knows `word`. */
  has(word: string): boolean {
    return this.#row.has(word);
  }

  /** Up to `n` nearest candidate words with cosine ≥ `minCosine`, best first (ties by word). */
  neighbours(word: string, n: number, minCosine: number): WordNeighbour[] {
    const key = `${word}\u0000${n}\u0000${minCosine}`;
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const row = this.#row.get(word);
    const out: WordNeighbour[] = [];
    if (row !== undefined) {
      const dim = this.#table.header.dim;
      const q = new Float64Array(dim);
      this.#unitRow(row, q, 0);
      const stem = crudeStem(word);
      for (let j = 0; j < this.#rows.length; j++) {
        let dot = 0;
        for (let i = 0; i < dim; i++) dot += q[i] * this.#unit[j * dim + i];
        if (dot < minCosine) continue;
        const w = this.#table.words[this.#rows[j]];
        if (crudeStem(w) === stem) continue;
        out.push({ word: w, cosine: dot });
      }
      out.sort((a, b) => b.cosine - a.cosine || (a.word < b.word ? -1 : 1));
      out.length = Math.min(out.length, n);
    }
    this.#cache.set(key, out);
    return out;
  }
}

function crudeStem(word: string): string {
  return word.replace(/(?:ies|es|s|ed|ing|e)$/, "");
}

let shared: Promise<WordNeighbourIndex> | undefined;

/** The neighbour index over the committed table, built once per process. */
export function defaultNeighbourIndex(): Promise<WordNeighbourIndex> {
  return shared ??= defaultWordTable().then((t) => new WordNeighbourIndex(t)).catch((e) => {
    shared = undefined;
    throw e;
  });
}
