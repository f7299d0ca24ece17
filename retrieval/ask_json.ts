/**
 * One model call whose reply must be JSON of a given schema, with failure as a value: the three
 * model-backed stages of retrieval (planner, HyDE, rerank) all degrade instead of failing the
 * retrieval, so they need the reason, not an exception. An abort is the one failure rethrown,
 * because the caller asked to stop.
 *
 * @module
 */
import { parseJsonReply } from "../core/json_extract.ts";
import type { ChatModel, ChatRequest, ReplySchema, TokenUsage } from "../core/ports.ts";

/** Outcome of {@linkcode askJson}. */
export type AskJsonResult<T> =
  | { ok: true; value: T; usage: TokenUsage }
  | { ok: false; reason: string; usage: TokenUsage };

const NO_USAGE: TokenUsage = Object.freeze({ promptTokens: 0, completionTokens: 0 });

/**
 * Sends `request` and validates the reply with `request.schema`. The adapter's parsed `json` is
 * re-validated (a test double may return anything); without it, JSON is extracted from the text.
 */
export async function askJson<T>(
  model: ChatModel,
  request: ChatRequest<T> & { schema: ReplySchema<T> },
): Promise<AskJsonResult<T>> {
  let text: string;
  let json: unknown;
  let usage: TokenUsage;
  try {
    const res = await model.chat(request);
    text = res.text;
    json = res.json;
    usage = res.usage ?? NO_USAGE;
  } catch (error) {
    if (request.signal?.aborted) throw error;
    return { ok: false, reason: `model call failed: ${(error as Error).message}`, usage: NO_USAGE };
  }
  if (json !== undefined) {
    const checked = request.schema.safeParse(json);
    if (checked.success) return { ok: true, value: checked.data, usage };
    return {
      ok: false,
      reason: `reply does not match the schema: ${checked.error.message}`,
      usage,
    };
  }
  const parsed = parseJsonReply(text, request.schema);
  if (parsed.ok) return { ok: true, value: parsed.value, usage };
  return { ok: false, reason: `reply is unusable (${parsed.code}): ${parsed.error}`, usage };
}
