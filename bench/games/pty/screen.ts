/**
 * The virtual terminal a game draws on: the one adapter over `@xterm/headless` (swap the
 * terminal emulator here and nowhere else). Bytes from the pty go in; text rows and the cursor
 * come out once the emulator has parsed everything written so far.
 *
 * @module
 */
import xterm from "npm:@xterm/headless@6.0.0";

/** A cursor position (0-based column and row). */
export interface Cursor {
  readonly x: number;
  readonly y: number;
}

/** The private OSC number of settle markers; a terminal ignores OSC numbers it does not know. */
export const MARKER_OSC = 7770;

/** The invisible escape sequence carrying marker `id`. */
export function markerSequence(id: string): string {
  return `\x1b]${MARKER_OSC};${id}\x07`;
}

/** A headless terminal screen of fixed size. */
export class Screen {
  readonly #term: InstanceType<typeof xterm.Terminal>;
  #pending: Promise<void> = Promise.resolve();
  readonly #markers = new Map<string, () => void>();
  /** Columns. */
  readonly cols: number;
  /** Rows. */
  readonly rows: number;

  /** Builds an empty screen. */
  constructor(cols = 80, rows = 24) {
    this.cols = cols;
    this.rows = rows;
    this.#term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
    this.#term.parser.registerOscHandler(MARKER_OSC, (data) => {
      this.#markers.get(data)?.();
      this.#markers.delete(data);
      return true;
    });
  }

  /**
   * Resolves when the marker `id` (written as {@linkcode markerSequence}) has been parsed: every
   * byte before it is then on the screen. Register before the marker can arrive.
   */
  waitMarker(id: string): Promise<void> {
    return new Promise((resolve) => this.#markers.set(id, resolve));
  }

  /** Forgets a marker that will not come (after a timeout). */
  dropMarker(id: string): void {
    this.#markers.delete(id);
  }

  /** Feeds raw pty output; parsing is asynchronous, see {@linkcode Screen.flush}. */
  write(bytes: Uint8Array): void {
    this.#pending = new Promise<void>((resolve) => this.#term.write(bytes, resolve));
  }

  /** Resolves once every byte written so far has been parsed (xterm parses in order). */
  flush(): Promise<void> {
    return this.#pending;
  }

  /** The visible rows as text, right-trimmed. Call after {@linkcode Screen.flush}. */
  lines(): string[] {
    const buf = this.#term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < this.rows; y++) {
      out.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? "");
    }
    return out;
  }

  /** Where the terminal cursor is. */
  cursor(): Cursor {
    const buf = this.#term.buffer.active;
    return { x: buf.cursorX, y: buf.cursorY };
  }

  /** Clears the screen (a new episode starts on a blank terminal). */
  reset(): void {
    this.#term.reset();
  }

  /** Frees the emulator. */
  dispose(): void {
    this.#term.dispose();
  }
}
