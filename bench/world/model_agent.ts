/**
 * The model agent of `world`: a chat model plays the same tasks through function calls. The
 * system prompt (`prompts/world_agent.md`) lists the tools as OpenAI tool schemas; each turn the
 * model answers one JSON call `{tool, args}` validated by {@linkcode WorldActionSchema}; the
 * observation comes back as the next user message. Guidance from `beginTask` follows the request;
 * after the first failed call the agent asks once for `refresh` and appends what it gets.
 * `give_up` ends the episode early. A model failure ends it too and is reported in `error`.
 *
 * Token counts are the model's own usage; memory tokens are the guidance tokens present in the
 * prompt of each call.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { ChatMessage, ChatModel } from "../../core/ports.ts";
import type { TaskContext } from "../../core/trajectory.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { errorMessage } from "../errors.ts";
import { type AgentRun, playCall, progressText, startAgentRun } from "./agent_run.ts";
import type { WorldTask } from "./generator.ts";
import { worldSystemPrompt } from "./prompt.ts";

/** One model turn: the tool to call and its arguments. */
export const WorldActionSchema = z.object({
  tool: z.string().min(1),
  args: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
});

/** A validated model action. */
export type WorldAction = z.infer<typeof WorldActionSchema>;

/** The pseudo-tool that ends an episode early. */
export const GIVE_UP = "give_up";

function normalise(args: WorldAction["args"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) out[k] = typeof v === "number" ? String(v) : v;
  return out;
}

/** Plays one task with `model`. */
export async function runModelAgent(
  task: WorldTask,
  ctx: TaskContext,
  provider: MemoryProvider,
  model: ChatModel,
  signal?: AbortSignal,
): Promise<AgentRun> {
  const run = startAgentRun(task, "model");
  const { episode } = run;
  let memoryInContext = 0;
  let request = `Request: ${task.text}`;
  try {
    const g = await provider.beginTask(ctx);
    if (g) {
      run.guidance.push(g);
      memoryInContext += g.tokens;
      request += `\n\nMemory guidance from past tasks (optional reference):\n${g.text}`;
    }
  } catch (e) {
    run.error = `beginTask failed: ${errorMessage(e)}`;
  }
  const messages: ChatMessage[] = [
    { role: "system", content: worldSystemPrompt(task.budget) },
    { role: "user", content: request },
  ];
  while (!episode.done && episode.calls < task.budget) {
    let action: WorldAction;
    try {
      const reply = await model.chat({
        messages: [...messages],
        schema: WorldActionSchema,
        schemaName: "world_action",
        purpose: "world_agent",
        temperature: 0,
        maxTokens: 200,
        signal,
      });
      run.promptTokens += reply.usage.promptTokens;
      run.completionTokens += reply.usage.completionTokens;
      run.memoryTokens += memoryInContext;
      action = reply.json!;
    } catch (e) {
      run.error = `model failed: ${errorMessage(e)}`;
      break;
    }
    if (action.tool === GIVE_UP) break;
    const call = { tool: action.tool, args: normalise(action.args) };
    const result = playCall(run, call);
    messages.push({ role: "assistant", content: JSON.stringify(call) });
    let next = `Observation: ${result.observation}`;
    if (!result.ok && !run.refreshed) {
      run.refreshed = true;
      try {
        const g = await provider.refresh(ctx, progressText(run.steps));
        if (g) {
          run.guidance.push(g);
          memoryInContext += g.tokens;
          next += `\n\nMemory refresh (optional reference):\n${g.text}`;
        }
      } catch (e) {
        run.error = `refresh failed: ${errorMessage(e)}`;
      }
    }
    messages.push({ role: "user", content: next });
  }
  return run;
}
