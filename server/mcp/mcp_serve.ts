/**
 * `automem mcp` over streamable HTTP: the same bind rules as the status server (loopback by
 * default; another address only with a token of at least 8 characters) and, when a token is
 * set, every request must carry it as a bearer token. Before anything else, the Host/Origin guard
 * of `../host_guard.ts` refuses DNS-rebinding and foreign-origin requests with 403, as the MCP
 * specification requires. The endpoint is `/mcp`.
 *
 * @module
 */
import type { AutomemMemory } from "../../memory/memory_client.ts";
import { authorized } from "../auth.ts";
import { hostGuard } from "../host_guard.ts";
import { checkBind, type RunningServer, ServeError } from "../serve.ts";
import { handleMcpHttp } from "./mcp_adapter.ts";
import type { McpFiles } from "./mcp_files.ts";
import { cappedBody } from "./mcp_limits.ts";

/** Options of {@linkcode serveMcpHttp}. */
export interface McpHttpOptions {
  /** Address to bind (default `127.0.0.1`). */
  host?: string;
  /** Port (default 8788; 0 picks a free one). */
  port?: number;
  /** Bearer token every request must carry; mandatory for a non-loopback host. */
  token?: string;
  /** The file-system memory behind the `files_*` tools (none: no such tools). */
  files?: McpFiles;
  /** Aborting stops the server. */
  signal?: AbortSignal;
  /** More `Host` names to accept (see `host_guard.ts`; loopback names always pass). */
  allowedHosts?: readonly string[];
  /** More browser origins to accept besides the server's own. */
  allowedOrigins?: readonly string[];
  /** Units per `resources/list` page (default 500). */
  pageSize?: number;
}

/** The MCP endpoint's path. */
export const MCP_PATH = "/mcp";

function problem(status: number, message: string): Response {
  return Response.json({ error: { message } }, { status });
}

/** Serves `memory` as an MCP server over streamable HTTP at `<url>mcp`. */
export function serveMcpHttp(memory: AutomemMemory, opts: McpHttpOptions = {}): RunningServer {
  const host = opts.host ?? "127.0.0.1";
  const port = opts.port ?? 8788;
  checkBind(host, port, opts.token);
  const token = opts.token?.trim();
  const guard = hostGuard({
    bindHost: host,
    allowedHosts: opts.allowedHosts,
    allowedOrigins: opts.allowedOrigins,
  });
  const handler = (req: Request): Promise<Response> | Response => {
    const refused = guard(req);
    if (refused) return refused;
    if (new URL(req.url).pathname !== MCP_PATH) return problem(404, `the endpoint is ${MCP_PATH}`);
    if (token !== undefined && !authorized(req.headers.get("authorization"), token)) {
      return problem(401, "missing or wrong bearer token");
    }
    return cappedBody(req).then((read) =>
      "refused" in read ? read.refused : handleMcpHttp(
        memory,
        new Request(req.url, { method: req.method, headers: req.headers, body: read.body }),
        opts.files,
        { pageSize: opts.pageSize },
      )
    );
  };
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({ hostname: host, port, signal: opts.signal, onListen: () => {} }, handler);
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      throw new ServeError(
        "address_in_use",
        `${host}:${port} is already in use; pick another --port`,
        { cause: error },
      );
    }
    throw error;
  }
  const addr = server.addr;
  const shown = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  return { url: `http://${shown}:${addr.port}/`, port: addr.port, finished: server.finished };
}
