/**
 * The context composer of `automem-runtime-v1` (docs/design.md#composer, "G2"): ONE cited model
 * call that keeps at most `max_injected_units` of the retrieved candidates and writes guidance
 * citing each kept candidate as `[M<i>]`; without a model, or on any failure, the top-1 fallback.
 *
 * Deliberate differences from the reference:
 * - `keep_ids` may be numbers or strings such as `"M0"` / `"0"` (docs/design.md#fix-sessions: the
 *   reference dropped string ids and turned valid output into no guidance).
 * - The reply is validated with a zod schema through the ChatModel's `schema` option.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { ChatModel, TokenUsage } from "../../core/ports.ts";
import { RUNTIME_POLICY } from "../../core/runtime_policy.ts";
import COMPOSER_PROMPT from "../../prompts/composer.md" with { type: "text" };

/** The system prompt of the composer call (enters the search protocol digest). */
export const COMPOSER_SYSTEM_PROMPT: string = COMPOSER_PROMPT;

/** Prefix of every guidance text, model-written or fallback. */
export const GUIDANCE_PREFIX = "[Past experience, for reference only] ";

/** Characters of the task text shown to the composer (reference value). */
export const COMPOSER_MAX_TASK_CHARS = 1500;

/** The composer's JSON reply. */
export const ComposerReplySchema = z.object({
  keep_ids: z.array(z.union([z.number(), z.string()])).default([]),
  guidance: z.string().default(""),
  no_guidance: z.boolean().default(false),
});

/** A validated composer reply. */
export type ComposerReply = z.infer<typeof ComposerReplySchema>;

/** One candidate, in retrieval order; `text` is the judge head plus the formatted unit. */
export interface ComposerCandidate {
  id: string;
  score: number;
  text: string;
}

/** What the composer decided. */
export interface CompositionResult {
  /** Indices into the candidate list, at most `max_injected_units`. */
  kept: number[];
  /** Guidance with `[M<i>]` citations (see {@linkcode rewriteCitations}); "" when none. */
  guidance: string;
  no_guidance: boolean;
  /** `model` = the call's output was used; `fallback` = top-1; `none` = nothing to compose. */
  mode: "model" | "fallback" | "none";
  usage: TokenUsage;
  /** Why the fallback ran, when it did. */
  fallback_reason?: string;
}

/** Options of {@linkcode composeContext}. */
export interface ComposeOptions {
  model?: ChatModel;
  signal?: AbortSignal;
}

const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0 };
const CITATION = /\[M(\d+)\]/g;

/** The composer's user message: the task and one line per candidate. */
export function composerUserMessage(
  task: string,
  candidates: readonly ComposerCandidate[],
): string {
  const max = RUNTIME_POLICY.composer_max_candidate_chars;
  const lines = candidates.map((c, i) =>
    `[M${i}] score=${c.score.toFixed(4)} ${c.text.slice(0, max)}`
  );
  return `Task: ${task.slice(0, COMPOSER_MAX_TASK_CHARS)}\n\nCandidate memories:\n${
    lines.join("\n")
  }`;
}

/** Parses one `keep_ids` item (`0`, `"0"`, `"M0"`, `"[M0]"`) into an index, or undefined. */
export function parseKeepId(item: number | string): number | undefined {
  if (typeof item === "number") return Number.isInteger(item) ? item : undefined;
  const m = /^\s*\[?\s*M?\s*(\d+)\s*\]?\s*$/i.exec(item);
  return m ? Number(m[1]) : undefined;
}

/** The top-1 fallback: candidate 0's text, cut to the policy limit, cited as `[M0]`. */
export function fallbackComposition(
  candidates: readonly ComposerCandidate[],
  reason: string,
  usage: TokenUsage = NO_USAGE,
): CompositionResult {
  const text0 = (candidates[0]?.text ?? "").trim();
  if (text0 === "") {
    return {
      kept: [],
      guidance: "",
      no_guidance: true,
      mode: "fallback",
      usage,
      fallback_reason: reason,
    };
  }
  const guidance = GUIDANCE_PREFIX + text0.slice(0, RUNTIME_POLICY.composer_max_candidate_chars) +
    " [M0]";
  return {
    kept: [0],
    guidance,
    no_guidance: false,
    mode: "fallback",
    usage,
    fallback_reason: reason,
  };
}

/** Interprets a validated reply; returns a fallback when the citations do not match. */
export function interpretReply(
  reply: ComposerReply,
  candidates: readonly ComposerCandidate[],
  usage: TokenUsage,
): CompositionResult {
  const none = (): CompositionResult => ({
    kept: [],
    guidance: "",
    no_guidance: true,
    mode: "model",
    usage,
  });
  if (reply.no_guidance) return none();
  const kept: number[] = [];
  for (const item of reply.keep_ids) {
    const i = parseKeepId(item);
    if (i === undefined || i < 0 || i >= candidates.length || kept.includes(i)) continue;
    kept.push(i);
    if (kept.length >= RUNTIME_POLICY.max_injected_units) break;
  }
  const guidance = reply.guidance.trim();
  if (kept.length === 0 || guidance === "") return none();
  const cited = new Set([...guidance.matchAll(CITATION)].map((m) => Number(m[1])));
  const same = cited.size === kept.length && kept.every((i) => cited.has(i));
  if (!same) {
    return fallbackComposition(
      candidates,
      `citations [${[...cited].sort((a, b) => a - b).join(",")}] do not equal kept [${
        [...kept].sort((a, b) => a - b).join(",")
      }]`,
      usage,
    );
  }
  return { kept, guidance: GUIDANCE_PREFIX + guidance, no_guidance: false, mode: "model", usage };
}

/**
 * Composes guidance from candidates in retrieval order: no candidates → no guidance (no call);
 * no model → top-1 fallback; otherwise one call (max 500 tokens, temperature 0) whose failure or
 * malformed output also falls back to top-1.
 */
export async function composeContext(
  task: string,
  candidates: readonly ComposerCandidate[],
  options: ComposeOptions = {},
): Promise<CompositionResult> {
  if (candidates.length === 0) {
    return { kept: [], guidance: "", no_guidance: true, mode: "none", usage: NO_USAGE };
  }
  if (!options.model) return fallbackComposition(candidates, "no model");
  try {
    const result = await options.model.chat({
      messages: [
        { role: "system", content: COMPOSER_SYSTEM_PROMPT },
        { role: "user", content: composerUserMessage(task, candidates) },
      ],
      maxTokens: RUNTIME_POLICY.composer_max_output_tokens,
      temperature: 0,
      schema: ComposerReplySchema,
      schemaName: "composer_reply",
      purpose: "composer",
      signal: options.signal,
    });
    if (result.json === undefined) {
      return fallbackComposition(candidates, "the reply carried no JSON", result.usage);
    }
    return interpretReply(result.json, candidates, result.usage);
  } catch (error) {
    return fallbackComposition(candidates, `composer call failed: ${(error as Error).message}`);
  }
}

/** Replaces each `[M<i>]` citation with `[memory:<id of candidate i>]`. */
export function rewriteCitations(
  guidance: string,
  candidates: readonly Pick<ComposerCandidate, "id">[],
): string {
  return guidance.replace(CITATION, (whole, i: string) => {
    const c = candidates[Number(i)];
    return c ? `[memory:${c.id}]` : whole;
  });
}
