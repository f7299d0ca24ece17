/**
 * {@linkcode SharedResource}: state on disk that several processes (and several handles in one
 * process) use in turns (docs/design.md#multi-process). A turn holds the OS lock of
 * `core/file_lock.ts`; at the start of a turn the resource is reopened when its files changed
 * since this handle last saw them, so every call sees every write acknowledged before it began
 * and no write is made from stale state. Calls queued while a turn runs join it (up to a bound,
 * so a busy handle cannot starve the others); the turn ends when the queue drains. A resource the
 * others cannot open while it is open (an embedded database holding its own file lock) is closed
 * at the end of every turn.
 *
 * @module
 */
import { FileLock } from "./file_lock.ts";
import { SerialQueue } from "./serial_queue.ts";

/** How to open, close and fingerprint the shared state. */
export interface SharedResourceOptions<T> {
  /** The lock file (created when absent). */
  lockPath: string;
  /** Opens the resource from its files. */
  open(): Promise<T>;
  /** Closes it, making every write durable. */
  close(value: T): Promise<void>;
  /** A fingerprint of the files the resource is made of (see `directoryStamp`). */
  stamp(): Promise<string>;
  /** Close at the end of every turn (default false). */
  closeEachTurn?: boolean;
  /** Calls one turn may run before it lets the others in (default 32). */
  maxCallsPerTurn?: number;
}

/** A resource used in turns; see the module docs. */
export class SharedResource<T> {
  readonly #o: SharedResourceOptions<T>;
  readonly #queue = new SerialQueue();
  #value: T | undefined;
  #lock: FileLock | undefined;
  /** Lock note and file stamp when this handle last ended a turn. */
  #seen = "";
  #pending = 0;
  #callsThisTurn = 0;
  #wrote = false;
  #counter = 0;

  /** Wraps the resource; nothing is opened or locked until the first call. */
  constructor(options: SharedResourceOptions<T>) {
    this.#o = options;
  }

  /** Runs `fn` on the up-to-date resource inside a turn; `writes` marks calls that change it. */
  run<R>(fn: (value: T) => Promise<R>, writes: boolean): Promise<R> {
    this.#pending++;
    return this.#queue.run(async () => {
      let result: { value: R } | undefined;
      try {
        const value = await this.#enter();
        this.#callsThisTurn++;
        if (writes) this.#wrote = true;
        result = { value: await fn(value) };
      } finally {
        this.#pending--;
        const busy = this.#pending > 0 && this.#callsThisTurn < (this.#o.maxCallsPerTurn ?? 32);
        // A failed call must not hide behind a failure to end the turn, nor the reverse.
        if (!busy) {
          const ended = this.#leave();
          if (result) await ended;
          else await ended.catch(() => {});
        }
      }
      return result!.value;
    });
  }

  async #stamp(lock: FileLock): Promise<string> {
    return `${await lock.readNote()}\n${await this.#o.stamp()}`;
  }

  async #enter(): Promise<T> {
    if (this.#lock === undefined) {
      this.#lock = await FileLock.acquire(this.#o.lockPath);
      this.#callsThisTurn = 0;
      this.#wrote = false;
      if (this.#value !== undefined && await this.#stamp(this.#lock) !== this.#seen) {
        const stale = this.#value;
        this.#value = undefined;
        await this.#o.close(stale);
      }
    }
    this.#value ??= await this.#o.open();
    return this.#value;
  }

  async #leave(): Promise<void> {
    const lock = this.#lock;
    if (lock === undefined) return;
    this.#lock = undefined;
    try {
      if (this.#o.closeEachTurn && this.#value !== undefined) {
        const value = this.#value;
        this.#value = undefined;
        await this.#o.close(value);
      }
      // The note changes on every write turn, so a rewrite that happens to leave sizes, times
      // and inode numbers as they were is still seen by the others.
      if (this.#wrote) await lock.writeNote(`${Deno.pid}-${++this.#counter}-${Date.now()}`);
      this.#seen = await this.#stamp(lock);
    } finally {
      await lock.release();
    }
  }

  /** Closes the resource (waiting for queued calls); later calls reopen it. */
  close(): Promise<void> {
    return this.#queue.run(async () => {
      if (this.#value === undefined) return;
      // Outside a turn the resource holds no unwritten change (every call ends its writes
      // before the turn ends), so closing needs no lock, and works on a directory already gone.
      const value = this.#value;
      this.#value = undefined;
      await this.#o.close(value);
    });
  }
}
