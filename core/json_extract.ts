/**
 * Pulls one JSON value out of model text: models wrap JSON in prose or code fences, so a reply is
 * parsed directly, then from a fenced block, then from the first balanced `{...}` or `[...]`.
 *
 * @module
 */
import { z } from "./zod.ts";
import type { ReplySchema } from "./ports.ts";

/** Outcome of {@linkcode extractJson}. */
export type ExtractResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Outcome of {@linkcode parseJsonReply}: the validated value, or why there is none. */
export type JsonReplyResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: "invalid_json" | "schema"; error: string };

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function tryParse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

const FENCE = /```[ \t]*([A-Za-z0-9_-]*)[^\n`]*\n([\s\S]*?)```/g;

/** End index (exclusive) of the balanced value opening at `start`, or -1 when it never closes. */
function balancedEnd(text: string, start: number): number {
  const closers: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") closers.push("}");
    else if (ch === "[") closers.push("]");
    else if (ch === "}" || ch === "]") {
      if (closers.pop() !== ch) return -1;
      if (closers.length === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * Finds the JSON value in `text`: the whole text, else the first fenced block that parses
 * (`json`-tagged or untagged), else the first balanced object or array that parses.
 */
export function extractJson(text: string): ExtractResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: "the reply is empty" };
  const direct = tryParse(trimmed);
  if (direct.ok) return direct;

  for (const match of trimmed.matchAll(FENCE)) {
    const lang = match[1].toLowerCase();
    if (lang !== "" && lang !== "json" && lang !== "jsonc" && lang !== "json5") continue;
    const fenced = tryParse(match[2].trim());
    if (fenced.ok) return fenced;
  }

  let firstError: string | undefined;
  for (let i = 0; i < trimmed.length; i++) {
    const ch = trimmed[i];
    if (ch !== "{" && ch !== "[") continue;
    const end = balancedEnd(trimmed, i);
    if (end < 0) continue;
    const candidate = tryParse(trimmed.slice(i, end));
    if (candidate.ok) return candidate;
    firstError ??= `the ${
      ch === "{" ? "object" : "array"
    } at offset ${i} is not valid JSON (${candidate.error})`;
  }
  return {
    ok: false,
    error: firstError ?? "no JSON object or array was found in the reply",
  };
}

/** Extracts JSON from `text` and validates it with `schema`. */
export function parseJsonReply<T>(text: string, schema: ReplySchema<T>): JsonReplyResult<T> {
  const extracted = extractJson(text);
  if (!extracted.ok) return { ok: false, code: "invalid_json", error: extracted.error };
  const checked = schema.safeParse(extracted.value);
  if (checked.success) return { ok: true, value: checked.data };
  return { ok: false, code: "schema", error: z.prettifyError(checked.error) };
}
