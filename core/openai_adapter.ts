/**
 * The one file that imports the `openai` SDK: a {@linkcode ChatModel} and an
 * {@linkcode Embedder} for any OpenAI-compatible endpoint, with our own retry loop, per-call
 * timeouts, structured output with a text-mode fallback, and secret-free error messages.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import type { OpenAI } from "npm:openai@7.55.0";
import {
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type ChatResult,
  type Embedder,
  ModelError,
} from "./ports.ts";
import {
  type AttemptFailure,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  type Sleep,
  withRetries,
} from "./retry.ts";
import {
  completeJson,
  is400About,
  type JsonSchemaResponseFormat,
  type RawReply,
  type StructuredOutputMode,
  type StructuredState,
} from "./structured_output.ts";
import { alternating, toolExchangesAsText } from "./chat_messages.ts";
import { redactUrl, redactUrlsIn } from "./redact_url.ts";
import { rememberSecret, rememberUrlSecrets } from "./secret_values.ts";
import { estimateTokens } from "./usage.ts";
import { decodeFloat32Base64, l2Normalize } from "./vectors.ts";

/** Connection settings shared by the chat model and the embedder. */
export interface OpenAIConnection {
  /** Endpoint root, e.g. `https://api.openai.com/v1`. */
  baseURL: string;
  /** Bearer key; never appears in error messages. */
  apiKey: string;
  /** Model id sent with every request. */
  model: string;
  /** Per-attempt timeout (default 120 000 ms). */
  timeoutMs?: number;
  /** Retries after the first attempt on 408/429/5xx, network errors and timeouts (default 4). */
  maxRetries?: number;
  /** Replaces the global `fetch` (tests, proxies). */
  fetch?: typeof fetch;
  /** Replaces the real sleep between retries (tests). */
  sleep?: Sleep;
  /** Jitter source for retry delays (default `Math.random`). */
  random?: () => number;
}

export type { StructuredOutputMode };

/** Options of {@linkcode createOpenAIChatModel}. */
export interface OpenAIChatOptions extends OpenAIConnection {
  /** Default `auto`; `json_schema` never falls back; `off` always uses text mode. */
  structuredOutput?: StructuredOutputMode;
}

/** Options of {@linkcode createOpenAIEmbedder}. */
export interface OpenAIEmbedderOptions extends OpenAIConnection {
  /** Vector length the model returns (default 1536); any other length is an error. */
  dim?: number;
  /** Texts per request (default 64). */
  batchSize?: number;
}

/** What a {@linkcode ModelError}'s `cause` keeps of an SDK error. */
export interface ScrubbedSdkError {
  readonly name: string;
  /** The SDK's message with the API key replaced by `***`. */
  readonly message: string;
  readonly status?: number;
  readonly requestId?: string;
}

class AttemptTimeout extends AutomemError {
  constructor() {
    super("timeout", "attempt timed out");
  }
}

type Sdk = typeof import("npm:openai@7.55.0");
let sdkLoading: Promise<Sdk> | undefined;

/** The SDK, loaded on the first request, so importing automem's root module never loads it. */
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= import("npm:openai@7.55.0");
  return sdkLoading;
}

/** Sends SDK calls with per-attempt timeouts and the retry loop; scrubs the key from errors. */
class Transport {
  #sdk: Sdk | undefined;
  #client: OpenAI | undefined;
  readonly #opts: OpenAIConnection;
  readonly #timeoutMs: number;
  readonly #policy: RetryPolicy;

