/**
 * Ports: every side effect automem performs enters through one of these interfaces, so tests can
 * inject scripted models, fixed clocks and seeded randomness, and a run can be replayed exactly.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";

/** The model roles automem distinguishes; each may point at its own endpoint and model. */
export type ModelRole = "task" | "search" | "diagnosis" | "judge" | "memory" | "embedding";

/**
 * One chat message in OpenAI's shape (text content only). An assistant message may carry the
 * native tool calls it made; each is answered by a `tool` message naming its call id.
 */
export interface ChatMessage {
  /** Who speaks. */
  role: "system" | "user" | "assistant" | "tool";
  /** The text. */
  content: string;
  /** Assistant only: the native tool calls of this turn. */
  toolCalls?: ToolCall[];
  /** Tool only: the id of the call this message answers. */
  toolCallId?: string;
}

/** Token counts of one call. */
export interface TokenUsage {
  /** Tokens of the request. */
  promptTokens: number;
  /** Tokens of the reply. */
  completionTokens: number;
}

/** A function the model may call natively (OpenAI `tools`); the agent tool specs fit this shape. */
export interface ToolDefinition {
  /** The function's name, as the model calls it. */
  readonly name: string;
  /** What it does, for the model. */
  readonly description: string;
  /** JSON schema of the arguments object. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** One native tool call in a reply. */
export interface ToolCall {
  /** The endpoint's call id (synthesised when it gives none). */
  id: string;
  /** The called function's name. */
  name: string;
  /** The arguments as the model wrote them: JSON text, not yet validated. */
  arguments: string;
}

/**
 * The schema a JSON reply must fit, as the chat port uses it: validation, and the JSON Schema
 * sent to endpoints with structured output. Every zod schema fits; the port names no zod type,
 * so the public API does not depend on zod's internals.
 */
export interface ReplySchema<T = unknown> {
  /** Checks a parsed reply: its typed value, or what is wrong with it. */
  safeParse(data: unknown):
    | { success: true; data: T }
    | {
      success: false;
      error: { message: string; issues: readonly { message: string; path: PropertyKey[] }[] };
    };
  /**
   * The reply's JSON Schema; the adapter asks for the input form (`io: "input"`, with
   * unrepresentable types left open) when the output form fails.
   */
  toJSONSchema(
    params?: { io?: "input" | "output"; unrepresentable?: "throw" | "any" },
  ): Record<string, unknown>;
}

/** What a caller asks of a chat model. */
export interface ChatRequest<T = unknown> {
  /** The conversation so far. */
  messages: ChatMessage[];
  /**
   * Functions offered for native tool calling. Endpoints without tool support reject the request
   * (a `ModelError` with an HTTP 4xx status); callers then fall back to a text action format.
   */
  tools?: readonly ToolDefinition[];
  /** Upper bound on completion tokens. */
  maxTokens?: number;
  /** Sampling temperature (endpoint default when absent). */
  temperature?: number;
  /**
   * When set, the reply must be JSON that this schema accepts; the adapter uses structured output
   * where the endpoint supports it and otherwise extracts JSON from text with one corrective retry.
   */
  schema?: ReplySchema<T>;
  /** Name of the schema for structured-output endpoints (letters, digits, `_`). */
  schemaName?: string;
  /** Free-form label recorded in the usage ledger (e.g. `composer`, `proposer`). */
  purpose?: string;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** What a chat model returns. */
export interface ChatResult<T = unknown> {
  /** The reply's text. */
  text: string;
  /** Parsed and validated JSON, present exactly when the request had a schema. */
  json?: T;
  /** Tokens spent. */
  usage: TokenUsage;
  /** The model id that answered. */
  model: string;
  /** True when the answer came from the response cache. */
  cached: boolean;
  /** Native tool calls, present when the request offered `tools` and the model called some. */
  toolCalls?: ToolCall[];
}

/** A chat-completion model (OpenAI-compatible endpoint, scripted model, cache wrapper...). */
export interface ChatModel {
  /** Model id, recorded in traces and the usage ledger. */
  readonly id: string;
  /** Sends one request. Rejects with a {@linkcode ModelError} after retries are exhausted. */
  chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>>;
}

/** Why a model call finally failed. */
export type ModelErrorCode =
  | "http"
  | "timeout"
  | "network"
  | "aborted"
  | "invalid_json"
  | "schema"
  | "cache_miss"
  | "script_exhausted"
  | "call_budget";

/** What a model error keeps of the failed call (never a key or a request body). */
export interface ModelErrorDetails {
  /** HTTP status when the endpoint answered with one. */
  status?: number;
  /** The provider's request id (`x-request-id`), for a support ticket. */
  requestId?: string;
  /** The original error, already scrubbed of secrets by the adapter. */
  cause?: unknown;
}

/** The one error type model adapters throw; its message never contains a secret. */
export class ModelError extends AutomemError {
  /** Machine-readable reason. */
  declare readonly code: ModelErrorCode;
  /** HTTP status when the endpoint answered with one. */
  readonly status?: number;
  /** The provider's request id, when the endpoint sent one. */
  readonly requestId?: string;
  /** Builds the error; a bare number as `details` is the HTTP status. */
  constructor(code: ModelErrorCode, message: string, details: number | ModelErrorDetails = {}) {
    const d = typeof details === "number" ? { status: details } : details;
    super(code, message, { cause: d.cause });
    this.name = "ModelError";
    this.status = d.status;
    this.requestId = d.requestId;
  }
}

/** Turns texts into unit-length vectors of a fixed dimension. */
export interface Embedder {
  /** Identity of the model (a memory refuses to reopen with another one). */
  readonly id: string;
  /** Length of every vector. */
  readonly dim: number;
  /** Embeds a batch; the result has one L2-normalised vector per input, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Time source. Offline runs use a logical clock so artifacts are byte-for-byte reproducible. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /**
   * Milliseconds from an arbitrary origin that never jump (`performance.now()`), for durations
   * and budgets; a clock without it measures durations with `now()`.
   */
  monotonic?(): number;
}

/** Seeded random source. `fork` derives an independent stream from a label, deterministically. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** An independent generator whose sequence depends only on this seed and `label`. */
  fork(label: string): Rng;
}
