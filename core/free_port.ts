/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for the local servers tests and benches
 * start (fixture web, Redis). The OS picks it; another process could take it before it is used,
 * which on a test machine does not happen in practice.
 *
 * @module
 */

/** A currently free port on 127.0.0.1. */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}
