/**
 * The offline stand-in for both model roles: a chat model that answers LOG prompts with the
 * scripted memory policy and PLAN prompts with the scripted game policy. Seeded, so an episode
 * played twice is identical.
 *
 * @module
 */
import type { ChatModel, ChatRequest, ChatResult, Rng } from "../../core/ports.ts";
import { gameReply } from "./game_policy.ts";
import { memoryReply } from "./memory_policy.ts";

/** The scripted scaffold model. */
export class ScriptedScaffoldModel implements ChatModel {
  /** Model id in traces. */
  readonly id = "scripted-scaffold";
  readonly #rng: Rng;
  /** Builds the model with its tie-breaking random source. */
  constructor(rng: Rng) {
    this.#rng = rng;
  }
  /** Answers one request. */
  chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const first = request.messages[0]?.content ?? "";
    const text = first.startsWith("You are the MEMORY")
      ? memoryReply(request.messages)
      : gameReply(request.messages, this.#rng);
    const prompt = request.messages.reduce((n, m) => n + m.content.length, 0);
    return Promise.resolve({
      text,
      usage: { promptTokens: Math.ceil(prompt / 4), completionTokens: Math.ceil(text.length / 4) },
      model: this.id,
      cached: false,
    });
  }
}