  constructor(opts: OpenAIConnection) {
    this.#opts = opts;
    // A server may echo the key, the query or the Basic-auth header back in an error body.
    if (opts.apiKey) rememberSecret(opts.apiKey);
    rememberUrlSecrets(opts.baseURL);
    this.#timeoutMs = opts.timeoutMs ?? 120_000;
    this.#policy = {
      ...DEFAULT_RETRY_POLICY,
      maxRetries: opts.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      sleep: opts.sleep ?? DEFAULT_RETRY_POLICY.sleep,
      random: opts.random ?? DEFAULT_RETRY_POLICY.random,
    };
  }

  /** The SDK client, made on the first request. */
  async client(): Promise<OpenAI> {
    this.#sdk ??= await loadSdk();
    // Every setting the SDK would otherwise read from the environment is pinned: config.ts is the
    // only place that reads the environment, and an org id must not leak to a foreign endpoint.
    this.#client ??= new this.#sdk.OpenAI({
      apiKey: this.#opts.apiKey,
      baseURL: this.#opts.baseURL,
      organization: null,
      project: null,
      adminAPIKey: null,
      webhookSecret: null,
      maxRetries: 0,
      timeout: this.#timeoutMs + 1000,
      logLevel: "off",
      fetch: this.#opts.fetch,
    });
    return this.#client;
  }

  /** Replaces every occurrence of the API key in `text`. */
  scrub(text: string): string {
    return redactUrlsIn(this.#opts.apiKey ? text.split(this.#opts.apiKey).join("***") : text);
  }

  /** Runs `fn` with a per-attempt timeout signal, retrying per the policy. */
  call<R>(
    what: string,
    fn: (signal: AbortSignal) => Promise<R>,
    signal?: AbortSignal,
  ): Promise<R> {
    const attempt = async (): Promise<R> => {
      if (signal?.aborted) throw new ModelError("aborted", `${what} was aborted`);
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.#timeoutMs);
      const forward = () => controller.abort();
      signal?.addEventListener("abort", forward, { once: true });
      try {
        return await fn(controller.signal);
      } catch (error) {
        throw timedOut ? new AttemptTimeout() : error;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", forward);
      }
    };
    return withRetries(attempt, (e) => this.#classify(what, e, signal), this.#policy, signal);
  }

  /**
   * A copy of the SDK's error that is safe to keep as a `cause`: name, scrubbed message, status
   * and request id only (the original holds headers and the request, which may carry the key).
   */
  #scrubbed(error: unknown): ScrubbedSdkError {
    const e = error instanceof Error ? error : undefined;
    const api = this.#sdk && error instanceof this.#sdk.APIError ? error : undefined;
    return Object.freeze({
      name: e?.name ?? "Error",
      message: this.scrub(e?.message ?? String(error)),
      ...(typeof api?.status === "number" ? { status: api.status } : {}),
      ...(typeof api?.requestID === "string" ? { requestId: api.requestID } : {}),
    });
  }

  #classify(what: string, error: unknown, signal?: AbortSignal): AttemptFailure {
    const where = `${what} at ${redactUrl(this.#opts.baseURL)}`;
    if (error instanceof ModelError) return { error, retryable: false };
    if (signal?.aborted) {
      return { error: new ModelError("aborted", `${where} was aborted`), retryable: false };
    }
    const sdk = this.#sdk;
    if (
      error instanceof AttemptTimeout ||
      sdk !== undefined && error instanceof sdk.APIConnectionTimeoutError
    ) {
      const message = `${where}: no reply within ${this.#timeoutMs} ms`;
      return { error: new ModelError("timeout", message), retryable: true };
    }
    if (sdk !== undefined && error instanceof sdk.APIError && typeof error.status === "number") {
      const status = error.status;
      const message = this.scrub(`${where} failed: ${error.message}`);
      const requestId = typeof error.requestID === "string" ? error.requestID : undefined;
      return {
        error: new ModelError("http", message, { status, requestId, cause: this.#scrubbed(error) }),
        retryable: status === 408 || status === 429 || status >= 500,
        retryAfterMs: parseRetryAfter(error.headers, Date.now()),
      };
    }
    const detail = error instanceof Error ? error.message : String(error);
    return {
      error: new ModelError("network", this.scrub(`${where} failed: ${detail}`), {
        cause: this.#scrubbed(error),
      }),
      retryable: sdk !== undefined && error instanceof sdk.APIConnectionError,
    };
  }
}

/** Removes `<think>…</think>` blocks that reasoning models put before their answer. */
export function stripThinking(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/gi, "").trim();
}

class OpenAIChatModel implements ChatModel {
  readonly id: string;
  readonly #transport: Transport;
  readonly #structured: StructuredState;
  // Learned per endpoint: once rejected, a parameter is not sent again.
  #useMaxCompletionTokens = false;
  #dropTemperature = false;

