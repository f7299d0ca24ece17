/**
 * The agent's tools for `automem run`, `automem search` and `automem worker` on a web benchmark,
 * built from the configuration by the same `buildToolSet` as `automem web-tool`: `web_search`
 * through the configured provider (Serper, Tavily, Brave or SearXNG; left out when none is
 * configured), `crawl_page` (local reader or Jina), and for GAIA and xBench `read_attachment`
 * (images and audio through the configured vision and transcription models) and
 * `run_javascript`. Search results and pages go through the web cache, keyed by the provider's
 * endpoint, except for protected benchmarks, whose queries may quote the task.
 *
 * With a fixture port the toolkit serves the fixture web on 127.0.0.1, searches it through the
 * SearXNG provider, lets the fetch tools reach it, and offers the offline agent for its tasks.
 *
 * @module
 */
import { systemClock } from "../core/clock.ts";
import { loadConfig } from "../core/config.ts";
import { offlineResearchModel } from "../bench/agent/offline_agent.ts";
import { fixtureKnowledge } from "../bench/web_bench/fixture_files.ts";
import type { WebBenchmarkKind } from "../bench/web_bench/kinds.ts";
import type { WebToolkit } from "../bench/web_bench/toolkit.ts";
import type { WebConfig } from "../core/web_config.ts";
import { startFixtureWeb } from "../bench/web/fixture_web.ts";
import { buildToolSet, withLocalSearch } from "../bench/web/tool_set.ts";
import type { CliIo } from "./io.ts";

/** Options of {@linkcode buildWebToolkit}. */
export interface WebToolkitOptions {
  io: CliIo;
  allowPrivate: boolean;
  offline: boolean;
  /** Serve the fixture web on this port and search it. */
  fixturePort?: number;
  /**
   * When the fixture port is taken, use the fixture web already served there (a queue worker on
   * the machine of a coordinator that serves it) instead of failing.
   */
  shareFixture?: boolean;
}

/** The fixture web on `port`: a new server, or (when shared and the port is taken) the one there. */
async function fixtureOn(port: number, share: boolean) {
  try {
    return await startFixtureWeb({ port });
  } catch (e) {
    if (!(share && e instanceof Deno.errors.AddrInUse)) throw e;
    const url = `http://127.0.0.1:${port}/`;
    // Share only a server that answers like the fixture web's search API.
    const probe = await fetch(`${url}search?q=fixture&format=json`).then(async (r) =>
      r.ok && Array.isArray((await r.json())?.results)
    ).catch(() => false);
    if (!probe) throw e;
    return { url, searchUrl: url, close: () => Promise.resolve() };
  }
}

/** Builds the toolkit (see the module doc); `close()` stops a fixture web. */
export async function buildWebToolkit(
  kind: WebBenchmarkKind,
  opts: WebToolkitOptions,
): Promise<WebToolkit> {
  const config = loadConfig({ env: opts.io.env, cwd: opts.io.cwd });
  const fixture = opts.fixturePort !== undefined
    ? await fixtureOn(opts.fixturePort, opts.shareFixture === true)
    : undefined;
  const web: WebConfig = {
    ...(fixture ? withLocalSearch(config.web, fixture.searchUrl) : config.web),
    // Protected benchmarks' queries may quote the task; the fixture web needs no cache.
    cacheMode: fixture || kind.protected ? "off" : config.web.cacheMode,
    ...(fixture ? { reader: { ...config.web.reader, kind: "local" as const } } : {}),
  };
  if (web.search.provider === null) {
    opts.io.stderr(
      "automem: no web search provider configured (set SERPER_API_KEY, TAVILY_API_KEY, " +
        "BRAVE_API_KEY or SEARXNG_URL); the agent gets no web_search tool\n",
    );
  }
  // The same tools `automem web-tool` runs, attachments read with the configured vision and
  // transcription models.
  const all = buildToolSet({
    web,
    cacheDir: config.cache.dir,
    warn: (m) => opts.io.stderr(m + "\n"),
  });
  const webOnly = all.filter((t) => t.spec.name === "web_search" || t.spec.name === "crawl_page");
  return {
    tools: ({ webOnly: only }) => (only ? webOnly : all),
    context: {
      fetch,
      clock: systemClock,
      allowPrivateAddresses: opts.allowPrivate || fixture !== undefined,
    },
    ...(fixture
      ? {
        offlineModel: (task) => {
          const k = fixtureKnowledge(task.question, fixture.url);
          return k ? offlineResearchModel(k) : undefined;
        },
      }
      : {}),
    close: async () => {
      await fixture?.close();
    },
  };
}
