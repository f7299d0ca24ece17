/**
 * One action step of the research agent: ask the model for tool calls (native, or the JSON action
 * format), run them in order, and log one trajectory step per call with its bounded observation.
 *
 * @module
 */
import type { ChatMessage, ChatModel, ChatResult, ToolDefinition } from "../../core/ports.ts";
import { ModelError } from "../../core/ports.ts";
import { errorMessage } from "../errors.ts";
import { actionOf, answerArgument, FINAL_ANSWER } from "./actions.ts";
import type { AgentLimits, ResearchAgentInput, ResearchRun } from "./agent_types.ts";

/** What a step shares with the loop. */
export interface StepState {
  run: ResearchRun;
  specs: readonly ToolDefinition[];
  call: (messages: ChatMessage[], extra: Partial<Parameters<ChatModel["chat"]>[0]>) => Promise<
    ChatResult
  >;
  system: () => ChatMessage;
}

function rejectsTools(e: unknown): boolean {
  return e instanceof ModelError && e.code === "http" &&
    [400, 404, 405, 422, 501].includes(e.status ?? 0);
}

function bounded(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}\n[… ${text.length - max} more characters cut]`;
}

/** Runs one step; returns the messages to append and the answer when `final_answer` was called. */
export async function runStep(
  state: StepState,
  input: ResearchAgentInput,
  limits: AgentLimits,
  step: number,
  messages: ChatMessage[],
): Promise<{ messages: ChatMessage[]; answer?: string }> {
  const { run } = state;
  const ask = () =>
    state.call(messages, {
      purpose: "agent_step",
      ...(run.format === "native" ? { tools: state.specs } : {}),
    });
  let reply: ChatResult;
  try {
    reply = await ask();
  } catch (e) {
    if (!(limits.toolMode === "auto" && run.format === "native" && rejectsTools(e))) throw e;
    run.format = "json";
    messages[0] = state.system();
    reply = await ask();
  }
  const { action, problem } = actionOf(reply);
  if (!action) {
    run.steps.push({
      ref: `step:${run.steps.length}`,
      kind: "action",
      thought: reply.text,
      observation: problem,
      error: true,
      meta: { step },
    });
    return {
      messages: [
        { role: "assistant", content: reply.text },
        { role: "user", content: `${problem}. Call a tool, or final_answer when you know.` },
      ],
    };
  }
  const observations: string[] = [];
  const answers: ChatMessage[] = [];
  for (const [i, c] of action.calls.entries()) {
    const thought = i === 0 ? action.think : undefined;
    const base = { ref: `step:${run.steps.length}`, kind: "action" as const, tool: c.name };
    if (c.name === FINAL_ANSWER) {
      const answer = answerArgument(c.arguments);
      run.steps.push({ ...base, thought, args: { answer }, meta: { step } });
      return { messages: [], answer };
    }
    const tool = input.tools.find((t) => t.spec.name === c.name);
    let ok = false;
    let content: string;
    if (!tool) {
      content = `unknown tool '${c.name}'; available: ${state.specs.map((s) => s.name).join(", ")}`;
    } else {
      try {
        const r = await tool.call(c.arguments, input.toolContext);
        ok = r.ok;
        content = r.ok ? r.content : `error${r.error ? ` (${r.error})` : ""}: ${r.content}`;
      } catch (e) {
        content = `error: ${errorMessage(e)}`;
      }
    }
    const observation = bounded(content, limits.observationChars);
    run.steps.push({
      ...base,
      thought,
      args: c.arguments,
      observation,
      error: !ok,
      meta: { step, format: action.format },
    });
    observations.push(`Observation from ${c.name}:\n${observation}`);
    const id = reply.toolCalls?.[i]?.id;
    if (id !== undefined) answers.push({ role: "tool", toolCallId: id, content: observation });
  }
  // Native calls go back as the endpoint's own tool messages, one per call id.
  if (action.format === "native" && reply.toolCalls?.length === answers.length) {
    return {
      messages: [
        { role: "assistant", content: reply.text, toolCalls: reply.toolCalls },
        ...answers,
      ],
    };
  }
  return {
    messages: [
      {
        role: "assistant",
        content: JSON.stringify({ think: action.think, tools: action.calls }),
      },
      { role: "user", content: observations.join("\n\n") },
    ],
  };
}
