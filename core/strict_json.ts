/**
 * Reading user-written JSON and text files strictly: a size cap checked before reading (so
 * `/dev/zero` or a huge file is an error, not an out-of-memory), a leading UTF-8 byte-order mark
 * accepted, and duplicate object keys reported instead of silently keeping the last one.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import type { ParseResult } from "./issues.ts";

/** Spec files are small; anything bigger is a mistake. */
export const MAX_SPEC_BYTES = 1 << 20;
/** Task files may be large, but not unbounded. */
export const MAX_TASK_FILE_BYTES = 256 << 20;

/** A file that is not a regular file or is larger than its cap. */
export class InputLimitError extends AutomemError {
  /** Builds the error. */
  constructor(message: string) {
    super("input_limit", message);
    this.name = "InputLimitError";
  }
}

/**
 * Reads `path` as UTF-8 text if it is a regular file of at most `maxBytes`; throws
 * {@linkcode InputLimitError} otherwise (never reads more than `maxBytes + 1` bytes).
 */
export async function readTextCapped(path: string, maxBytes: number): Promise<string> {
  const info = await Deno.stat(path);
  if (!info.isFile) throw new InputLimitError(`${path} is not a regular file`);
  if (info.size > maxBytes) throw tooBig(path, maxBytes);
  const file = await Deno.open(path, { read: true });
  return await readStreamCapped(file.readable, maxBytes, path);
}

function tooBig(what: string, maxBytes: number): InputLimitError {
  return new InputLimitError(`${what} is larger than the ${maxBytes}-byte limit for this input`);
}

/**
 * Reads a byte stream (standard input, a pipe, an opened file) as UTF-8 text of at most
 * `maxBytes`, named `what` in the error. The stream is cancelled as soon as it passes the cap, so
 * an endless source such as `/dev/zero` fails after about `maxBytes` bytes instead of filling
 * memory.
 */
export async function readStreamCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  what: string,
): Promise<string> {
  const bytes = await readBytesCapped(stream, maxBytes);
  if (bytes === null) throw tooBig(what, maxBytes);
  return new TextDecoder().decode(bytes);
}

/**
 * The bytes of `stream`, or `null` once it passes `maxBytes` (the stream is then cancelled, so an
 * endless or hostile source costs about `maxBytes` of memory, never more).
 */
export async function readBytesCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let n = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.byteLength;
      if (n > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The chunks joined into one array (the only non-empty one, uncopied, when there is just one). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const parts = chunks.filter((c) => c.byteLength > 0);
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of parts) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** `text` without a leading UTF-8 byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The path of the first duplicated object key in valid JSON `text` (e.g. `encode` or
 * `manage.ops.decay`), or null. Only called after `JSON.parse` succeeded.
 */
export function firstDuplicateKey(text: string): string | null {
  const stack: { keys: Set<string> | null; key: string | null }[] = [];
  let i = 0;
  const readString = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const path = () => stack.map((f) => f.key).filter((k) => k !== null).join(".");
  while (i < text.length) {
    const c = text[i];
    if (c === "{" || c === "[") {
      stack.push({ keys: c === "{" ? new Set() : null, key: null });
      i++;
    } else if (c === "}" || c === "]") {
      stack.pop();
      i++;
    } else if (c === '"') {
      const s = readString();
      let j = i;
      while (/\s/.test(text[j] ?? "")) j++;
      const top = stack.at(-1);
      if (text[j] === ":" && top?.keys) {
        if (top.keys.has(s)) {
          top.key = s;
          return path();
        }
        top.keys.add(s);
        top.key = s;
      }
    } else i++;
  }
  return null;
}

/**
 * Reads a user-written JSON document with `read` and parses it strictly (BOM accepted, duplicate
 * keys refused). I/O and JSON problems come back as issues naming the file, like schema issues,
 * so callers report every problem the same way.
 */
export async function readJsonDocument(
  file: string,
  read: (path: string) => Promise<string>,
): Promise<ParseResult<unknown>> {
  let text: string;
  try {
    text = stripBom(await read(file));
  } catch (e) {
    const reason = e instanceof Deno.errors.NotFound ? "file not found" : (e as Error).message;
    return {
      ok: false,
      issues: [{ code: "io", path: [], message: `cannot read ${file}: ${reason}` }],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      issues: [{
        code: "json",
        path: [],
        message: `malformed JSON in ${file}: ${(e as Error).message}`,
      }],
    };
  }
  const duplicate = firstDuplicateKey(text);
  if (duplicate !== null) {
    return {
      ok: false,
      issues: [{
        code: "duplicate_key",
        path: duplicate.split("."),
        message: `duplicate key '${duplicate}' in ${file} (JSON would silently keep the last one)`,
      }],
    };
  }
  return { ok: true, value };
}
