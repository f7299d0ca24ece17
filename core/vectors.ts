/**
 * Small vector helpers shared by the embedders.
 *
 * @module
 */

/** `values` scaled to unit length as a new `Float32Array`; the zero vector stays zero. */
export function l2Normalize(values: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i] * values[i];
  norm = Math.sqrt(norm);
  const out = new Float32Array(values.length);
  if (norm > 0) { for (let i = 0; i < values.length; i++) out[i] = values[i] / norm; }
  return out;
}

/** Decodes base64 little-endian float32 data (the OpenAI `encoding_format: "base64"` form). */
export function decodeFloat32Base64(base64: string): Float32Array {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (bytes.length % 4 !== 0) throw new RangeError("base64 float32 data must be 4-byte aligned");
  const view = new DataView(bytes.buffer);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
