/**
 * One memory-side model call for a management op: renders the op's prompt file, asks for JSON
 * that the op's zod schema accepts, and turns every failure into a value, so a bad reply costs
 * one op one item, never the pipeline.
 *
 * @module
 */
import type { z } from "zod";
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

/** Cuts `text` to `n` characters, marking the cut. */
export function clip(text: string, n: number): string {
  return text.length <= n ? text : text.slice(0, n) + "…";
}
