/**
 * Ports: every side effect automem performs enters through one of these interfaces, so tests can
 * inject scripted models, fixed clocks and seeded randomness, and a run can be replayed exactly.
 *
 * @module
 */
import type { z } from "zod";

/** The model roles automem distinguishes; each may point at its own endpoint and model. */
export type ModelRole = "task" | "search" | "diagnosis" | "judge" | "memory" | "embedding";

/** One chat message in OpenAI's shape (text content only). */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Token counts of one call. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** What a caller asks of a chat model. */
export interface ChatRequest<T = unknown> {
  messages: ChatMessage[];
  /** Upper bound on completion tokens. */
  maxTokens?: number;
  temperature?: number;
  /**
   * When set, the reply must be JSON that this schema accepts; the adapter uses structured output
   * where the endpoint supports it and otherwise extracts JSON from text with one corrective retry.
   */
  schema?: z.ZodType<T>;
  /** Name of the schema for structured-output endpoints (letters, digits, `_`). */
  schemaName?: string;
  /** Free-form label recorded in the usage ledger (e.g. `composer`, `proposer`). */
  purpose?: string;
  signal?: AbortSignal;
}

/** What a chat model returns. */
export interface ChatResult<T = unknown> {
  text: string;
  /** Parsed and validated JSON, present exactly when the request had a schema. */
  json?: T;
  usage: TokenUsage;
  /** The model id that answered. */
  model: string;
  /** True when the answer came from the response cache. */
  cached: boolean;
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

/** The one error type model adapters throw; its message never contains a secret. */
export class ModelError extends Error {
  /** Machine-readable reason. */
  readonly code: ModelErrorCode;
  /** HTTP status when the endpoint answered with one. */
  readonly status?: number;
  /** Builds the error. */
  constructor(code: ModelErrorCode, message: string, status?: number) {
    super(message);
    this.name = "ModelError";
    this.code = code;
    this.status = status;
  }
}

/** Turns texts into unit-length vectors of a fixed dimension. */
export interface Embedder {
  readonly id: string;
  readonly dim: number;
  /** Embeds a batch; the result has one L2-normalised vector per input, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Time source. Offline runs use a logical clock so artifacts are byte-for-byte reproducible. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
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
