/**
 * The agent's action formats. With native tool calls the endpoint returns calls directly; in the
 * JSON action format the model replies `{think, tools: [{name, arguments}]}` as text. Both end in
 * the same {@linkcode AgentAction}. `final_answer(answer)` is the agent's own tool: it ends the run.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { parseJsonReply } from "../../core/json_extract.ts";
import type { ChatResult, ToolDefinition } from "../../core/ports.ts";

/** One tool call as the JSON action format writes it. */
export const ToolCallActionSchema = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

/** A model's step in the JSON action format. */
export const AgentActionSchema = z.object({
  think: z.string().default(""),
  tools: z.array(ToolCallActionSchema).min(1),
});

/** A parsed step: the model's reasoning and the tool calls to run, in order. */
export interface AgentAction {
  think: string;
  calls: { name: string; arguments: Record<string, unknown> }[];
  /** `native` when the endpoint returned tool calls, `json` when parsed from text. */
  format: "native" | "json";
}

/** The forced final answer at the step limit. */
export const FinalAnswerSchema = z.object({ answer: z.union([z.string(), z.number()]) });

/** The name of the tool that ends a run. */
export const FINAL_ANSWER = "final_answer";

/** `final_answer`'s description for the model. */
export const FINAL_ANSWER_SPEC: ToolDefinition = {
  name: FINAL_ANSWER,
  description: "Give the final answer to the question and stop. The answer only, no explanation.",
  parameters: {
    type: "object",
    properties: { answer: { type: "string", description: "The final answer" } },
    required: ["answer"],
  },
};

/**
 * The action in a reply: its native tool calls if it has any, else a JSON action in its text;
 * `undefined` when neither is there (the reason is in `problem`).
 */
export function actionOf(reply: ChatResult): { action?: AgentAction; problem?: string } {
  if (reply.toolCalls?.length) {
    const calls: AgentAction["calls"] = [];
    for (const c of reply.toolCalls) {
      let args: unknown;
      try {
        args = c.arguments.trim() === "" ? {} : JSON.parse(c.arguments);
      } catch {
        return { problem: `the arguments of ${c.name} are not valid JSON` };
      }
      if (typeof args !== "object" || args === null || Array.isArray(args)) {
        return { problem: `the arguments of ${c.name} are not a JSON object` };
      }
      calls.push({ name: c.name, arguments: args as Record<string, unknown> });
    }
    return { action: { think: reply.text, calls, format: "native" } };
  }
  const parsed = parseJsonReply(reply.text, AgentActionSchema);
  if (!parsed.ok) return { problem: `no tool call in the reply (${parsed.error})` };
  return {
    action: { think: parsed.value.think, calls: parsed.value.tools, format: "json" },
  };
}

/** The answer text of a `final_answer` call's arguments. */
export function answerArgument(args: Record<string, unknown>): string {
  const a = args.answer;
  return typeof a === "string" ? a.trim() : a === undefined || a === null ? "" : String(a);
}
