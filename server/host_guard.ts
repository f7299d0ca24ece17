/**
 * DNS-rebinding and cross-origin protection shared by every automem HTTP server (the status
 * server and MCP over streamable HTTP), as the MCP specification asks of local servers: a page on
 * a foreign site can make a browser talk to a loopback port, either by re-pointing its own name
 * at 127.0.0.1 (the request then carries the foreign name in `Host`) or by calling the port
 * directly (the request then carries the foreign `Origin`). So, on a server bound to loopback,
 * a request whose `Host` is not a loopback name (or an allowed host) is refused with 403, and on
 * every server a request whose `Origin` is neither the server's own nor an allowed origin is
 * refused with 403. Requests without `Origin` (curl, SDK clients, same-origin GETs) pass the
 * origin check. See docs/design.md#host-guard.
 *
 * @module
 */

/** True for `localhost`, `127.0.0.0/8` and `::1`. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** What the guard allows besides the defaults. */
export interface HostGuardOptions {
  /** The address the server is bound to; loopback turns the `Host` check on. */
  bindHost: string;
  /**
   * More `Host` names to accept (e.g. a name in /etc/hosts pointing at the machine); with these
   * the `Host` check also runs on a non-loopback server.
   */
  allowedHosts?: readonly string[];
  /** More origins to accept, e.g. `https://app.example.com` (scheme, host and port). */
  allowedOrigins?: readonly string[];
}

/** A refusal's JSON body. */
function forbidden(code: "forbidden_host" | "forbidden_origin", message: string): Response {
  return Response.json({ error: { code, message } }, { status: 403 });
}

/** The host name of a `Host` header value (`[::1]:8080` → `::1`), lower-cased. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]") < 0 ? undefined : h.indexOf("]"));
  const colon = h.indexOf(":");
  return colon < 0 ? h : h.slice(0, colon);
}

/** Parses comma-separated lists of allowed hosts or origins from a flag; blanks dropped. */
export function listFlag(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/**
 * A request check: returns a 403 response for a rebinding `Host` or a foreign `Origin`, or
 * undefined when the request may go on.
 */
export function hostGuard(options: HostGuardOptions): (request: Request) => Response | undefined {
  const extraHosts = new Set((options.allowedHosts ?? []).map(hostnameOf));
  const checkHost = isLoopback(options.bindHost) || extraHosts.size > 0;
  const bound = hostnameOf(options.bindHost);
  const origins = new Set((options.allowedOrigins ?? []).map((o) => o.trim().toLowerCase()));
  const hostAllowed = (name: string) => isLoopback(name) || name === bound || extraHosts.has(name);
  return (request) => {
    const host = request.headers.get("host") ?? new URL(request.url).host;
    if (checkHost && !hostAllowed(hostnameOf(host))) {
      return forbidden(
        "forbidden_host",
        `Host '${host}' is not allowed on this loopback server (DNS-rebinding protection); ` +
          `add it with --allowed_hosts if it is yours`,
      );
    }
    const origin = request.headers.get("origin");
    if (origin === null) return undefined;
    const o = origin.trim().toLowerCase();
    if (origins.has(o) || sameOrigin(o, host)) return undefined;
    return forbidden(
      "forbidden_origin",
      `Origin '${origin}' is not allowed; add it with --allowed_origins if it is yours`,
    );
  };
}

/** Whether `origin` names this server: http(s) on the very host and port the request was sent to. */
function sameOrigin(origin: string, host: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque origin "null" of sandboxed pages and files
  }
  return (url.protocol === "http:" || url.protocol === "https:") &&
    url.host === host.trim().toLowerCase();
}
