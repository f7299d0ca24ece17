/**
 * Bounded top-k selection: a size-k min-heap keeps the best candidates seen so far, so a scan of
 * n items costs O(n log k) instead of a full O(n log n) sort. Ties on score are broken by id
 * (ascending), which makes every ranking independent of insertion or storage order.
 *
 * @module
 */

/** One selected item: its slot number in the caller's storage, its id and its score. */
export interface Ranked {
  slot: number;
  id: string;
  score: number;
}

/** Collects the k best (score desc, id asc) items offered to it. */
export class TopK {
  readonly #k: number;
  readonly #scores: Float64Array;
  readonly #slots: Int32Array;
  readonly #ids: string[];
  #size = 0;

  /** A selector for the best `k` items (k may be 0). */
  constructor(k: number) {
    this.#k = k;
    this.#scores = new Float64Array(k);
    this.#slots = new Int32Array(k);
    this.#ids = new Array<string>(k);
  }

  /** True when `score` could still enter (cheap pre-check before the id is looked up). */
  admits(score: number): boolean {
    return this.#size < this.#k || score >= this.#scores[0];
  }

  /** Offers one item. */
  offer(score: number, slot: number, id: string): void {
    if (this.#k === 0 || Number.isNaN(score)) return;
    if (this.#size < this.#k) {
      let i = this.#size++;
      // Sift up: the root is the worst item.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.#worse(score, id, this.#scores[parent], this.#ids[parent])) break;
        this.#move(parent, i);
        i = parent;
      }
      this.#put(i, score, slot, id);
      return;
    }
    if (!this.#worse(this.#scores[0], this.#ids[0], score, id)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.#size) break;
      const right = left + 1;
      let child = left;
      if (
        right < this.#size &&
        this.#worse(this.#scores[right], this.#ids[right], this.#scores[left], this.#ids[left])
      ) child = right;
      if (!this.#worse(this.#scores[child], this.#ids[child], score, id)) break;
      this.#move(child, i);
      i = child;
    }
    this.#put(i, score, slot, id);
  }

  /** The selected items, best first. */
  results(): Ranked[] {
    const out: Ranked[] = [];
    for (let i = 0; i < this.#size; i++) {
      out.push({ slot: this.#slots[i], id: this.#ids[i], score: this.#scores[i] });
    }
    return out.sort(compareRanked);
  }

  /** Is (s1, id1) ranked below (s2, id2)? */
  #worse(s1: number, id1: string, s2: number, id2: string): boolean {
    return s1 < s2 || (s1 === s2 && id1 > id2);
  }

  #move(from: number, to: number): void {
    this.#scores[to] = this.#scores[from];
    this.#slots[to] = this.#slots[from];
    this.#ids[to] = this.#ids[from];
  }

  #put(i: number, score: number, slot: number, id: string): void {
    this.#scores[i] = score;
    this.#slots[i] = slot;
    this.#ids[i] = id;
  }
}

/** Orders by score descending, then id ascending. */
export function compareRanked(a: { score: number; id: string }, b: { score: number; id: string }) {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
