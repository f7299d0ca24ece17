/**
 * The agent tool port: what the research agent calls (web search, page crawl, attachments,
 * computation, final answer). Each tool describes itself with a JSON schema (for native
 * tool calls and for the JSON action format) and runs with a context of injected ports, so tests
 * can point it at a fixture web on 127.0.0.1 and a scripted model.
 *
 * @module
 */
import type { ChatModel, Clock } from "../../core/ports.ts";

/** A tool's self-description, as sent to an OpenAI-compatible endpoint. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  /** JSON schema of the arguments object. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** What a tool call returns to the agent. */
export interface ToolResult {
  /** False when the tool failed; `content` then says why, in words the model can act on. */
  readonly ok: boolean;
  /** The text the agent sees (already bounded in size). */
  readonly content: string;
  /** Machine-readable failure reason (e.g. `blocked_address`, `too_large`, `timeout`). */
  readonly error?: string;
}

/** The fetch function tools use; injected so tests and `freeze` mode never reach the internet. */
export type FetchPort = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** Side effects and limits a tool may use. */
export interface ToolContext {
  readonly fetch: FetchPort;
  /** The task model, for tools that condense what they read (crawl_page). */
  readonly model?: ChatModel;
  readonly clock: Clock;
  readonly signal?: AbortSignal;
  /** Folder that task attachments are confined to (GAIA). */
  readonly attachmentsDir?: string;
  /** Allow loopback/private addresses (tests against the fixture web only). */
  readonly allowPrivateAddresses?: boolean;
}

/** One callable tool. */
export interface AgentTool {
  readonly spec: ToolSpec;
  call(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

/** One web search hit. */
export interface SearchHit {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

/** A web search provider (Serper, Tavily, Brave, SearXNG, the fixture search API). */
export interface SearchProvider {
  readonly id: string;
  search(query: string, options: { num: number; signal?: AbortSignal }): Promise<SearchHit[]>;
}
