/**
 * The derived word-vector table behind {@linkcode WordVectorEmbedder}: the most frequent words of
 * a GloVe-derived vocabulary with 8-bit vectors, the SIF parameters and the stored common
 * component. `scripts/build_word_vectors.ts` writes it; the embedder reads it.
 *
 * File layout (little-endian), sections in this order:
 * 1. one header line: JSON ({@linkcode WordTableHeader}) and `\n`;
 * 2. the words, UTF-8, joined by `\n` (`words_bytes` bytes);
 * 3. each word's frequency rank in the source vocabulary, uint32;
 * 4. each word's scale, float32 (the vector is `scale * int8`);
 * 5. the common component, `dim` float32;
 * 6. the vectors, `words * dim` int8.
 *
 * @module
 */
import { z } from "./zod.ts";

/** The format tag of version 1 of the table file. */
export const WORD_TABLE_FORMAT = "automem-word-vectors-v1";

const HeaderSchema = z.object({
  format: z.literal(WORD_TABLE_FORMAT),
  /** The embedder id vectors from this table are stored under. */
  id: z.string().min(1),
  dim: z.number().int().positive(),
  words: z.number().int().positive(),
  words_bytes: z.number().int().positive(),
  /** Size of the source vocabulary; word frequencies follow Zipf's law over it. */
  vocabulary: z.number().int().positive(),
  /** The SIF smoothing constant `a` in `a / (a + p(w))`. */
  sif_a: z.number().positive(),
  /** Sentence length the common component was estimated for. */
  sentence_length: z.number().int().positive(),
  source: z.object({ package: z.string(), version: z.string(), integrity: z.string() }),
});

/** The table's header line. */
export type WordTableHeader = z.infer<typeof HeaderSchema>;

/** A decoded table; `vectors` row `i` times `scales[i]` is word `i`'s vector. */
export interface WordTable {
  header: WordTableHeader;
  words: string[];
  ranks: Uint32Array;
  scales: Float32Array;
  common: Float32Array;
  vectors: Int8Array;
}

/** Estimated probability of the word at 0-based `rank` (Zipf: p ∝ 1/(rank+1)). */
export function zipfProbability(rank: number, vocabulary: number): number {
  // The harmonic number H(n) ≈ ln n + γ normalises 1/(rank+1) over the whole vocabulary.
  return 1 / ((rank + 1) * (Math.log(vocabulary) + 0.5772156649));
}

/** The SIF weight `a / (a + p)`: frequent words count little, rare ones nearly fully. */
export function sifWeight(a: number, probability: number): number {
  return a / (a + probability);
}

/**
 * The common component of SIF sentence vectors, estimated from the table alone so it never depends
 * on what a store holds: the top eigenvector of E[x xᵀ] for sentences of `sentence_length` words
 * drawn from the Zipf unigram distribution, x the mean of their SIF-weighted word vectors. With
 * μ = Σ p(w) u_w and S = Σ p(w) u_w u_wᵀ (u_w the weighted vector) that matrix is
 * μμᵀ + (S − μμᵀ)/L. Power iteration from μ in float64, fixed iteration count: the same bytes on
 * every machine. The sign is chosen so the first non-zero component is positive.
 */
