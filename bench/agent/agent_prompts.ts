/**
 * The research agent's prompt texts (`prompts/research_*.md`), rendered with strict placeholders.
 *
 * @module
 */
import type { ToolDefinition } from "../../core/ports.ts";
import type { Guidance } from "../../memory/provider_port.ts";
import { renderPrompt } from "../../retrieval/render_prompt.ts";
import systemTemplate from "../../prompts/research_agent.md" with { type: "text" };
import jsonFormat from "../../prompts/research_json_actions.md" with { type: "text" };
import planTemplate from "../../prompts/research_plan.md" with { type: "text" };
import summaryTemplate from "../../prompts/research_summary.md" with { type: "text" };
import finalTemplate from "../../prompts/research_final.md" with { type: "text" };
import memoryTemplate from "../../prompts/research_memory.md" with { type: "text" };

/** One line per tool: name, description and argument schema. */
export function describeTools(tools: readonly ToolDefinition[]): string {
  return tools.map((t) =>
    `- ${t.name}: ${t.description} Arguments: ${JSON.stringify(t.parameters)}`
  )
    .join("\n");
}

/** The system prompt for native tool calls or the JSON action format. */
export function systemPrompt(
  tools: readonly ToolDefinition[],
  format: "native" | "json",
  maxSteps: number,
): string {
  return renderPrompt(systemTemplate, {
    tools: describeTools(tools),
    action_format: format === "json"
      ? jsonFormat.trim()
      : "Use the function-calling interface; write your reasoning as plain text beside the calls.",
    max_steps: String(maxSteps),
  });
}

/** Guidance wrapped in the "hints, default to ignore" instruction; empty without guidance. */
export function memoryBlock(g: Guidance | null | undefined): string {
  if (!g || g.text.trim() === "") return "";
  return renderPrompt(memoryTemplate, {
    phase: g.phase === "begin" ? "before you start" : "refreshed for your progress",
    guidance: g.text.trim(),
  });
}

/** The planning request. */
export function planPrompt(question: string, memory: string): string {
  return renderPrompt(planTemplate, { question, memory });
}

/** The summary request. */
export function summaryPrompt(): string {
  return summaryTemplate.trim();
}

/** The final-answer request at the step limit. */
export function finalPrompt(question: string): string {
  return renderPrompt(finalTemplate, { question });
}
