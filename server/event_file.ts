/**
 * Incremental reading of a run's `events.jsonl`. The search appends one line per event, so a
 * reader only needs the bytes after the last complete line it consumed: polling the file size
 * makes tailing cheap for many clients and never touches the writer.
 *
 * @module
 */
import { parseEventLines, type RunEvent } from "../search/events.ts";

const NEWLINE = 0x0a;

/** Reads the complete events appended to a file since the previous call. */
export class EventFileCursor {
  readonly #path: string;
  #offset = 0;
  #lastSeq = 0;
  #chain: Promise<unknown> = Promise.resolve();

  /**
   * Wraps the events file at `path` (it may not exist yet); events with `seq <= afterSeq` are
   * never returned.
   */
  constructor(path: string, afterSeq = 0) {
    this.#path = path;
    this.#lastSeq = afterSeq;
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
      if (size < this.#offset) this.#offset = 0;
      if (size === this.#offset) return [];
      await file.seek(this.#offset, Deno.SeekMode.Start);
      const bytes = new Uint8Array(size - this.#offset);
      let filled = 0;
      while (filled < bytes.length) {
        const n = await file.read(bytes.subarray(filled));
        if (n === null) break;
        filled += n;
      }
      const end = bytes.subarray(0, filled).lastIndexOf(NEWLINE);
      if (end < 0) return [];
      this.#offset += end + 1;
      const text = new TextDecoder().decode(bytes.subarray(0, end + 1));
      const fresh = parseEventLines(text).filter((e) => e.seq > this.#lastSeq);
      if (fresh.length > 0) this.#lastSeq = fresh[fresh.length - 1].seq;
      return fresh;
    } finally {
      file.close();
    }
  }
}
