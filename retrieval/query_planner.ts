/**
 * The literal-preserving query planner (docs/design.md#query-planner). The literal task text is
 * always kept; the planner adds an abstract retrieval intent. With a model: one call (prompt
 * `prompts/query_planner.md`, reply `{abstract_query}`, max 160 tokens, temperature 0) and any
 * failure yields abstract "". Without a model: the deterministic offline abstraction
 * ({@linkcode abstractQuery}), labelled `source: "offline"`.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import { z } from "../core/zod.ts";
import type { ChatModel, Embedder, TokenUsage } from "../core/ports.ts";
import { RUNTIME_POLICY } from "../core/runtime_policy.ts";
import template from "../prompts/query_planner.md" with { type: "text" };
import { askJson } from "./ask_json.ts";
import { RetrieverConfigError } from "./errors.ts";
import { abstractQuery } from "./query_abstraction.ts";
import { renderPrompt } from "./render_prompt.ts";
import { normalizedMean } from "../core/vectors.ts";

/** The planner model's reply. */
export const PlannerReplySchema = z.object({ abstract_query: z.string() });

/** Completion budget of the planner call (reference value). */
export const PLANNER_MAX_TOKENS = 160;

/** What is planned: the task text and the agent's progress so far (may be empty). */
export interface QueryPlanInput {
  literal: string;
  progress?: string;
}

/** Planner options. */
export interface QueryPlannerOptions {
  /** Memory-side model; absent offline. */
  model?: ChatModel;
  /** Characters of the task and of the progress tail put in the prompt (policy default 2000). */
  maxChars?: number;
  signal?: AbortSignal;
}

/** A planned query. */
export interface QueryPlan {
  /** The full trimmed task text. */
  literal: string;
  /** The abstract retrieval intent, or "". */
  abstract: string;
  /** True unless a model supplied the abstract. */
  used_fallback: boolean;
  /** Where the abstract came from: the model, the offline abstraction, or nowhere (failure). */
  source: "model" | "offline" | "fallback";
  /** Why the model path fell back, when it did. */
  note?: string;
  usage: TokenUsage;
}

/** Renders the planner prompt: the task head and the progress tail, each cut to `maxChars`. */
export function renderPlannerPrompt(literal: string, progress: string, maxChars: number): string {
  return renderPrompt(template, {
    task: literal.slice(0, maxChars),
    progress: progress.length > maxChars ? progress.slice(progress.length - maxChars) : progress,
  });
}

/** Plans a query (see the module doc). Never throws for model failures. */
export async function planQuery(
  input: QueryPlanInput,
  options: QueryPlannerOptions = {},
): Promise<QueryPlan> {
  const maxChars = options.maxChars ?? RUNTIME_POLICY.planner_max_query_chars;
  if (!Number.isInteger(maxChars) || maxChars < 1) {
    throw new RetrieverConfigError(
      "out_of_range",
      "maxChars",
      `must be a positive integer, got ${maxChars}`,
    );
  }
  const literal = input.literal.trim();
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  if (literal === "") {
    return {
      literal,
      abstract: "",
      used_fallback: true,
      source: "fallback",
      note: "empty query",
      usage,
    };
  }
  if (!options.model) {
    return {
      literal,
      abstract: abstractQuery(literal),
      used_fallback: true,
      source: "offline",
      usage,
    };
  }
  const reply = await askJson(options.model, {
    messages: [{
      role: "user",
      content: renderPlannerPrompt(literal, input.progress ?? "", maxChars),
    }],
    schema: PlannerReplySchema,
    schemaName: "query_plan",
    maxTokens: PLANNER_MAX_TOKENS,
    temperature: 0,
    purpose: "query_planner",
    signal: options.signal,
  });
  const abstract = reply.ok ? reply.value.abstract_query.trim() : "";
  if (abstract === "") {
    const note = reply.ok ? "the model returned an empty abstract" : reply.reason;
    return { literal, abstract, used_fallback: true, source: "fallback", note, usage: reply.usage };
  }
  return { literal, abstract, used_fallback: false, source: "model", usage: reply.usage };
}

/**
 * The query embedding of a plan: the literal's embedding, or the unit-length mean of the
 * literal's and the abstract's (the reference did not re-normalise,
 * docs/design.md#fix-graph-retrieval).
 */
export async function queryEmbedding(
  plan: Pick<QueryPlan, "literal" | "abstract">,
  embedder: Embedder,
  signal?: AbortSignal,
): Promise<Float32Array> {
  const texts = plan.abstract === "" ? [plan.literal] : [plan.literal, plan.abstract];
  const vectors = await embedder.embed(texts, signal);
  if (vectors.length !== texts.length) {
    throw new AutomemError(
      "embedder_output",
      `embedder returned ${vectors.length} vectors for ${texts.length} texts`,
    );
  }
  return normalizedMean(vectors) ?? new Float32Array(embedder.dim);
}
