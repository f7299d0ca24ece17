/**
 * Name resolution for the fetch guard, behind a port so tests can map names to any address
 * without a DNS server. The real resolver asks for A and AAAA records with `Deno.resolveDns`.
 *
 * @module
 */

/** Resolves a host name to its IP addresses; rejects or returns `[]` when it has none. */
export type ResolvePort = (hostname: string) => Promise<string[]>;

/** The system resolver through `Deno.resolveDns` (A and AAAA, whichever exist). */
export const denoResolve: ResolvePort = async (hostname) => {
  const lookups = await Promise.allSettled([
    Deno.resolveDns(hostname, "A"),
    Deno.resolveDns(hostname, "AAAA"),
  ]);
  return lookups.flatMap((r) => r.status === "fulfilled" ? r.value : []);
};
