/**
 * Binary codecs for embeddings: base64 of little-endian float32 (one vector inside a JSON log
 * line) and the packed matrix file `<name>-<generation>.f32` that stores every vector of a
 * snapshot — 100k x 384 floats load as one read instead of 38 million JSON numbers.
 *
 * File layout: `AMV1` magic, u32 dim, u32 count, u32 byte length of a JSON array of ids, the ids,
 * zero padding to a 4-byte boundary, then `count * dim` float32 values, all little-endian.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { StoreError } from "./store_error.ts";

const MAGIC = 0x31564d41; // "AMV1" read as a little-endian u32
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function requireLittleEndian(): void {
  // Float32Array uses the platform's byte order; the files are defined as little-endian.
  if (!LITTLE_ENDIAN) {
    throw new StoreError("invalid_argument", [], "vector files need a little-endian platform");
  }
}

/** Base64 of the float32 bytes of `v`. */
export function encodeVector(v: Float32Array): string {
  requireLittleEndian();
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
}

/** Inverse of {@linkcode encodeVector}; `where` names the source in errors. */
export function decodeVector(text: string, dim: number, where: (string | number)[]): Float32Array {
  requireLittleEndian();
  const bytes = Buffer.from(text, "base64");
  if (bytes.byteLength !== dim * 4) {
    throw new StoreError(
      "corrupt_file",
      where,
      `vector has ${bytes.byteLength} bytes, expected ${dim * 4} (dim ${dim})`,
    );
  }
  const out = new Float32Array(dim);
  new Uint8Array(out.buffer).set(bytes);
  if (!out.every(Number.isFinite)) {
    throw new StoreError("corrupt_file", where, "vector holds NaN or infinite values");
  }
  return out;
}

/** Packs `ids` and their vectors (each of length `dim`) into the matrix file format. */
export function packVectors(dim: number, ids: string[], vectors: Float32Array[]): Uint8Array {
  requireLittleEndian();
  const idBytes = new TextEncoder().encode(JSON.stringify(ids));
  const headerLength = 16 + idBytes.byteLength;
  const dataOffset = Math.ceil(headerLength / 4) * 4;
  const out = new Uint8Array(dataOffset + ids.length * dim * 4);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, dim, true);
  view.setUint32(8, ids.length, true);
  view.setUint32(12, idBytes.byteLength, true);
  out.set(idBytes, 16);
  const matrix = new Float32Array(out.buffer, dataOffset, ids.length * dim);
  vectors.forEach((v, i) => matrix.set(v, i * dim));
  return out;
}

/** Unpacks a matrix file; throws `corrupt_file` (naming `file`) when it is malformed. */
export function unpackVectors(
  bytes: Uint8Array,
  dim: number,
  file: string,
): Map<string, Float32Array> {
  requireLittleEndian();
  const fail = (why: string) => new StoreError("corrupt_file", [file], why);
  if (bytes.byteLength < 16) throw fail("file is shorter than its header");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw fail("bad magic number");
  const fileDim = view.getUint32(4, true);
  if (fileDim !== dim) throw fail(`vectors have ${fileDim} dimensions, the store expects ${dim}`);
  const count = view.getUint32(8, true);
  const idLength = view.getUint32(12, true);
  const dataOffset = Math.ceil((16 + idLength) / 4) * 4;
  if (bytes.byteLength !== dataOffset + count * dim * 4) {
    throw fail("file size does not match header");
  }
  let ids: unknown;
  try {
    ids = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + idLength)));
  } catch {
    throw fail("id index is not valid JSON");
  }
  if (!Array.isArray(ids) || ids.length !== count || ids.some((x) => typeof x !== "string")) {
    throw fail("id index does not list one string id per vector");
  }
  // Copy into an aligned buffer: the file's data offset need not be aligned in `bytes`.
  const matrix = new Float32Array(count * dim);
  new Uint8Array(matrix.buffer).set(bytes.subarray(dataOffset));
  const bad = matrix.findIndex((x) => !Number.isFinite(x));
  if (bad >= 0) {
    throw fail(
      `vector of ${(ids as string[])[Math.floor(bad / dim)]} holds NaN or infinite values`,
    );
  }
  const out = new Map<string, Float32Array>();
  (ids as string[]).forEach((id, i) => out.set(id, matrix.subarray(i * dim, (i + 1) * dim)));
  return out;
}
