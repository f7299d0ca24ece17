/**
 * The model encoder: extraction prompts per type (`prompts/extract_<type>.md`), or ONE batched
 * call when two or more types are allowed (`prompts/extract_batch.md`, whose rules are the
 * single-type prompts' rule sections), or the conversation prompt for turn material. Replies are
 * requested through the ChatModel `schema` option (one key per requested type); each item is
 * then validated against its type's content schema, so one bad item is rejected alone. Bounded
 * retries: the adapter retries once with a correction, and this encoder makes at most one more
 * attempt. Every unusable reply or rejected item is a line in `failures`.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { parseJsonReply } from "../../core/json_extract.ts";
import { ModelError } from "../../core/ports.ts";
import type { ChatModel } from "../../core/ports.ts";
import type { EncodeType } from "../../core/space.ts";
import { renderPrompt } from "../../retrieval/render_prompt.ts";
import type { EncoderDeps, ExtractionInput, ExtractionOutput } from "../encoder_port.ts";
import type { UnitDraft } from "./agent_steps.ts";
import { isConversation } from "./gate.ts";
import {
  BATCH_PROMPT,
  CONVERSATION_PROMPT,
  formatTrajectory,
  promptVars,
  replyShape,
  ruleSection,
  singlePrompt,
} from "./prompt_context.ts";
import { draftsToUnits, perTypeOf } from "./units.ts";

/** Model-encoder options. */
export interface ModelEncoderOptions {
  /** One call for all allowed types (default true). */
  batch?: boolean;
}

/** Attempts this encoder makes per call (the adapter's own corrective retry comes on top). */
export const MAX_ATTEMPTS = 2;

const item = z.record(z.string(), z.unknown());
const VALUE_SCHEMAS: Readonly<Record<EncodeType, z.ZodType>> = {
  tip: z.array(item).nullable(),
  insight: item.nullable(),
  trajectory: z.union([item, z.array(z.unknown())]).nullable(),
  workflow: item.nullable(),
  shortcut: z.union([z.array(item), item]).nullable(),
};

/** The reply schema of a call for `types`: exactly one (nullable) key per type. */
export function replySchema(types: readonly EncodeType[]): z.ZodType<Record<string, unknown>> {
  return z.object(Object.fromEntries(types.map((t) => [t, VALUE_SCHEMAS[t]])));
}

type Reply = { ok: true; value: Record<string, unknown>; model: string } | {
  ok: false;
  error: string;
};

async function ask(
  model: ChatModel,
  prompt: string,
  types: readonly EncodeType[],
  deps: EncoderDeps,
  purpose: string,
): Promise<Reply> {
  const schema = replySchema(types);
  let last = "";
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      const result = await model.chat({
        messages: [{ role: "user", content: prompt }],
        schema,
        schemaName: "memory_extraction",
        maxTokens: 900 * types.length + 600,
        temperature: 0,
        purpose,
        signal: deps.signal,
      });
      if (result.json !== undefined) return { ok: true, value: result.json, model: result.model };
      const parsed = parseJsonReply(result.text, schema);
      if (parsed.ok) return { ok: true, value: parsed.value, model: result.model };
      last = `${parsed.code}: ${parsed.error}`;
    } catch (error) {
      if (deps.signal?.aborted || !(error instanceof ModelError) || error.code === "aborted") {
        throw error;
      }
      last = `${error.code}: ${error.message}`;
    }
  }
  return { ok: false, error: `${last} (after ${MAX_ATTEMPTS} attempts)` };
}

function itemsOf(type: EncodeType, value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  if (type === "trajectory") return [value];
  return Array.isArray(value) ? value : [value];
}

/** Splits a reply into drafts; items citing no known step get all refs (agent runs) or fail. */
function replyDrafts(
  types: readonly EncodeType[],
  reply: Record<string, unknown>,
  input: ExtractionInput,
  failures: string[],
): UnitDraft[] {
  const known = input.trajectory.steps.map((s) => s.ref);
  const conversation = isConversation(input.trajectory);
  const drafts: UnitDraft[] = [];
  for (const type of types) {
    itemsOf(type, reply[type]).forEach((raw, i) => {
      let content: unknown = raw;
      let cited: string[] = [];
      if (raw && typeof raw === "object" && !Array.isArray(raw)) {
        const { source_refs, ...rest } = raw as Record<string, unknown>;
        content = rest;
        cited = Array.isArray(source_refs)
          ? source_refs.filter((r): r is string => typeof r === "string" && known.includes(r))
          : [];
      }
      if (cited.length === 0 && conversation) {
        failures.push(`model ${type}[${i}]: rejected: cites no turn of this conversation`);
        return;
      }
      drafts.push({
        type,
        content: content as Record<string, unknown>,
        source_refs: cited.length > 0 ? cited : known,
      });
    });
  }
  return drafts;
}

/** Runs the model extraction for the (already gated) `types`. */
export async function modelExtract(
  input: ExtractionInput,
  types: readonly EncodeType[],
  deps: EncoderDeps & { model: ChatModel },
  options: ModelEncoderOptions = {},
): Promise<ExtractionOutput> {
  const conversation = isConversation(input.trajectory);
  const vars = promptVars(input);
  const calls: { types: EncodeType[]; prompt: string; purpose: string }[] = [];
  if (conversation) {
    calls.push({
      types: [...types],
      purpose: "extract:conversation",
      prompt: renderPrompt(CONVERSATION_PROMPT, {
        task_query: vars.task_query,
        raw_trajectory: formatTrajectory(input.trajectory),
        reply_shape: replyShape(types),
      }),
    });
  } else if (types.length >= 2 && options.batch !== false) {
    calls.push({
      types: [...types],
      purpose: "extract:batch",
      prompt: renderPrompt(BATCH_PROMPT, {
        ...vars,
        type_rules: types.map(ruleSection).join("\n\n"),
        reply_shape: replyShape(types),
      }),
    });
  } else {
    for (const t of types) {
      calls.push({
        types: [t],
        purpose: `extract:${t}`,
        prompt: renderPrompt(singlePrompt(t), vars),
      });
    }
  }
  const failures: string[] = [];
  const units: ExtractionOutput["units"] = [];
  for (const call of calls) {
    const reply = await ask(deps.model, call.prompt, call.types, deps, call.purpose);
    if (!reply.ok) {
      failures.push(`model ${call.types.join("+")}: no usable reply: ${reply.error}`);
      continue;
    }
    const drafts = replyDrafts(call.types, reply.value, input, failures);
    const made = draftsToUnits(drafts, input, deps, reply.model, (d, i) => `model ${d.type}[${i}]`);
    units.push(...made.units);
    failures.push(...made.failures);
  }
  return { units, perType: perTypeOf(types, units, "model"), failures };
}
