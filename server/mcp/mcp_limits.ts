/**
 * Size limits of both MCP transports, SDK-free. A message larger than
 * {@linkcode MAX_MESSAGE_BYTES} is refused with a JSON-RPC error (-32600, invalid request) that
 * names the limit, and the server keeps serving: the SDK's own stdio reader would instead drop
 * the connection at 10 MiB and the process would exit without a word. On stdio the oversized
 * line is skipped up to its newline, and its id is read from its first bytes so the client's
 * pending call gets its answer; over HTTP the reply is 413.
 *
 * @module
 */
import { concatBytes, readBytesCapped } from "../../core/strict_json.ts";

/** The largest JSON-RPC message either transport accepts (4 MiB). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** JSON-RPC's "invalid request" code. */
export const INVALID_REQUEST = -32600;

/**
 * The JSON-RPC id of a message seen only by its first and last bytes: the id member sits at one
 * end (the SDK writes it last), so the last `"id":` of the tail wins, then the first of the head.
 */
export function idNear(head: string, tail = ""): string | number | null {
  const pattern = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*[,}]/g;
  const fromTail = [...tail.matchAll(pattern)].at(-1)?.[1];
  const fromHead = [...head.matchAll(pattern)][0]?.[1];
  const raw = fromTail ?? fromHead;
  if (raw === undefined) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The JSON-RPC error answering an oversized message. */
export function oversizeReply(id: string | number | null, limit = MAX_MESSAGE_BYTES): object {
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: INVALID_REQUEST,
      message: `message larger than ${limit} bytes refused; send smaller pieces ` +
        `(e.g. split a transcript or a lesson)`,
    },
  };
}

const EDGE_BYTES = 512;

/**
 * Cuts a newline-delimited byte stream into whole lines, holding back the current line until
 * its newline; a line longer than `limit` is dropped (through its newline) and reported once it
 * ends, with its first and last bytes.
 */
export class LineLimiter {
  readonly #limit: number;
  readonly #onOversize: (head: string, tail: string) => void;
  #parts: Uint8Array[] = [];
  #size = 0;
  /** While a line is being dropped: its first bytes and its latest bytes. */
  #dropped: { head: Uint8Array; tail: Uint8Array } | undefined;

  /** `onOversize` receives the first and last bytes of every dropped line, decoded. */
  constructor(onOversize: (head: string, tail: string) => void, limit = MAX_MESSAGE_BYTES) {
    this.#limit = limit;
    this.#onOversize = onOversize;
  }

  /** Takes a chunk and returns the complete lines it finished (possibly empty). */
  push(chunk: Uint8Array): Uint8Array {
    const out: Uint8Array[] = [];
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl < 0 ? chunk.length : nl + 1;
      const part = chunk.subarray(start, end);
      start = end;
      if (this.#dropped === undefined && this.#size + part.length > this.#limit + 1) {
        this.#dropped = {
          head: concatBytes([...this.#parts, part]).slice(0, EDGE_BYTES),
          tail: new Uint8Array(0),
        };
        this.#parts = [];
        this.#size = 0;
      }
      if (this.#dropped !== undefined) {
        this.#dropped.tail = concatBytes([this.#dropped.tail, part]).slice(-EDGE_BYTES - 1);
        if (nl >= 0) {
          const decode = (b: Uint8Array) => new TextDecoder().decode(b);
          this.#onOversize(decode(this.#dropped.head), decode(this.#dropped.tail));
          this.#dropped = undefined;
        }
        continue;
      }
      this.#parts.push(part.slice());
      this.#size += part.length;
      if (nl >= 0) {
        out.push(...this.#parts);
        this.#parts = [];
        this.#size = 0;
      }
    }
    return concatBytes(out);
  }
}

/**
 * The body of an HTTP request, or a 413 JSON-RPC reply when it is larger than `limit` (by its
 * `content-length`, or counted while reading a chunked body).
 */
export async function cappedBody(
  request: Request,
  limit = MAX_MESSAGE_BYTES,
): Promise<{ body: Uint8Array<ArrayBuffer> | null } | { refused: Response }> {
  const refused = () => ({
    refused: Response.json(oversizeReply(null, limit), { status: 413 }),
  });
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) return refused();
  if (request.body === null) return { body: null };
  const body = await readBytesCapped(request.body, limit);
  return body === null ? refused() : { body };
}