export function commonComponent(table: Omit<WordTable, "common">): Float32Array {
  const { dim, sif_a: a, vocabulary, sentence_length: len } = table.header;
  const n = table.words.length;
  const mean = new Float64Array(dim);
  const second = new Float64Array(dim * dim);
  const u = new Float64Array(dim);
  for (let w = 0; w < n; w++) {
    const p = zipfProbability(table.ranks[w], vocabulary);
    const s = sifWeight(a, p) * table.scales[w];
    for (let i = 0; i < dim; i++) u[i] = s * table.vectors[w * dim + i];
    for (let i = 0; i < dim; i++) {
      mean[i] += p * u[i];
      const pu = p * u[i];
      for (let j = 0; j < dim; j++) second[i * dim + j] += pu * u[j];
    }
  }
  const m = new Float64Array(dim * dim);
  for (let i = 0; i < dim; i++) {
    for (let j = 0; j < dim; j++) {
      const mm = mean[i] * mean[j];
      m[i * dim + j] = mm + (second[i * dim + j] - mm) / len;
    }
  }
  let v = Float64Array.from(mean);
  for (let iter = 0; iter < 200; iter++) {
    const next = new Float64Array(dim);
    for (let i = 0; i < dim; i++) {
      let s = 0;
      for (let j = 0; j < dim; j++) s += m[i * dim + j] * v[j];
      next[i] = s;
    }
    let norm = 0;
    for (let i = 0; i < dim; i++) norm += next[i] * next[i];
    norm = Math.sqrt(norm);
    if (norm === 0) break;
    for (let i = 0; i < dim; i++) next[i] /= norm;
    v = next;
  }
  const sign = Math.sign(v.find((x) => x !== 0) ?? 1);
  return Float32Array.from(v, (x) => sign * x);
}

/** Serialises a table in the layout of the module docs. */
export function encodeWordTable(table: WordTable): Uint8Array {
  const enc = new TextEncoder();
  const wordBytes = enc.encode(table.words.join("\n"));
  const header = { ...table.header, words: table.words.length, words_bytes: wordBytes.length };
  const headerBytes = enc.encode(JSON.stringify(header) + "\n");
  const n = table.words.length;
  const dim = header.dim;
  const size = headerBytes.length + wordBytes.length + n * 8 + dim * 4 + n * dim;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  out.set(headerBytes, at);
  at += headerBytes.length;
  out.set(wordBytes, at);
  at += wordBytes.length;
  for (let i = 0; i < n; i++, at += 4) view.setUint32(at, table.ranks[i], true);
  for (let i = 0; i < n; i++, at += 4) view.setFloat32(at, table.scales[i], true);
  for (let i = 0; i < dim; i++, at += 4) view.setFloat32(at, table.common[i], true);
  out.set(new Uint8Array(table.vectors.buffer, table.vectors.byteOffset, n * dim), at);
  return out;
}

/** Parses a table file; throws a `RangeError` naming `source` and the reason when it is damaged. */
export function decodeWordTable(bytes: Uint8Array, source: string): WordTable {
  const fail = (why: string) => new RangeError(`${source}: not a word-vector table (${why})`);
  const newline = bytes.indexOf(10);
  if (newline < 0) throw fail("no header line");
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline)));
  } catch {
    throw fail("header is not JSON");
  }
  const parsed = HeaderSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fail(`header field ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const header = parsed.data;
  const n = header.words;
  const dim = header.dim;
  let at = newline + 1;
  const expected = at + header.words_bytes + n * 8 + dim * 4 + n * dim;
  if (bytes.length !== expected) throw fail(`${bytes.length} bytes, expected ${expected}`);
  const words = new TextDecoder().decode(bytes.subarray(at, at + header.words_bytes)).split("\n");
  if (words.length !== n) throw fail(`${words.length} words, header says ${n}`);
  at += header.words_bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ranks = new Uint32Array(n);
  for (let i = 0; i < n; i++, at += 4) ranks[i] = view.getUint32(at, true);
  const scales = new Float32Array(n);
  for (let i = 0; i < n; i++, at += 4) scales[i] = view.getFloat32(at, true);
  const common = new Float32Array(dim);
  for (let i = 0; i < dim; i++, at += 4) common[i] = view.getFloat32(at, true);
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset + at, n * dim);
  return { header, words, ranks, scales, common, vectors };
}

/** Quantises one float vector to int8 with its own scale (max |x| maps to 127). */
export function quantize(values: ArrayLike<number>): { scale: number; q: Int8Array } {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, Math.abs(values[i]));
  const scale = Math.fround(max / 127);
  const q = new Int8Array(values.length);
  if (scale > 0) { for (let i = 0; i < values.length; i++) q[i] = Math.round(values[i] / scale); }
  return { scale, q };
}
