/**
 * A scripted {@linkcode ChatModel} for tests and offline demos: answers come from rules and a
 * queue, every request is recorded, and schema handling matches the real adapter's contract.
 *
 * @module
 */
import { parseJsonReply } from "./json_extract.ts";
import { type ChatModel, type ChatRequest, type ChatResult, ModelError } from "./ports.ts";
import { estimateTokens } from "./usage.ts";

/**
 * One scripted answer: a string is the reply text, an `Error` is thrown, a function is called
 * with the request (and its result used), and any other value is sent as its JSON text.
 */
export type ScriptReply =
  | string
  | Error
  | object
  | ((request: ChatRequest) => ScriptReply | Promise<ScriptReply>);

/** A scripted reply that makes native tool calls (arguments given as objects). */
export class ScriptedToolCalls {
  /** The calls, in order. */
  readonly calls: { name: string; arguments: Record<string, unknown> }[];
  /** Text that accompanies the calls. */
  readonly text: string;
  /** Builds the reply. */
  constructor(calls: { name: string; arguments: Record<string, unknown> }[], text = "") {
    this.calls = calls;
    this.text = text;
  }
}

/** A rule answers the requests it recognises and returns `undefined` for the rest. */
export type ScriptRule = (request: ChatRequest) => ScriptReply | undefined;

/** Options of {@linkcode ScriptedModel}. */
export interface ScriptedModelOptions {
  /** Model id reported in results (default `scripted`). */
  id?: string;
  /** Replies consumed in order, one per call that no rule answered. */
  replies?: ScriptReply[];
  /** Rules tried in order before the queue. */
  rules?: ScriptRule[];
}

/**
 * Answers from `rules` first (the first one returning a reply wins), then from the `replies`
 * queue; throws `ModelError("script_exhausted")` when neither answers. When the request has a
 * schema the reply text is parsed like the real adapter does, failing with `invalid_json` or
 * `schema`. Usage is estimated with {@linkcode estimateTokens}.
 */
export class ScriptedModel implements ChatModel {
  /** Model id reported in results. */
  readonly id: string;
  /** Every request received, in order (including ones that failed). */
  readonly calls: ChatRequest[] = [];
  readonly #queue: ScriptReply[];
  readonly #rules: ScriptRule[];

  /** Builds a model from a script. */
  constructor(options: ScriptedModelOptions = {}) {
    this.id = options.id ?? "scripted";
    this.#queue = [...(options.replies ?? [])];
    this.#rules = [...(options.rules ?? [])];
  }

  /** Appends replies to the queue. */
  push(...replies: ScriptReply[]): this {
    this.#queue.push(...replies);
    return this;
  }

  /** Adds a rule after the existing ones. */
  addRule(rule: ScriptRule): this {
    this.#rules.push(rule);
    return this;
  }

  /** Number of queued replies not yet consumed. */
  get remaining(): number {
    return this.#queue.length;
  }

  /** Answers one request from the script. */
  async chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const req = request as ChatRequest;
    this.calls.push(req);
    if (request.signal?.aborted) throw new ModelError("aborted", "the request was aborted");
    let reply: ScriptReply | undefined;
    for (const rule of this.#rules) {
      reply = rule(req);
      if (reply !== undefined) break;
    }
    reply ??= this.#queue.shift();
    if (reply === undefined) {
      throw new ModelError(
        "script_exhausted",
        `scripted model ${this.id} has no reply for call #${this.calls.length}` +
          (request.purpose ? ` (purpose ${request.purpose})` : ""),
      );
    }
    const resolved = await resolveReply(reply, req);
    const text = typeof resolved === "string" ? resolved : resolved.text;
    const usage = {
      promptTokens: request.messages.reduce((n, m) => n + estimateTokens(m.content), 0),
      completionTokens: estimateTokens(text),
    };
    const result: ChatResult<T> = { text, usage, model: this.id, cached: false };
    if (resolved instanceof ScriptedToolCalls) {
      result.toolCalls = resolved.calls.map((c, i) => ({
        id: `call_${this.calls.length}_${i}`,
        name: c.name,
        arguments: JSON.stringify(c.arguments),
      }));
    }
    if (request.schema) {
      const parsed = parseJsonReply(text, request.schema);
      if (!parsed.ok) {
        throw new ModelError(
          parsed.code,
          `scripted reply does not fit the schema: ${parsed.error}`,
        );
      }
      result.json = parsed.value;
    }
    return result;
  }
}

async function resolveReply(
  reply: ScriptReply,
  request: ChatRequest,
): Promise<string | ScriptedToolCalls> {
  let current = reply;
  // A function may return another function; resolve until a concrete reply appears.
  while (typeof current === "function") current = await current(request);
  if (current instanceof Error) throw current;
  if (typeof current === "string" || current instanceof ScriptedToolCalls) return current;
  return JSON.stringify(current);
}
