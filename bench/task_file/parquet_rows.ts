/**
 * Parquet task files (GAIA publishes `metadata.parquet`): the only module that imports the
 * parquet reader (hyparquet, pure JavaScript, with its companion decompressors for zstd, gzip,
 * brotli and lz4 besides the built-in snappy). Rows come back as plain JSON values: 64-bit
 * integers become numbers (or decimal strings beyond 2^53), dates ISO strings, byte arrays
 * base64, so the loaders validate them exactly like JSON rows.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { parquetReadObjects } from "npm:hyparquet@1.31.5";
import { compressors } from "npm:hyparquet-compressors@1.1.2";
import type { Issue } from "../../core/issues.ts";

/** The four magic bytes that open and close every parquet file. */
const MAGIC = "PAR1";

/** Does `bytes` look like a parquet file (magic at both ends)? */
export function isParquet(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const text = (a: number, b: number) => String.fromCharCode(...bytes.subarray(a, b));
  return text(0, 4) === MAGIC && text(bytes.length - 4, bytes.length) === MAGIC;
}

function plain(value: unknown): unknown {
  if (typeof value === "bigint") {
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/** The rows of a parquet file as JSON values, or the issue that stopped reading it. */
export async function parquetRows(
  bytes: Uint8Array,
): Promise<{ ok: true; rows: unknown[] } | { ok: false; issue: Issue }> {
  try {
    const file = bytes.slice().buffer;
    const rows = await parquetReadObjects({ file, compressors });
    return { ok: true, rows: rows.map(plain) };
  } catch (e) {
    return {
      ok: false,
      issue: {
        code: "invalid_parquet",
        path: [],
        message: `not a readable parquet file: ${e instanceof Error ? e.message : String(e)}`,
      },
    };
  }
}
