/**
 * Queue URLs (`redis://[user:password@]HOST:PORT[/DB]`, `rediss://` for TLS): parsing into
 * connection settings and the redacted form every artifact, log line and error shows.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";

/** Connection settings of a Redis queue URL. */
export interface QueueTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  /** `rediss://`: connect over TLS (server name = host). */
  tls: boolean;
}

/** A queue URL that cannot be used; the message never contains the password. */
export class QueueUrlError extends AutomemError {
  /** Builds the error. */
  constructor(message: string) {
    super("queue_url", message);
    this.name = "QueueUrlError";
  }
}

/**
 * The URL with its user and password replaced by `***` (unparseable input: `<invalid queue URL>`),
 * safe for artifacts, logs and errors.
 */
export function redactQueueUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username) u.username = "***";
    if (u.password) u.password = "***";
    return u.toString().replace(/\/$/, "");
  } catch {
    return "<invalid queue URL>";
  }
}

/** Parses a queue URL; throws {@linkcode QueueUrlError} naming the redacted URL and the reason. */
export function parseQueueUrl(url: string): QueueTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new QueueUrlError(
      `${redactQueueUrl(url)}: not a URL (expected redis://HOST:PORT or rediss://HOST:PORT)`,
    );
  }
  const shown = redactQueueUrl(url);
  if (u.protocol !== "redis:" && u.protocol !== "rediss:") {
    throw new QueueUrlError(`${shown}: scheme must be redis:// or rediss:// (TLS)`);
  }
  if (!u.hostname) throw new QueueUrlError(`${shown}: the host is missing`);
  const port = u.port ? Number(u.port) : 6379;
  const dbText = u.pathname.replace(/^\//, "");
  const db = dbText ? Number(dbText) : 0;
  if (!Number.isInteger(db) || db < 0) {
    throw new QueueUrlError(`${shown}: database must be a non-negative integer, got "${dbText}"`);
  }
  return {
    host: u.hostname.replace(/^\[|\]$/g, ""),
    port,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db,
    tls: u.protocol === "rediss:",
  };
}
