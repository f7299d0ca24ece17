/**
 * The one adapter over `fflate`: unpacks a `.zip` attachment in memory under strict limits, so
 * a hostile archive (a zip bomb, `../` paths, thousands of entries) is refused instead of filling
 * memory or escaping the task folder. The archive is fed to the streaming decompressor in small
 * slices, and every produced byte is counted, so a header that lies about sizes gains nothing.
 *
 * @module
 */
import { Unzip, UnzipInflate, zipSync } from "npm:fflate@0.8.3";
import { WebToolError } from "./web_error.ts";

/** Limits of {@linkcode unzipLimited}. */
export interface ZipLimits {
  /** Most entries (files and folders). */
  readonly maxEntries: number;
  /** Largest uncompressed size of one entry, in bytes. */
  readonly maxEntryBytes: number;
  /** Largest uncompressed size of all entries together, in bytes. */
  readonly maxTotalBytes: number;
  /** Highest uncompressed/compressed ratio, checked once an entry has produced 1 MiB. */
  readonly maxRatio: number;
}

/** Defaults: 200 entries, 20 MiB per entry, 50 MiB in all, ratio 100. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 200,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 100,
};

/** One unpacked file. */
export interface ZipEntry {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const SLICE = 4096;
const RATIO_FLOOR = 1024 * 1024;

/** Refuses entry names that are absolute, climb out with `..`, or use backslashes or NULs. */
export function checkEntryName(name: string): void {
  const bad = name.length === 0 || name.length > 512 || name.includes("\0") ||
    name.includes("\\") || name.startsWith("/") || /^[A-Za-z]:/.test(name) ||
    name.split("/").some((part) => part === "..");
  if (bad) {
    throw new WebToolError(
      "path_escape",
      `the archive has an unsafe entry name ${JSON.stringify(name.slice(0, 100))}`,
    );
  }
}

function limitError(message: string): WebToolError {
  return new WebToolError("archive_limit", `archive refused: ${message}`);
}

/** Unpacks the files of `bytes` (folders skipped) or throws `archive_limit` / `path_escape`. */
export function unzipLimited(
  bytes: Uint8Array,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let count = 0;
  let total = 0;
  let failure: WebToolError | undefined;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (failure) return;
    try {
      checkEntryName(file.name);
      if (++count > limits.maxEntries) throw limitError(`more than ${limits.maxEntries} entries`);
      if (file.originalSize !== undefined && file.originalSize > limits.maxEntryBytes) {
        throw limitError(`${file.name} declares ${file.originalSize} bytes`);
      }
    } catch (error) {
      failure = error as WebToolError;
      return;
    }
    if (file.name.endsWith("/")) return;
    const chunks: Uint8Array[] = [];
    let produced = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new WebToolError("bad_response", `cannot unpack ${file.name}`, { cause: error });
        return;
      }
      produced += chunk.byteLength;
      total += chunk.byteLength;
      const ratio = file.size ? produced / file.size : Infinity;
      if (produced > limits.maxEntryBytes) {
        failure = limitError(`${file.name} unpacks to more than ${limits.maxEntryBytes} bytes`);
      } else if (total > limits.maxTotalBytes) {
        failure = limitError(`the files unpack to more than ${limits.maxTotalBytes} bytes`);
      } else if (produced > RATIO_FLOOR && ratio > limits.maxRatio) {
        failure = limitError(`${file.name} compresses more than ${limits.maxRatio}:1 (zip bomb?)`);
      }
      if (failure) {
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) {
        const out = new Uint8Array(produced);
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.byteLength;
        }
        entries.push({ name: file.name, bytes: out });
      }
    };
    file.start();
  };
  try {
    for (let at = 0; at < bytes.byteLength && !failure; at += SLICE) {
      const end = Math.min(at + SLICE, bytes.byteLength);
      unzip.push(bytes.subarray(at, end), end === bytes.byteLength);
    }
  } catch (error) {
    failure ??= new WebToolError("bad_response", "the file is not a readable .zip archive", {
      cause: error,
    });
  }
  if (failure) throw failure;
  const emptyArchive = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 5 && bytes[3] === 6;
  if (count === 0 && !emptyArchive) {
    throw new WebToolError("bad_response", "the file is not a readable .zip archive");
  }
  return entries;
}

/** Packs `files` (name → content) into a zip archive (deflate level 9), for fixtures and tests. */
export function zipFiles(files: Readonly<Record<string, string | Uint8Array>>): Uint8Array {
  const input: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(files)) {
    input[name] = typeof content === "string" ? new TextEncoder().encode(content) : content;
  }
  return zipSync(input, { level: 9 });
}
