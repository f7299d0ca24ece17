/**
 * A completion-token cap on a chat model (`--token_budget`: the most completion tokens any one
 * call may ask for). Callers keep their own, smaller limits; a call without a limit gets the cap.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import type { ChatModel, ChatRequest, ChatResult } from "./ports.ts";

/** Wraps `model` so no request asks for more than `maxTokens` completion tokens. */
export function tokenCapped(model: ChatModel, maxTokens: number): ChatModel {
  if (!(Number.isInteger(maxTokens) && maxTokens > 0)) {
    throw new AutomemError(
      "invalid_argument",
      `token cap must be a positive integer, got ${maxTokens}`,
    );
  }
  return {
    id: model.id,
    chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
      return model.chat({
        ...request,
        maxTokens: Math.min(request.maxTokens ?? maxTokens, maxTokens),
      });
    },
  };
}
