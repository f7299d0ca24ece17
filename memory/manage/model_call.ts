/**
 * One memory-side model call for a management op: renders the op's prompt file, asks for JSON
 * that the op's zod schema accepts, and turns every failure into a value, so a bad reply costs
 * one op one item, never the pipeline. Ops that have an offline rule fall back to it through
 * {@linkcode askOrOffline} and summarise the rejected replies with {@linkcode fallbackError}.
 *
 * @module
 */
import type { z } from "../../core/zod.ts";
import { ModelError } from "../../core/ports.ts";
import type { OpName } from "../../core/presets.ts";
import { renderPrompt } from "../../retrieval/render_prompt.ts";
import type { OpContext } from "./op_types.ts";

/** A validated reply, or why there is none. */
export type ModelReply<T> = { ok: true; value: T } | { ok: false; error: string };

/** Asks `ctx.model` (which must be set) for a reply to `template` filled with `vars`. */
export async function askModel<T>(
  ctx: OpContext,
  op: OpName,
  template: string,
  vars: Readonly<Record<string, string | number>>,
  schema: z.ZodType<T>,
  maxTokens: number,
): Promise<ModelReply<T>> {
  if (!ctx.model) return { ok: false, error: "no model" };
  const content = renderPrompt(template, vars);
  try {
    const result = await ctx.model.chat({
      messages: [{ role: "user", content }],
      schema,
      schemaName: op,
      maxTokens,
      temperature: 0,
      purpose: `manage:${op}`,
      signal: ctx.signal,
    });
    if (result.json === undefined) return { ok: false, error: "the model returned no JSON" };
    return { ok: true, value: result.json };
  } catch (error) {
    if (error instanceof ModelError) return { ok: false, error: `${error.code}: ${error.message}` };
    throw error;
  }
}

/** The prompt of one model call: the template, its variables, the reply schema, the budget. */
export interface ModelPrompt<R> {
  template: string;
  vars: Readonly<Record<string, string | number>>;
  schema: z.ZodType<R>;
  maxTokens: number;
}

/** A value the model wrote or the offline rule's, with what to record as its author. */
export interface ModelOrOffline<T> {
  value: T;
  /** `extraction_model` of a unit built from `value`: the model's id, or `offline`. */
  extractionModel: string;
  /** Why the model's reply was rejected, when the offline value stands in for it. */
  error?: string;
}

/**
 * Asks the model (see {@linkcode askModel}) and maps its reply with `use`; without a model, or
 * when the reply is rejected, the `offline` value stands in and the rejection is kept as `error`.
 * `prompt` is built only when a model is asked.
 */
export async function askOrOffline<R, T>(
  ctx: OpContext,
  op: OpName,
  offline: T,
  prompt: () => ModelPrompt<R>,
  use: (reply: R) => T,
): Promise<ModelOrOffline<T>> {
  if (!ctx.model) return { value: offline, extractionModel: "offline" };
  const p = prompt();
  const reply = await askModel(ctx, op, p.template, p.vars, p.schema, p.maxTokens);
  if (!reply.ok) return { value: offline, extractionModel: "offline", error: reply.error };
  return { value: use(reply.value), extractionModel: ctx.model.id };
}

/**
 * The `error` part of an op outcome after some replies were rejected (`{}` when none were):
 * how many `items` fell back to the `fallback` rule, and the first rejection.
 */
export function fallbackError(
  errors: readonly string[],
  items: string,
  fallback: string,
  rejected = "model reply",
): { error?: string } {
  if (errors.length === 0) return {};
  return {
    error: `${rejected} rejected for ${errors.length} ${items}, ${fallback} used: ${errors[0]}`,
  };
}

/** Cuts `text` to `n` characters, marking the cut. */
export function clip(text: string, n: number): string {
  return text.length <= n ? text : text.slice(0, n) + "…";
}
