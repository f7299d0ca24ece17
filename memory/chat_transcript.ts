/**
 * {@linkcode fromChatTranscript}: the way in from an ordinary agent. An OpenAI-style chat
 * transcript (system, user, assistant messages with `tool_calls`, `tool` replies) becomes the
 * {@linkcode Trajectory} every encoder reads: the first user message is the task query, each tool
 * call an `action` step whose observation is the matching tool reply, assistant text a `plan`
 * step, and the last assistant text the final answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fromChatTranscript } from "./chat_transcript.ts";
 * const trajectory = fromChatTranscript([
 *   { role: "user", content: "What is 6 times 7?" },
 *   { role: "assistant", content: null, tool_calls: [
 *     { id: "c1", type: "function", function: { name: "calc", arguments: '{"expr":"6*7"}' } },
 *   ] },
 *   { role: "tool", tool_call_id: "c1", content: "42" },
 *   { role: "assistant", content: "42" },
 * ], { taskId: "math-1" });
 * assert.equal(trajectory.steps[0].observation, "42");
 * assert.equal(trajectory.final_answer, "42");
 * ```
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { AutomemError } from "../core/automem_error.ts";
import { fromZodIssues, type Issue } from "../core/issues.ts";
import type { Trajectory, TrajectoryStep } from "../core/trajectory.ts";

const TextPartSchema = z.object({ type: z.literal("text"), text: z.string() }).passthrough();
const ContentSchema = z.union([z.string(), z.array(TextPartSchema), z.null()]).optional();

/** One tool call of an assistant message (OpenAI chat format). */
export const ChatToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal("function").default("function"),
  function: z.object({ name: z.string().min(1), arguments: z.string().default("{}") }),
});

/** One chat message (OpenAI chat format; unknown extra fields are ignored). */
export const ChatMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.enum(["system", "developer"]), content: ContentSchema }),
  z.object({ role: z.literal("user"), content: ContentSchema, name: z.string().optional() }),
  z.object({
    role: z.literal("assistant"),
    content: ContentSchema,
    tool_calls: z.array(ChatToolCallSchema).optional(),
  }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string().min(1), content: ContentSchema }),
]);

/** One text part of a message's content (other fields are kept and ignored). */
export interface ChatTextPart {
  /** Always `text`. */
  type: "text";
  /** The text. */
  text: string;
  /** Anything else the caller's format carries. */
  [key: string]: unknown;
}

/** A message's content: text, text parts, or nothing (an assistant turn of tool calls only). */
export type ChatContent = string | ChatTextPart[] | null | undefined;

/** One tool call of an assistant message, as the caller writes it. */
export interface ChatToolCall {
  /** The call id a `tool` message answers. */
  id: string;
  /** Always `function` (the default). */
  type?: "function";
  /** The called function: its name and its JSON arguments (default `{}`). */
  function: { name: string; arguments?: string };
}

/**
 * A chat message as {@linkcode fromChatTranscript} reads it (OpenAI chat format;
 * {@linkcode ChatMessageSchema} checks it, and `memory/chat_transcript_test.ts` keeps this type
 * equal to the schema's input type).
 */
export type ChatMessage =
  | { role: "system" | "developer"; content?: ChatContent }
  | { role: "user"; content?: ChatContent; name?: string }
  | { role: "assistant"; content?: ChatContent; tool_calls?: ChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content?: ChatContent };

/** Options of {@linkcode fromChatTranscript}. */
export interface ChatTranscriptOptions {
  /** The trajectory's task id (default `chat`); use the id you pass to `beginTask`/`endTask`. */
  taskId?: string;
  /** The task query; default: the first user message. */
  query?: string;
}

/** A transcript that cannot be read; `issues` name the message index and field at fault. */
export class TranscriptError extends AutomemError {
  /** Every problem found, `path[0]` being the message index. */
  readonly issues: readonly Issue[];
  /** Builds the error from its issues. */
  constructor(issues: readonly Issue[]) {
    const shown = issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    super("invalid_transcript", `invalid chat transcript: ${shown}`);
    this.name = "TranscriptError";
    this.issues = issues;
  }
}

function textOf(content: z.infer<typeof ContentSchema>): string {
  if (content === undefined || content === null) return "";
  return typeof content === "string" ? content : content.map((p) => p.text).join("\n");
}

function parseArgs(raw: string): Record<string, unknown> {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? value : { input: value };
  } catch {
    // Models sometimes send arguments that are not JSON; keep them verbatim rather than drop them.
    return { raw };
  }
}

/**
 * Turns OpenAI-style chat messages into a trajectory to pass to `endTask` or `ingest`. Throws a
 * {@linkcode TranscriptError} naming the message and field when the input is not a transcript.
 */
export function fromChatTranscript(
  messages: readonly unknown[],
  options: ChatTranscriptOptions = {},
): Trajectory {
  const parsed = z.array(ChatMessageSchema).safeParse(messages);
  if (!parsed.success) throw new TranscriptError(fromZodIssues(parsed.error.issues));
  const steps: TrajectoryStep[] = [];
  const byCallId = new Map<string, TrajectoryStep>();
  let query = options.query;
  let finalAnswer: string | undefined;
  const ref = () => `step:${steps.length}`;
  for (const [i, m] of parsed.data.entries()) {
    const text = textOf(m.content).trim();
    if (m.role === "user") {
      if (query === undefined) query = text;
      else if (text !== "") steps.push({ ref: ref(), kind: "turn", speaker: "user", text });
    } else if (m.role === "assistant") {
      if (text !== "") {
        steps.push({ ref: ref(), kind: "plan", text });
        finalAnswer = text;
      }
      for (const call of m.tool_calls ?? []) {
        const step: TrajectoryStep = {
          ref: ref(),
          kind: "action",
          tool: call.function.name,
          args: parseArgs(call.function.arguments),
        };
        steps.push(step);
        byCallId.set(call.id, step);
      }
    } else if (m.role === "tool") {
      const step = byCallId.get(m.tool_call_id);
      if (step === undefined) {
        throw new TranscriptError([{
          code: "unknown_tool_call",
          path: [i, "tool_call_id"],
          message: `no earlier assistant tool call has id '${m.tool_call_id}'`,
        }]);
      }
      step.observation = step.observation === undefined ? text : `${step.observation}\n${text}`;
      if (/^(error|exception|traceback)\b/i.test(text)) step.error = true;
    }
  }
  const trajectory: Trajectory = { task_id: options.taskId ?? "chat", query: query ?? "", steps };
  if (finalAnswer !== undefined) trajectory.final_answer = finalAnswer;
  return trajectory;
}
