/**
 * Ready-made tool kits for the web benchmark runner: the configured tools with the real fetch,
 * or the same tools pointed at a freshly started fixture web (offline: its search API replaces
 * the provider and loopback is allowed). The shape matches what the benchmark runner asks for:
 * `tools({webOnly})`, a shared `context`, and `close()`.
 *
 * @module
 */
import { systemClock } from "../../core/clock.ts";
import type { Clock } from "../../core/ports.ts";
import type { WebConfig } from "../../core/web_config.ts";
import { type FixtureWeb, startFixtureWeb } from "./fixture_web.ts";
import { buildToolSet, type ToolSetOptions, withLocalSearch } from "./tool_set.ts";
import type { AgentTool, FetchPort } from "./tool_port.ts";

/** A tool kit: tools per task kind, the context they share, and cleanup. */
export interface WebToolKit {
  /** All tools, or only `web_search` and `crawl_page` when `webOnly` (WebWalkerQA, xBench). */
  tools(opts: { webOnly: boolean }): readonly AgentTool[];
  readonly context: {
    readonly fetch: FetchPort;
    readonly clock: Clock;
    readonly allowPrivateAddresses?: boolean;
  };
  /** The fixture web, when the kit started one. */
  readonly fixture?: FixtureWeb;
  close(): Promise<void>;
}

/** Options of {@linkcode createWebToolKit}. */
export type WebToolKitOptions = Omit<ToolSetOptions, "include"> & {
  readonly clock?: Clock;
  /** Start the fixture web and search it instead of the configured provider. */
  readonly fixture?: boolean;
};

/** Builds a tool kit from the configuration, or over a new fixture web when `fixture`. */
export async function createWebToolKit(options: WebToolKitOptions): Promise<WebToolKit> {
  const fixture = options.fixture ? await startFixtureWeb() : undefined;
  const web: WebConfig = fixture ? withLocalSearch(options.web, fixture.searchUrl) : options.web;
  const all = buildToolSet({ ...options, web });
  const webOnly = all.filter((t) => t.spec.name === "web_search" || t.spec.name === "crawl_page");
  return {
    tools: ({ webOnly: only }) => only ? webOnly : all,
    context: {
      fetch: options.fetch ?? fetch,
      clock: options.clock ?? systemClock,
      allowPrivateAddresses: fixture !== undefined,
    },
    fixture,
    close: async () => {
      await fixture?.close();
    },
  };
}
