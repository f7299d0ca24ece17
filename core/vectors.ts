/**
 * Dense-vector helpers shared by the embedders, stores, retrievers and management ops. Vectors
 * are compared by cosine, which equals the dot product for the unit-length vectors embedders
 * return; norms are still divided out so a stored vector that drifted from unit length cannot
 * inflate a score.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";

/** `values` scaled to unit length as a new `Float32Array`; the zero vector stays zero. */
export function l2Normalize(values: ArrayLike<number>): Float32Array {
  return normalized(values) ?? new Float32Array(values.length);
}

/** Decodes base64 little-endian float32 data (the OpenAI `encoding_format: "base64"` form). */
export function decodeFloat32Base64(base64: string): Float32Array {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (bytes.length % 4 !== 0) {
    throw new AutomemError("invalid_argument", "base64 float32 data must be 4-byte aligned");
  }
  const view = new DataView(bytes.buffer);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** A vector as stored on a unit (`number[]`) or produced by an embedder (`Float32Array`). */
export type VectorLike = ArrayLike<number>;

/** Euclidean norm. */
export function norm(v: VectorLike): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/** Cosine similarity; 0 when either vector is zero or the lengths differ. */
export function cosine(a: VectorLike, b: VectorLike): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** A unit-length copy, or undefined for a zero or empty vector. */
export function normalized(v: VectorLike): Float32Array | undefined {
  const n = norm(v);
  if (n === 0 || !Number.isFinite(n)) return undefined;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i] / n;
  return out;
}

/** True when the vector has at least one non-zero finite component. */
export function isUsableVector(v: VectorLike | null | undefined): v is VectorLike {
  return v !== null && v !== undefined && v.length > 0 && norm(v) > 0 && Number.isFinite(norm(v));
}

/**
 * The unit-length mean of several vectors of one dimension. Re-normalising matters: the provider
 * and HyDE compare the mean against stored unit vectors and report raw cosines for banding.
 */
export function normalizedMean(vectors: readonly VectorLike[]): Float32Array | undefined {
  if (vectors.length === 0) return undefined;
  const dim = vectors[0].length;
  const sum = new Float32Array(dim);
  for (const v of vectors) {
    if (v.length !== dim) {
      throw new AutomemError(
        "invalid_argument",
        `cannot average vectors of dims ${dim} and ${v.length}`,
      );
    }
    for (let i = 0; i < dim; i++) sum[i] += v[i];
  }
  return normalized(sum);
}
