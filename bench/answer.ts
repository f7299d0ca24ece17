/**
 * Answering a question from memory with a task model (prompt `prompts/locomo_answer.md`, reply
 * `{answer}` validated by {@linkcode AnswerSchema}); shared by LoCoMo and task files with answers.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { ChatModel } from "../core/ports.ts";
import type { TaskResult } from "./benchmark_port.ts";
import { renderPrompt } from "../retrieval/render_prompt.ts";
import template from "../prompts/locomo_answer.md" with { type: "text" };

/** The answering model's reply. */
export const AnswerSchema = z.object({ answer: z.string() });

/** Text standing in for memory when the provider injected none. */
export const NO_MEMORY_TEXT = "(no memory)";

/** The rendered answer prompt. */
export function answerPrompt(memory: string | undefined, question: string): string {
  return renderPrompt(template, { memory: memory?.trim() ? memory : NO_MEMORY_TEXT, question });
}

/** A model's answer with its token usage. */
export interface ModelAnswer {
  answer: string;
  promptTokens: number;
  completionTokens: number;
}

/** Asks `model` to answer `question` from `memory`; model errors propagate. */
export async function answerFromMemory(
  model: ChatModel,
  memory: string | undefined,
  question: string,
  purpose: string,
  signal?: AbortSignal,
): Promise<ModelAnswer> {
  const reply = await model.chat({
    messages: [{ role: "user", content: answerPrompt(memory, question) }],
    schema: AnswerSchema,
    schemaName: "answer",
    purpose,
    temperature: 0,
    maxTokens: 200,
    signal,
  });
  return {
    answer: reply.json!.answer,
    promptTokens: reply.usage.promptTokens,
    completionTokens: reply.usage.completionTokens,
  };
}

/**
 * Answers like {@linkcode answerFromMemory} and records the answer, its tokens (role `task`) and
 * the one step it took on `result`. Returns the answer; model errors propagate.
 */
export async function answerInto(
  result: TaskResult,
  model: ChatModel,
  memory: string | undefined,
  question: string,
  purpose: string,
  signal?: AbortSignal,
): Promise<string> {
  const reply = await answerFromMemory(model, memory, question, purpose, signal);
  result.steps = 1;
  result.answer = reply.answer;
  result.tokens.task = { prompt: reply.promptTokens, completion: reply.completionTokens };
  return reply.answer;
}
