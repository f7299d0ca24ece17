/**
 * A queue that gives up: Redis clients reconnect forever by themselves, which is right for a
 * short Redis restart and wrong for a closed port, a wrong password, an untrusted certificate or
 * a Redis gone for good. These guards bound every wait on the connection — connecting, running
 * with the connection lost, closing — so a command always ends, with a redacted reason.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import { InfrastructureError } from "./infra_fault.ts";

/** The part of a Redis client the guards watch (ioredis's `status` and `disconnect`). */
export interface WatchedClient {
  readonly status: string;
  disconnect(): void;
}

/** The queue could not be reached in time, refused the credentials, or the wait was interrupted. */
export class QueueUnreachableError extends AutomemError {
  /** Builds the error; `interrupted` when a stop signal ended the wait. */
  constructor(message: string, readonly interrupted = false) {
    super("queue_unreachable", message);
    this.name = "QueueUnreachableError";
  }
}

/** Errors that reconnecting cannot fix: credentials and TLS trust. */
const HOPELESS =
  /WRONGPASS|NOAUTH|invalid (username-)?password|certificate|self[- ]signed|unable to (verify|get local issuer)|wrong version number|SSL routines|ERR_SSL/i;

/** Default of `AUTOMEM_QUEUE_TIMEOUT` (ms). */
export const DEFAULT_QUEUE_TIMEOUT_MS = 30_000;

/** How long a closing queue may take before its connections are cut (ms). */
export const CLOSE_GRACE_MS = 2_000;

/** Records the last connection error, so a give-up can say why. */
export class ConnectionErrors {
  #last = "";
  #hopeless: ((message: string) => void) | undefined;

  /** Notes `message`; a hopeless one (wrong password, untrusted certificate) ends the wait. */
  note(message: string): void {
    this.#last = message;
    if (HOPELESS.test(message)) this.#hopeless?.(message);
  }

  /** The last error seen ("" when none). */
  get last(): string {
    return this.#last;
  }

  /** Called once for the first hopeless error while connecting. */
  onHopeless(fn: ((message: string) => void) | undefined): void {
    this.#hopeless = fn;
  }
}

/**
 * Waits for `ready` at most `timeoutMs`, or until `signal` aborts, or until a hopeless error;
 * on any of those the clients are cut and a {@linkcode QueueUnreachableError} naming `where`
 * (already redacted) is thrown.
 */
export async function whenReady(
  ready: Promise<unknown>,
  clients: readonly WatchedClient[],
  opts: { where: string; timeoutMs: number; signal?: AbortSignal; errors: ConnectionErrors },
): Promise<void> {
  // Once the wait is given up, the late rejection of `ready` is expected.
  ready.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const why = () => (opts.errors.last ? `: ${opts.errors.last}` : "");
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const s = Math.round(opts.timeoutMs / 100) / 10;
      reject(
        new QueueUnreachableError(`cannot reach the queue at ${opts.where} within ${s} s${why()}`),
      );
    }, opts.timeoutMs);
    opts.errors.onHopeless((m) =>
      reject(new QueueUnreachableError(`the queue at ${opts.where} refused the connection: ${m}`))
    );
    onAbort = () =>
      reject(new QueueUnreachableError(`interrupted while connecting to ${opts.where}`, true));
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    await Promise.race([ready, giveUp]);
  } catch (e) {
    for (const c of clients) c.disconnect();
    throw e;
  } finally {
    clearTimeout(timer);
    opts.errors.onHopeless(undefined);
    if (onAbort) opts.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Tracks how long the clients have been disconnected; {@linkcode ConnectionWatch.lost} turns
 * into an infrastructure fault once that exceeds the timeout. Checked on the queue's poll.
 */
export class ConnectionWatch {
  #downSince: number | null = null;

  /** Watches `clients`, giving up after `timeoutMs` without a connection. */
  constructor(
    private readonly clients: readonly WatchedClient[],
    private readonly timeoutMs: number,
    private readonly where: string,
    private readonly errors: ConnectionErrors,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while some client is not connected. */
  get down(): boolean {
    return this.clients.some((c) => c.status !== "ready");
  }

  /** The fault to stop on, once the connection has been down for the whole timeout. */
  lost(): InfrastructureError | null {
    if (!this.down) {
      this.#downSince = null;
      return null;
    }
    this.#downSince ??= this.now();
    if (this.now() - this.#downSince < this.timeoutMs) return null;
    const s = Math.round(this.timeoutMs / 100) / 10;
    return new InfrastructureError(
      "queue",
      `lost the queue at ${this.where}: unreachable for ${s} s` +
        `${this.errors.last ? ` (${this.errors.last})` : ""}; the run stops at a safe point and ` +
        `--resume continues it`,
    );
  }
}

/**
 * Runs `graceful` (closing queue objects), but cuts the clients at once when they are down and
 * after {@linkcode CLOSE_GRACE_MS} otherwise, so closing never waits on a Redis that is gone.
 */
export async function closeBounded(
  graceful: () => Promise<void>,
  clients: readonly WatchedClient[],
): Promise<void> {
  if (clients.some((c) => c.status !== "ready")) { for (const c of clients) c.disconnect(); }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((resolve) => timer = setTimeout(resolve, CLOSE_GRACE_MS));
  try {
    await Promise.race([graceful().catch(() => {}), grace]);
  } finally {
    clearTimeout(timer);
    for (const c of clients) c.disconnect();
  }
}
