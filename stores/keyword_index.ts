/**
 * A pure-TypeScript BM25 index (k1 1.2, b 0.75) over the shared {@linkcode tokenize} terms. It is
 * the `json` store's keyword search and the fallback text search of the `vector` and graph
 * stores. Filters run inside the scoring loop, so k results come back whenever k matching
 * documents contain a query term.
 *
 * @module
 */
import type { ScoredId } from "./store_port.ts";
import { TopK } from "./top_k.ts";
import { tokenize } from "./tokenize.ts";

/** BM25 parameters. */
export interface Bm25Options {
  /** Term-frequency saturation (default 1.2). */
  k1?: number;
  /** Length normalisation (default 0.75). */
  b?: number;
  /** Terms of a text (default: the stores' {@linkcode tokenize}). */
  terms?: (text: string) => string[];
}

/** An inverted index with BM25 ranking; `P` is a payload the accept filter receives. */
export class KeywordIndex<P = undefined> {
  readonly #k1: number;
  readonly #b: number;
  readonly #tokenize: (text: string) => string[];
  readonly #slotOf = new Map<string, number>();
  readonly #ids: string[] = [];
  readonly #payloads: P[] = [];
  readonly #lengths: number[] = [];
  readonly #terms: (Map<string, number> | undefined)[] = [];
  readonly #postings = new Map<string, Map<number, number>>();
  readonly #free: number[] = [];
  #totalLength = 0;

  /** An empty index. */
  constructor(options: Bm25Options = {}) {
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
    this.#tokenize = options.terms ?? tokenize;
  }

  /** Number of indexed documents. */
  get size(): number {
    return this.#slotOf.size;
  }

  /** Whether `id` is indexed. */
  has(id: string): boolean {
    return this.#slotOf.has(id);
  }

  /** Indexes (or re-indexes) `id` with `text`. */
  set(id: string, text: string, payload: P): void {
    this.delete(id);
    const slot = this.#free.pop() ?? this.#ids.length;
    const counts = new Map<string, number>();
    const terms = this.#tokenize(text);
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let posting = this.#postings.get(term);
      if (!posting) this.#postings.set(term, posting = new Map());
      posting.set(slot, tf);
    }
    this.#slotOf.set(id, slot);
    this.#ids[slot] = id;
    this.#payloads[slot] = payload;
    this.#lengths[slot] = terms.length;
    this.#terms[slot] = counts;
    this.#totalLength += terms.length;
  }

  /** Removes `id`; returns whether it was indexed. */
  delete(id: string): boolean {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return false;
    for (const term of this.#terms[slot]!.keys()) {
      const posting = this.#postings.get(term)!;
      posting.delete(slot);
      if (posting.size === 0) this.#postings.delete(term);
    }
    this.#totalLength -= this.#lengths[slot];
    this.#terms[slot] = undefined;
    this.#payloads[slot] = undefined as P;
    this.#slotOf.delete(id);
    this.#free.push(slot);
    return true;
  }

  /** The `k` best documents for `query` by BM25 (score desc, id asc) among accepted ones. */
  search(query: string, k: number, accept?: (payload: P) => boolean): ScoredId[] {
    const n = this.#slotOf.size;
    if (k <= 0 || n === 0) return [];
    const avgLength = this.#totalLength / n || 1;
    const scores = new Map<number, number>();
    const verdict = new Map<number, boolean>();
    for (const term of new Set(this.#tokenize(query))) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      const df = posting.size;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const [slot, tf] of posting) {
        if (accept) {
          let ok = verdict.get(slot);
          if (ok === undefined) verdict.set(slot, ok = accept(this.#payloads[slot]));
          if (!ok) continue;
        }
        const norm = this.#k1 * (1 - this.#b + this.#b * this.#lengths[slot] / avgLength);
        const s = idf * tf * (this.#k1 + 1) / (tf + norm);
        scores.set(slot, (scores.get(slot) ?? 0) + s);
      }
    }
    const top = new TopK(k);
    for (const [slot, score] of scores) {
      if (top.admits(score)) top.offer(score, slot, this.#ids[slot]);
    }
    return top.results().map(({ id, score }) => ({ id, score }));
  }
}
