/**
 * Incremental reading of a run's `events.jsonl`. The search appends one line per event, so a
 * reader only needs the bytes after the last complete line it consumed: polling the file size
 * makes tailing cheap for many clients and never touches the writer. Every read is bounded: it
 * goes through the file in 1 MiB chunks, consumes at most {@linkcode MAX_EVENT_BYTES_PER_READ}
 * (the rest waits for the next poll, from where this one stopped), and a "line" longer than
 * {@linkcode MAX_EVENT_LINE_BYTES} (a damaged or hostile file, say gigabytes of zeros) is skipped
 * as it streams past, never kept whole nor read again.
 *
 * @module
 */
import { concatBytes } from "../core/strict_json.ts";
import { parseEventLines, type RunEvent } from "../search/events.ts";

const NEWLINE = 0x0a;
const CHUNK_BYTES = 1 << 20;

/** Events are a few hundred bytes; a longer line is not an event and is skipped. */
export const MAX_EVENT_LINE_BYTES = 1 << 20;
/** The most bytes one {@linkcode EventFileCursor.read} consumes by default. */
export const MAX_EVENT_BYTES_PER_READ = 64 << 20;

/** Bounds and instrumentation of an {@linkcode EventFileCursor}. */
export interface EventReadOptions {
  /** The most bytes one read consumes (default {@linkcode MAX_EVENT_BYTES_PER_READ}). */
  maxBytesPerRead?: number;
  /** Told the size of every chunk read from disk (tests count bytes with it). */
  onRead?: (bytes: number) => void;
}

/** Reads the complete events appended to a file since the previous call. */
export class EventFileCursor {
  readonly #path: string;
  readonly #maxBytes: number;
  readonly #onRead?: (bytes: number) => void;
  /** Bytes consumed: complete lines returned or skipped. */
  #offset = 0;
  /** True while inside an overlong line whose end has not been seen yet. */
  #skipping = false;
  #lastSeq = 0;
  #chain: Promise<unknown> = Promise.resolve();

  /**
   * Wraps the events file at `path` (it may not exist yet); events with `seq <= afterSeq` are
   * never returned.
   */
  constructor(path: string, afterSeq = 0, opts: EventReadOptions = {}) {
    this.#path = path;
    this.#lastSeq = afterSeq;
    this.#maxBytes = Math.max(CHUNK_BYTES, opts.maxBytesPerRead ?? MAX_EVENT_BYTES_PER_READ);
    this.#onRead = opts.onRead;
  }

  /** The seq of the newest event returned so far (or the `afterSeq` it started from). */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /**
   * New complete events, in order. A torn last line (no newline yet) is left for the next call;
   * a file that shrank (a resumed writer truncated a torn line) is re-read from the start, and
   * the seq filter drops what was already returned.
   */
  read(): Promise<RunEvent[]> {
    // Serialised: two overlapping reads would otherwise both advance the offset.
    const next = this.#chain.then(() => this.#readOnce());
    this.#chain = next.catch(() => {});
    return next;
  }

  async #readOnce(): Promise<RunEvent[]> {
    let file: Deno.FsFile;
    try {
      file = await Deno.open(this.#path, { read: true });
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return [];
      throw error;
    }
    try {
      const size = (await file.stat()).size;
      if (size < this.#offset) {
        this.#offset = 0;
        this.#skipping = false;
      }
      if (size === this.#offset) return [];
      await file.seek(this.#offset, Deno.SeekMode.Start);
      const out: RunEvent[] = [];
      const buf = new Uint8Array(CHUNK_BYTES);
      let left = Math.min(size - this.#offset, this.#maxBytes);
      let pending: Uint8Array = new Uint8Array(0);
      while (left > 0) {
        const n = await file.read(buf.subarray(0, Math.min(CHUNK_BYTES, left)));
        if (n === null) break;
        this.#onRead?.(n);
        left -= n;
        // Only a torn line's start is copied; the chunk buffer itself is reused.
        pending = this.#consume(concatBytes([pending, buf.subarray(0, n)]), out).slice();
      }
      return out;
    } finally {
      file.close();
    }
  }

  /** Takes the complete lines of `data` (which starts at the offset); returns the unconsumed rest. */
  #consume(data: Uint8Array, out: RunEvent[]): Uint8Array {
    if (this.#skipping) {
      const end = data.indexOf(NEWLINE);
      this.#offset += end < 0 ? data.byteLength : end + 1;
      if (end < 0) return new Uint8Array(0);
      this.#skipping = false;
      data = data.subarray(end + 1);
    }
    const end = data.lastIndexOf(NEWLINE);
    if (end >= 0) {
      const text = new TextDecoder().decode(data.subarray(0, end + 1));
      const fresh = parseEventLines(text).filter((e) => e.seq > this.#lastSeq);
      if (fresh.length > 0) this.#lastSeq = fresh[fresh.length - 1].seq;
      out.push(...fresh);
      this.#offset += end + 1;
      data = data.subarray(end + 1);
    }
    if (data.byteLength <= MAX_EVENT_LINE_BYTES) return data;
    this.#offset += data.byteLength;
    this.#skipping = true;
    return new Uint8Array(0);
  }
}
