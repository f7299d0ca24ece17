/**
 * Small {@linkcode AgentTool} doubles for agent tests: a search over a fixed page table and a
 * page reader, plus the tool context they run in (no network).
 *
 * @module
 */
import { logicalClock } from "../../../core/clock.ts";
import type { AgentTool, ToolContext } from "../../web/tool_port.ts";

/** A page of the fake web. */
export interface FakePage {
  url: string;
  title: string;
  text: string;
}

/** `web_search(query)`: pages whose title or text share a word with the query. */
export function fakeSearchTool(pages: readonly FakePage[], calls: string[] = []): AgentTool {
  return {
    spec: {
      name: "web_search",
      description: "Search the web.",
      parameters: { type: "object", properties: { query: { type: "string" } } },
    },
    call(args) {
      const query = String(args.query ?? "");
      calls.push(query);
      const words = query.toLowerCase().split(/\W+/).filter((w) => w.length > 2);
      const hits = pages.filter((p) =>
        words.some((w) => `${p.title} ${p.text}`.toLowerCase().includes(w))
      );
      return Promise.resolve({
        ok: true,
        content: hits.map((h) => `${h.title} — ${h.url}`).join("\n") || "no results",
      });
    },
  };
}

/** `crawl_page(url)`: the page's text, or a failure naming the URL. */
export function fakeCrawlTool(pages: readonly FakePage[], calls: string[] = []): AgentTool {
  return {
    spec: {
      name: "crawl_page",
      description: "Read a page.",
      parameters: { type: "object", properties: { url: { type: "string" } } },
    },
    call(args) {
      const url = String(args.url ?? "");
      calls.push(url);
      const page = pages.find((p) => p.url === url);
      return Promise.resolve(
        page
          ? { ok: true, content: page.text }
          : { ok: false, content: `no page at ${url}`, error: "not_found" },
      );
    },
  };
}

/** A tool context that never reaches a network. */
export function offlineToolContext(): ToolContext {
  return {
    fetch: () => Promise.reject(new Error("no network in tests")),
    clock: logicalClock(),
  };
}
