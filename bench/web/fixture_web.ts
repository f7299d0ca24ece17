/**
 * Serves the fixture web on 127.0.0.1: the pages of {@linkcode buildFixturePages} plus a search
 * API at `/search?q=...&format=json` in SearXNG's shape. Tests and the offline CLI path start it
 * with {@linkcode startFixtureWeb} and point the agent's tools at the returned URL.
 *
 * @module
 */
import type { FixturePage } from "./fixture_markup.ts";
import { buildFixturePages } from "./fixture_pages.ts";
import { FixtureSearch } from "./fixture_search.ts";

/** A running fixture web. */
export interface FixtureWeb {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  readonly url: string;
  /** The SearXNG-compatible base URL for the `web_search` tool (same server). */
  readonly searchUrl: string;
  /** Every page served, by path. */
  readonly pages: ReadonlyMap<string, FixturePage>;
  /** Stops the server and waits until it has stopped. */
  close(): Promise<void>;
}

/** Options of {@linkcode startFixtureWeb}. */
export interface FixtureWebOptions {
  /** Port to listen on (default 0: any free port). */
  port?: number;
}

let cachedPages: Promise<FixturePage[]> | undefined;

/** The fixture pages, built once per process (the PDFs take a few milliseconds to write). */
export function fixturePages(): Promise<FixturePage[]> {
  cachedPages ??= buildFixturePages();
  return cachedPages;
}

function notFound(path: string): Response {
  return new Response(
    `<!DOCTYPE html><html><head><title>Not found</title></head><body><h1>Not found</h1>` +
      `<p>No page at ${path.replaceAll("<", "&lt;")}.</p><p><a href="/">Home</a></p></body></html>`,
    { status: 404, headers: { "content-type": "text/html; charset=utf-8" } },
  );
}

/** Builds the request handler of the fixture web (exported for in-process tests). */
export function fixtureHandler(pages: readonly FixturePage[]): (req: Request) => Response {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const search = new FixtureSearch(pages);
  return (req) => {
    const url = new URL(req.url);
    if (req.method !== "GET" && req.method !== "HEAD") {
      return new Response("method not allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    if (url.pathname === "/search") {
      if (url.searchParams.get("format") !== "json") {
        return new Response("only format=json is served", { status: 400 });
      }
      const query = url.searchParams.get("q") ?? "";
      const pageno = Number(url.searchParams.get("pageno") ?? "1") || 1;
      return Response.json(search.search(query, url.origin + "/", pageno));
    }
    const path = url.pathname === "/index.html" ? "/" : url.pathname;
    const page = byPath.get(path);
    if (!page) return notFound(url.pathname);
    const body = req.method === "HEAD" ? null : page.body;
    return new Response(body, { headers: { "content-type": page.contentType } });
  };
}

/** Starts the fixture web on 127.0.0.1 and resolves once it is listening. */
export async function startFixtureWeb(options: FixtureWebOptions = {}): Promise<FixtureWeb> {
  const pages = await fixturePages();
  const handler = fixtureHandler(pages);
  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? 0, onListen: (addr) => resolve(addr) },
    handler,
  );
  const addr = await listening;
  const url = `http://127.0.0.1:${addr.port}/`;
  return {
    url,
    searchUrl: url,
    pages: new Map(pages.map((p) => [p.path, p])),
    close: async () => {
      await server.shutdown();
    },
  };
}
