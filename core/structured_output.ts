/**
 * Helpers for asking models for JSON: the JSON Schema of a zod schema, OpenAI's `response_format`
 * for it, and the prompt additions used when an endpoint has no structured output.
 *
 * @module
 */
import { parseJsonReply } from "./json_extract.ts";
import {
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  ModelError,
  type ReplySchema,
  type TokenUsage,
  type ToolCall,
} from "./ports.ts";

/** A JSON Schema document as a plain object. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of `schema`, describing the JSON the model must write. Output form is tried
 * first (it marks objects closed); schemas with transforms only have an input form; types with no
 * JSON form (dates, functions) become unconstrained rather than failing the call.
 */
export function jsonSchemaOf(schema: ReplySchema): JsonSchema {
  let json: JsonSchema;
  try {
    json = schema.toJSONSchema();
  } catch {
    json = schema.toJSONSchema({ io: "input", unrepresentable: "any" });
  }
  const { $schema: _ignored, ...rest } = json;
  return rest;
}

/**
 * True when OpenAI's strict mode accepts the schema's object shapes: every object closed
 * (`additionalProperties: false`) with all of its properties required.
 */
export function isStrictCompatible(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictCompatible);
  if (schema === null || typeof schema !== "object") return true;
  const node = schema as Record<string, unknown>;
  if (node.type === "object" || node.properties !== undefined) {
    const keys = Object.keys((node.properties ?? {}) as object);
    const required = new Set((node.required ?? []) as string[]);
    if (node.additionalProperties !== false) return false;
    if (!keys.every((k) => required.has(k))) return false;
  }
  return Object.values(node).every(isStrictCompatible);
}

/** OpenAI's `response_format` value for a JSON Schema. */
export interface JsonSchemaResponseFormat {
  type: "json_schema";
  json_schema: { name: string; schema: JsonSchema; strict: boolean };
}

/**
 * `response_format` for `schema`, or undefined when the root is not an object (structured-output
 * endpoints only accept object roots, so such requests use text mode).
 */
export function responseFormatFor(
  schema: JsonSchema,
  name: string | undefined,
): JsonSchemaResponseFormat | undefined {
  if (schema.type !== "object") return undefined;
  const safeName = (name ?? "reply").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "reply";
  return {
    type: "json_schema",
    json_schema: { name: safeName, schema, strict: isStrictCompatible(schema) },
  };
}

/** `messages` plus an instruction to answer with JSON matching `schema` (text mode). */
export function withSchemaInstruction(messages: ChatMessage[], schema: JsonSchema): ChatMessage[] {
  const instruction = "Reply with a single JSON value and nothing else (no prose, no code " +
    `fences). It must match this JSON Schema:\n${JSON.stringify(schema)}`;
  return [...messages, { role: "user", content: instruction }];
}

/** Longest slice of a rejected reply echoed back in a corrective retry. */
const ECHO_LIMIT = 4000;

/** `messages` plus the rejected reply and a request to answer again with valid JSON only. */
export function withCorrection(
  messages: ChatMessage[],
  badReply: string,
  problem: string,
): ChatMessage[] {
  return [
    ...messages,
    { role: "assistant", content: badReply.slice(0, ECHO_LIMIT) },
    {
      role: "user",
      content: `Your previous reply could not be used: ${problem}\n` +
        "Reply again with only strictly valid JSON that matches the requested schema: no prose, " +
        "no code fences, no comments.",
    },
  ];
}

/** How a chat model asks for JSON: `auto` tries `json_schema` and falls back to text mode. */
export type StructuredOutputMode = "auto" | "json_schema" | "off";

/** What one endpoint has been seen to reject; lives as long as the model object. */
export interface StructuredState {
  /** The configured mode. */
  mode: StructuredOutputMode;
  /** The endpoint rejected `response_format` altogether: use text mode from now on. */
  structuredRejected: boolean;
  /** The endpoint rejected `strict: true`: send non-strict schemas from now on. */
  strictRejected: boolean;
}

/** One raw completion: cleaned text, usage and the answering model. */
export interface RawReply {
  /** Reply text with thinking blocks removed. */
  text: string;
  /** Token counts reported (or estimated) for this one call. */
  usage: TokenUsage;
  /** Model id that answered. */
  model: string;
  /** Native tool calls of the reply, when the request offered tools. */
  toolCalls?: ToolCall[];
}

/** Sends `messages` once (with `format` as `response_format` when given). */
export type Completer = (
  messages: ChatMessage[],
  format: JsonSchemaResponseFormat | undefined,
) => Promise<RawReply>;

/** True for a 400/422 `ModelError` whose message matches `pattern`. */
export function is400About(error: unknown, pattern: RegExp): boolean {
  return error instanceof ModelError && (error.status === 400 || error.status === 422) &&
    pattern.test(error.message);
}

/**
 * Gets schema-valid JSON through `complete`: structured output when the mode and endpoint allow
 * (strict, then non-strict), else text mode with the schema in the prompt; then parse and
 * validate, with one corrective retry. Throws `ModelError("invalid_json" | "schema")` naming
 * `who` when the retry fails too. Usage of both attempts is summed.
 */
export async function completeJson<T>(
  request: ChatRequest<T>,
  replySchema: ReplySchema<T>,
  complete: Completer,
  state: StructuredState,
  who: string,
): Promise<ChatResult<T>> {
  const schema = jsonSchemaOf(replySchema);
  const format = state.mode === "off" || state.structuredRejected
    ? undefined
    : responseFormatFor(schema, request.schemaName);
  const formats: JsonSchemaResponseFormat[] = [];
  if (format) {
    // Strict mode rejects some schema keywords that plain json_schema accepts, so a strict
    // rejection is retried non-strict before structured output is given up.
    if (format.json_schema.strict && !state.strictRejected) formats.push(format);
    formats.push({ ...format, json_schema: { ...format.json_schema, strict: false } });
  }
  let messages = request.messages;
  let used: JsonSchemaResponseFormat | undefined;
  let first: RawReply | undefined;
  for (const candidate of formats) {
    try {
      first = await complete(messages, candidate);
      used = candidate;
      break;
    } catch (error) {
      if (!is400About(error, /response_format|json_schema/i)) throw error;
      if (candidate.json_schema.strict) state.strictRejected = true;
      if (state.mode === "json_schema" && candidate === formats.at(-1)) throw error;
    }
  }
  if (!first) {
    if (format) state.structuredRejected = true;
    messages = withSchemaInstruction(request.messages, schema);
    first = await complete(messages, undefined);
  }
  const parsed = parseJsonReply(first.text, replySchema);
  if (parsed.ok) return { ...first, json: parsed.value, cached: false };

  const second = await complete(withCorrection(messages, first.text, parsed.error), used);
  const usage = {
    promptTokens: first.usage.promptTokens + second.usage.promptTokens,
    completionTokens: first.usage.completionTokens + second.usage.completionTokens,
  };
  const reparsed = parseJsonReply(second.text, replySchema);
  if (reparsed.ok) return { ...second, usage, json: reparsed.value, cached: false };
  const kind = reparsed.code === "schema" ? "schema-valid" : "parseable";
  throw new ModelError(
    reparsed.code,
    `${who} gave no ${kind} JSON for '${request.schemaName ?? "reply"}' after one corrective ` +
      `retry: ${reparsed.error}`,
  );
}
