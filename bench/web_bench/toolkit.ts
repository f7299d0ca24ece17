/**
 * What the web benchmarks need from the tools side: the agent tools for a task and the context
 * they run in. The CLI builds it from the environment (search provider, fetch limits); tests pass
 * fakes or the fixture web. An offline model may stand in for the task model (the scripted
 * research agent), so runs work end to end without keys.
 *
 * @module
 */
import type { ChatModel } from "../../core/ports.ts";
import type { AgentTool, ToolContext } from "../web/tool_port.ts";
import type { WebTask } from "./web_task.ts";

/** Tools and their context for the web benchmarks. */
export interface WebToolkit {
  /** The tools for one task; `webOnly` benchmarks want search and crawl only. */
  tools(opts: { webOnly: boolean }): readonly AgentTool[];
  /** The context shared by every call; the benchmark adds model, signal and attachments dir. */
  context: Omit<ToolContext, "model" | "signal" | "attachmentsDir">;
  /** Plays the task model when none is configured (offline runs); absent: a model is required. */
  offlineModel?: (task: WebTask) => ChatModel | undefined;
  /** Releases what the toolkit started (e.g. a fixture web server). */
  close?: () => Promise<void>;
}
