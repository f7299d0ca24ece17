/**
 * Builds the research agent's tools from the configuration: `web_search` when a search provider
 * is configured, `crawl_page` (local reader or Jina), `read_attachment` and `run_javascript`, all
 * sharing one web cache under the model cache's folder. The agent loop adds its own
 * `final_answer`.
 *
 * @module
 */
import type { Warn } from "../../core/warn_once.ts";
import { join } from "node:path";
import { AutomemError } from "../../core/automem_error.ts";
import type { WebConfig } from "../../core/web_config.ts";
import type { MediaDescriber } from "./attachment_reader.ts";
import { attachmentTool } from "./attachment_tool.ts";
import { computeTool } from "./compute_tool.ts";
import { crawlPageTool } from "./crawl_tool.ts";
import { createMediaDescriber } from "./media_describer.ts";
import type { ResolvePort } from "./dns_port.ts";
import type { FetchLimits } from "./safe_fetch.ts";
import type { SandboxLimits } from "./js_sandbox.ts";
import { createSearchProvider } from "./search_providers.ts";
import type { AgentTool, FetchPort, ToolSpec } from "./tool_port.ts";
import { WebCache } from "./web_cache.ts";
import { webSearchTool } from "./web_search_tool.ts";

/** The tool names this module builds. */
export const WEB_TOOL_NAMES = [
  "web_search",
  "crawl_page",
  "read_attachment",
  "run_javascript",
] as const;
/** One tool name. */
export type WebToolName = typeof WEB_TOOL_NAMES[number];

/** Options of {@linkcode buildToolSet}. */
export interface ToolSetOptions {
  /** The `web` part of the configuration. */
  readonly web: WebConfig;
  /** The model cache's folder; the web cache lives in its `web` subfolder. */
  readonly cacheDir: string;
  /** The fetch search providers use (default: the global fetch). Pages use the context's. */
  readonly fetch?: FetchPort;
  /** Which tools to build (default: all that the configuration allows). */
  readonly include?: readonly WebToolName[];
  readonly resolve?: ResolvePort;
  readonly fetchLimits?: Partial<FetchLimits>;
  readonly sandboxLimits?: Partial<SandboxLimits>;
  /** Image/audio reader for attachments (default: the configured vision/transcription models). */
  readonly media?: MediaDescriber;
  /** Character budget of page and file text shown to the agent. */
  readonly maxChars?: number;
  /** Told once when the web cache cannot be written (the tools go on uncached). */
  readonly warn?: Warn;
}

/**
 * The tools, in a fixed order. `web_search` is left out when no provider is configured (the
 * agent then only walks from the task's URLs); asking for it explicitly without a provider is an
 * error the caller should report as a configuration problem.
 */
export function buildToolSet(options: ToolSetOptions): AgentTool[] {
  const wanted = new Set(options.include ?? WEB_TOOL_NAMES);
  const cache = options.web.cacheMode === "off"
    ? undefined
    : new WebCache(join(options.cacheDir, "web"), options.web.cacheMode, options.warn);
  const tools: AgentTool[] = [];
  if (wanted.has("web_search")) {
    const search = options.web.search;
    if (search.provider !== null) {
      const provider = createSearchProvider(
        { provider: search.provider, baseUrl: search.baseUrl, keys: search.keys },
        options.fetch ?? fetch,
      );
      tools.push(webSearchTool(provider, cache, search.baseUrl ?? ""));
    } else if (options.include?.includes("web_search")) {
      throw new ToolSetError(
        "web_search needs a search provider: set SERPER_API_KEY, TAVILY_API_KEY, " +
          "BRAVE_API_KEY or SEARXNG_URL (see docs/web_tools.md)",
      );
    }
  }
  const media = options.media ?? createMediaDescriber(options.web.media, options.fetch ?? fetch);
  if (wanted.has("crawl_page")) {
    const reader = options.web.reader;
    tools.push(crawlPageTool({
      cache,
      jina: reader.kind === "jina" ? { base: reader.jinaBase, key: reader.jinaKey } : undefined,
      resolve: options.resolve,
      limits: { ...options.web.fetch, ...options.fetchLimits },
      maxChars: options.maxChars,
      media,
    }));
  }
  if (wanted.has("read_attachment")) {
    tools.push(attachmentTool({ media, maxChars: options.maxChars }));
  }
  if (wanted.has("run_javascript")) tools.push(computeTool({ limits: options.sandboxLimits }));
  return tools;
}

/** The specs of `tools`, for the model request. */
export function toolSpecs(tools: readonly AgentTool[]): ToolSpec[] {
  return tools.map((t) => t.spec);
}

/**
 * `web` pointed at a local SearXNG-compatible search API (the fixture web's), keeping the cache
 * and reader settings: the offline and test configuration.
 */
export function withLocalSearch(web: WebConfig, searchUrl: string): WebConfig {
  return {
    ...web,
    search: { provider: "searxng", baseUrl: searchUrl.replace(/\/+$/, ""), keys: [], keyVar: null },
  };
}

/** The tool set cannot be built as asked (a configuration problem). */
export class ToolSetError extends AutomemError {
  /** Builds the error. */
  constructor(message: string) {
    super("tool_set_config", message);
    this.name = "ToolSetError";
  }
}