  constructor(opts: OpenAIChatOptions) {
    this.id = opts.model;
    this.#transport = new Transport(opts);
    this.#structured = {
      mode: opts.structuredOutput ?? "auto",
      structuredRejected: false,
      strictRejected: false,
    };
  }

  async chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    if (request.schema) {
      return await completeJson(
        request,
        request.schema,
        (messages, format) => this.#complete(messages, request, format),
        this.#structured,
        `model ${this.id}`,
      );
    }
    const reply = await this.#complete(request.messages, request, undefined);
    return { ...reply, cached: false };
  }

  async #complete(
    messages: ChatMessage[],
    request: ChatRequest<unknown>,
    format: JsonSchemaResponseFormat | undefined,
  ): Promise<RawReply> {
    for (;;) {
      const offersTools = !format && (request.tools?.length ?? 0) > 0;
      const body: Record<string, unknown> = {
        model: this.id,
        messages: wire(messages, offersTools),
      };
      if (request.maxTokens !== undefined) {
        body[this.#useMaxCompletionTokens ? "max_completion_tokens" : "max_tokens"] =
          request.maxTokens;
      }
      if (request.temperature !== undefined && !this.#dropTemperature) {
        body.temperature = request.temperature;
      }
      if (format) body.response_format = format;
      else if (request.tools?.length) {
        body.tools = request.tools.map((t) => ({
          type: "function",
          function: { name: t.name, description: t.description, parameters: t.parameters },
        }));
      }
      try {
        const completion = await this.#transport.call(
          `chat completion (${this.id})`,
          (signal) =>
            this.#transport.client().then((client) =>
              client.chat.completions.create(
                body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
                { signal },
              )
            ),
          request.signal,
        );
        return this.#toReply(completion, messages);
      } catch (error) {
        // Reasoning models reject `max_tokens` and non-default temperatures; adapt once each.
        if (
          request.maxTokens !== undefined && !this.#useMaxCompletionTokens &&
          is400About(error, /max_completion_tokens/)
        ) {
          this.#useMaxCompletionTokens = true;
        } else if (
          request.temperature !== undefined && !this.#dropTemperature &&
          is400About(error, /temperature/i) &&
          is400About(error, /unsupported|not support|only the default/i)
        ) {
          this.#dropTemperature = true;
        } else {
          throw error;
        }
      }
    }
  }

  #toReply(completion: OpenAI.ChatCompletion, messages: ChatMessage[]): RawReply {
    const message = completion.choices?.[0]?.message;
    const text = stripThinking(message?.content ?? "");
    const usage = completion.usage;
    const calls = (message?.tool_calls ?? []).flatMap((c, i) =>
      c.type === "function"
        ? [{ id: c.id || `call_${i}`, name: c.function.name, arguments: c.function.arguments }]
        : []
    );
    return {
      ...(calls.length ? { toolCalls: calls } : {}),
      text,
      usage: {
        promptTokens: usage?.prompt_tokens ??
          messages.reduce((n, m) => n + estimateTokens(m.content), 0),
        completionTokens: usage?.completion_tokens ?? estimateTokens(text),
      },
      model: completion.model || this.id,
    };
  }
}

/** The request's messages as the endpoint receives them (see `chat_messages.ts`). */
function wire(messages: readonly ChatMessage[], offersTools: boolean): unknown[] {
  const normal = alternating(offersTools ? messages : toolExchangesAsText(messages));
  return normal.map((m) => {
    if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
    if (m.role === "assistant" && m.toolCalls?.length) {
      return {
        role: "assistant",
        content: m.content === "" ? null : m.content,
        tool_calls: m.toolCalls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.arguments },
        })),
      };
    }
    return { role: m.role, content: m.content };
  });
}

/** A {@linkcode ChatModel} for an OpenAI-compatible chat-completions endpoint. */
export function createOpenAIChatModel(options: OpenAIChatOptions): ChatModel {
  return new OpenAIChatModel(options);
}

function toVector(raw: unknown, dim: number, model: string): Float32Array {
  const values = typeof raw === "string" ? decodeFloat32Base64(raw) : raw;
  if (!Array.isArray(values) && !(values instanceof Float32Array)) {
    throw new ModelError("schema", `embedding model ${model} returned no vector`);
  }
  if (values.length !== dim) {
    throw new ModelError(
      "schema",
      `embedding model ${model} returned ${values.length}-d vectors, expected ${dim} (set dim)`,
    );
  }
  return l2Normalize(values);
}

/**
 * An {@linkcode Embedder} for an OpenAI-compatible embeddings endpoint: batched, retried, and
 * L2-normalised; accepts both base64 and float replies.
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const transport = new Transport(options);
  const dim = options.dim ?? 1536;
  const batchSize = options.batchSize ?? 64;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new AutomemError("invalid_argument", "batchSize must be >= 1");
  }
  return {
    id: options.model,
    dim,
    async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        // Endpoints reject empty strings, and an empty text carries no meaning to embed anyway.
        const batch = texts.slice(start, start + batchSize).map((t) => t === "" ? " " : t);
        const response = await transport.call(
          `embeddings (${options.model})`,
          (s) =>
            transport.client().then((client) =>
              client.embeddings.create({ model: options.model, input: batch }, { signal: s })
            ),
          signal,
        );
        const data = [...(response.data ?? [])].sort((a, b) => a.index - b.index);
        if (data.length !== batch.length) {
          throw new ModelError(
            "schema",
            `embedding model ${options.model} returned ${data.length} vectors for ${batch.length} texts`,
          );
        }
        for (const item of data) out.push(toVector(item.embedding as unknown, dim, options.model));
      }
      return out;
    },
  };
}
