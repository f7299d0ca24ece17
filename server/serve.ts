/**
 * Runs the status app with `Deno.serve`. Loopback is the default; any other address is refused
 * unless a bearer token protects the API, because run artifacts (architectures, scores, costs)
 * are not meant for the network at large; and every request passes the Host/Origin guard of
 * `host_guard.ts` first (DNS-rebinding protection).
 *
 * @module
 */
import { AutomemError, type AutomemErrorOptions } from "../core/automem_error.ts";
import type { Clock } from "../core/ports.ts";
import { createApp } from "./app.ts";
import { hostGuard, isLoopback } from "./host_guard.ts";

/** Options of {@linkcode serve}. */
export interface ServeOptions {
  runsDir: string;
  /** Address to bind (default `127.0.0.1`). */
  host?: string;
  /** Port to bind (default 8787; 0 picks a free port). */
  port?: number;
  /** Bearer token required on every API request; mandatory for non-loopback hosts. */
  token?: string;
  /** Aborting stops the server (open event streams end first). */
  signal?: AbortSignal;
  clock?: Clock;
  /** Event-stream polling interval (ms). */
  pollMs?: number;
  /** The flag that set `port`, named when the port is busy (default `--port`). */
  portFlag?: string;
  /** More `Host` names to accept (see `host_guard.ts`; loopback names always pass). */
  allowedHosts?: readonly string[];
  /** More browser origins to accept besides the server's own. */
  allowedOrigins?: readonly string[];
}

/** A running server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8787/`. */
  url: string;
  /** The bound port. */
  port: number;
  /** Resolves once the server has shut down. */
  finished: Promise<void>;
}

/** Why the server refused to start. */
export type ServeErrorCode = "insecure_bind" | "bad_option" | "address_in_use";

/** The error {@linkcode serve} rejects with. */
export class ServeError extends AutomemError {
  /**
   * `insecure_bind`: non-loopback host without a token; `bad_option`: invalid port, token or
   * runs directory; `address_in_use`: the port is taken.
   */
  declare readonly code: ServeErrorCode;
  /** Builds the error. */
  constructor(code: ServeErrorCode, message: string, options?: AutomemErrorOptions) {
    super(code, message, options);
    this.name = "ServeError";
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * The bind rules every automem server shares (status server, MCP over HTTP): a valid port, a
 * token of at least 8 characters when given, and no non-loopback host without a token.
 * `tokenHint` names where else the token can come from (an environment variable).
 */
export function checkBind(
  host: string,
  port: number,
  token: string | undefined,
  tokenHint = "AUTOMEM_STATUS_TOKEN",
): void {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ServeError("bad_option", `--port must be 0..65535, got ${port}`);
  }
  if (token !== undefined && (token.trim().length < 8 || /\s/.test(token.trim()))) {
    // A bearer token cannot contain whitespace: such a token could never authenticate.
    throw new ServeError(
      "bad_option",
      "--token must be at least 8 characters without spaces or other whitespace",
    );
  }
  if (!isLoopback(host) && token === undefined) {
    throw new ServeError(
      "insecure_bind",
      `refusing to serve on ${host} without a token: pass --token (or set ` +
        `${tokenHint}), or bind 127.0.0.1`,
    );
  }
}

/** Starts the status server; rejects with {@linkcode ServeError} on refused options. */
export async function serve(opts: ServeOptions): Promise<RunningServer> {
  const host = opts.host ?? "127.0.0.1";
  const port = opts.port ?? 8787;
  checkBind(host, port, opts.token);
  if (!(await isDirectory(opts.runsDir))) {
    throw new ServeError("bad_option", `--runs_dir ${opts.runsDir} is not a directory`);
  }
  const stop = new AbortController();
  opts.signal?.addEventListener("abort", () => stop.abort(), { once: true });
  if (opts.signal?.aborted) stop.abort();
  const app = createApp({
    runsDir: opts.runsDir,
    token: opts.token?.trim(),
    clock: opts.clock,
    pollMs: opts.pollMs,
    signal: stop.signal,
  });
  const guard = hostGuard({
    bindHost: host,
    allowedHosts: opts.allowedHosts,
    allowedOrigins: opts.allowedOrigins,
  });
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve(
      { hostname: host, port, signal: stop.signal, onListen: () => {} },
      (request) => guard(request) ?? app.fetch(request),
    );
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      throw new ServeError(
        "address_in_use",
        `${host}:${port} is already in use; pick another ${opts.portFlag ?? "--port"}`,
        { cause: error },
      );
    }
    throw error;
  }
  const addr = server.addr;
  const shown = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  return { url: `http://${shown}:${addr.port}/`, port: addr.port, finished: server.finished };
}
