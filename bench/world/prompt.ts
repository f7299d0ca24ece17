/**
 * The world agent's system prompt: `prompts/world_agent.md` with the tool catalogue (OpenAI tool
 * schemas) and the call budget filled in. The scripted agent is charged its size too.
 *
 * @module
 */
import { renderPrompt } from "../../retrieval/render_prompt.ts";
import template from "../../prompts/world_agent.md" with { type: "text" };
import { openAiToolSchemas } from "./tools.ts";

const TOOLS_JSON = JSON.stringify(openAiToolSchemas());

/** Renders the system prompt for a task with `budget` calls. */
export function worldSystemPrompt(budget: number): string {
  return renderPrompt(template, { tools: TOOLS_JSON, budget });
}
