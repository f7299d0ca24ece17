/**
 * Exact cosine top-k over a flat, row-major `Float32Array`: the performance baseline every store
 * uses for `vectorSearch`. Rows stay dense (deletes move the last row into the hole), norms are
 * precomputed, and selection is a bounded heap rather than a sort. Filters run inside the scan,
 * so k results come back whenever k accepted rows exist.
 *
 * Each row carries a 32-bit tag (the unit table packs active flag, type, outcome and task into
 * it) and filters test the tag: reading a typed array beside the vectors is what keeps a filtered
 * scan close to the bare scan, where following a pointer to each unit object was not.
 *
 * @module
 */
import { norm } from "../core/vectors.ts";
import type { ScoredId } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { TopK } from "./top_k.ts";

/** Dot product of row `row` of `data` (width `dim`) with `q`, unrolled by four. */
export function rowDot(data: Float32Array, row: number, dim: number, q: Float32Array): number {
  const base = row * dim;
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let i = 0;
  for (; i + 3 < dim; i += 4) {
    s0 += data[base + i] * q[i];
    s1 += data[base + i + 1] * q[i + 1];
    s2 += data[base + i + 2] * q[i + 2];
    s3 += data[base + i + 3] * q[i + 3];
  }
  for (; i < dim; i++) s0 += data[base + i] * q[i];
  return (s0 + s1) + (s2 + s3);
}

/**
 * The bare baseline: top-k rows by dot product over `count` unit-length rows, with no filter and
 * no bookkeeping. Benchmarks compare every store against this.
 */
export function flatScanTopK(
  data: Float32Array,
  count: number,
  dim: number,
  query: Float32Array,
  k: number,
): { row: number; score: number }[] {
  const scores = new Float64Array(k).fill(-Infinity);
  const rows = new Int32Array(k).fill(-1);
  for (let row = 0; row < count; row++) {
    const s = rowDot(data, row, dim, query);
    if (s <= scores[k - 1]) continue;
    let i = k - 1;
    while (i > 0 && scores[i - 1] < s) {
      scores[i] = scores[i - 1];
      rows[i] = rows[i - 1];
      i--;
    }
    scores[i] = s;
    rows[i] = row;
  }
  const out: { row: number; score: number }[] = [];
  for (let i = 0; i < k && rows[i] >= 0; i++) out.push({ row: rows[i], score: scores[i] });
  return out;
}

/** A growable matrix of vectors keyed by id, each row with a numeric tag for filters. */
export class FlatVectorIndex {
  /** Vector width. */
  readonly dim: number;
  #data: Float32Array;
  #norms: Float32Array;
  #tags: Uint32Array;
  #ids: string[] = [];
  readonly #rowOf = new Map<string, number>();

  /** An empty index of width `dim`. */
  constructor(dim: number, initialCapacity = 256) {
    if (!Number.isInteger(dim) || dim < 1) {
      throw new StoreError("invalid_argument", ["dim"], `must be a positive integer, got ${dim}`);
    }
    this.dim = dim;
    this.#data = new Float32Array(Math.max(1, initialCapacity) * dim);
    this.#norms = new Float32Array(Math.max(1, initialCapacity));
    this.#tags = new Uint32Array(Math.max(1, initialCapacity));
  }

  /** Number of stored vectors. */
  get size(): number {
    return this.#ids.length;
  }

  /** Whether `id` has a vector. */
  has(id: string): boolean {
    return this.#rowOf.has(id);
  }

  /** Ids with a vector, in row order. */
  ids(): string[] {
    return [...this.#ids];
  }

  /** A copy of the vector of `id`. */
  get(id: string): Float32Array | undefined {
    const row = this.#rowOf.get(id);
    return row === undefined ? undefined : this.#data.slice(row * this.dim, (row + 1) * this.dim);
  }

  /** Stores (or replaces) the vector of `id`, rounded to float32, with its tag. */
  set(id: string, vector: ArrayLike<number>, tag = 0): void {
    this.#checkDim(vector, "vector");
    let row = this.#rowOf.get(id);
    if (row === undefined) {
      row = this.#ids.length;
      this.#grow(row + 1);
      this.#ids.push(id);
      this.#rowOf.set(id, row);
    }
    this.#tags[row] = tag;
    this.#data.set(vector, row * this.dim);
    this.#norms[row] = norm(this.#data.subarray(row * this.dim, (row + 1) * this.dim));
  }

  /** Replaces the tag of a stored vector (no-op without one). */
  setTag(id: string, tag: number): void {
    const row = this.#rowOf.get(id);
    if (row !== undefined) this.#tags[row] = tag;
  }

  /** Removes the vector of `id`; returns whether there was one. */
  delete(id: string): boolean {
    const row = this.#rowOf.get(id);
    if (row === undefined) return false;
    const last = this.#ids.length - 1;
    if (row !== last) {
      this.#data.copyWithin(row * this.dim, last * this.dim, (last + 1) * this.dim);
      this.#norms[row] = this.#norms[last];
      this.#tags[row] = this.#tags[last];
      this.#ids[row] = this.#ids[last];
      this.#rowOf.set(this.#ids[row], row);
    }
    this.#ids.pop();
    this.#rowOf.delete(id);
    return true;
  }

  /**
   * The `k` rows most cosine-similar to `query` (score desc, id asc) among rows `accept` takes
   * (it gets the row's tag, and its id for filters a tag cannot hold, such as a unit's scope).
   */
  search(
    query: ArrayLike<number>,
    k: number,
    accept?: (tag: number, id: string) => boolean,
  ): ScoredId[] {
    this.#checkDim(query, "query");
    const q = query instanceof Float32Array ? query : Float32Array.from(query);
    const qNorm = norm(q);
    if (k <= 0 || qNorm === 0) return [];
    const top = new TopK(k);
    const n = this.#ids.length;
    const data = this.#data, norms = this.#norms, tags = this.#tags, dim = this.dim;
    for (let row = 0; row < n; row++) {
      if (norms[row] === 0) continue;
      if (accept && !accept(tags[row], this.#ids[row])) continue;
      const score = rowDot(data, row, dim, q) / (qNorm * norms[row]);
      if (top.admits(score)) top.offer(score, row, this.#ids[row]);
    }
    return top.results().map(({ id, score }) => ({ id, score }));
  }

  #checkDim(v: ArrayLike<number>, field: string): void {
    if (v.length !== this.dim) {
      throw new StoreError(
        "embedding_dim",
        [field],
        `has ${v.length} dimensions, expected ${this.dim}`,
      );
    }
  }

  #grow(rows: number): void {
    if (rows <= this.#norms.length) return;
    const capacity = Math.max(rows, this.#norms.length * 2);
    const data = new Float32Array(capacity * this.dim);
    data.set(this.#data);
    const norms = new Float32Array(capacity);
    norms.set(this.#norms);
    const tags = new Uint32Array(capacity);
    tags.set(this.#tags);
    this.#data = data;
    this.#norms = norms;
    this.#tags = tags;
  }
}
