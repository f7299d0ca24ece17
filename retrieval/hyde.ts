/**
 * HyDE retrieval (docs/design.md#retriever-hyde, docs/design.md#fix-prompt-placeholders fixed): a
 * model writes `n_hypotheses` passages that would answer the question — the question is actually
 * rendered into the prompt — and the normalised mean of the literal query's and the passages'
 * embeddings drives one dense search. HyDE always starts from the literal query (the provider skips
 * planning for it). Without a model, or when the model fails, the literal query alone is searched
 * (variant `hyde:literal`).
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { RetrievePlan } from "../core/compiler.ts";
import type { ChatModel } from "../core/ports.ts";
import template from "../prompts/hyde.md" with { type: "text" };
import { askJson } from "./ask_json.ts";
import { countParam } from "./params.ts";
import { defineRetriever, searchQuery, topByRank } from "./ranking.ts";
import { renderPrompt } from "./render_prompt.ts";
import type { Retriever, RetrieverDeps, ScoredUnit } from "./retriever_port.ts";
import { normalizedMean } from "../core/vectors.ts";

/** The hypothesis reply. */
export const HydeReplySchema = z.object({ passages: z.array(z.string()).min(1) });

/** Characters of the question shown to the hypothesis writer. */
export const HYDE_QUESTION_CHARS = 2000;

/** Renders the hypothesis prompt with the question in it. */
export function renderHydePrompt(question: string, count: number): string {
  return renderPrompt(template, { question: question.trim().slice(0, HYDE_QUESTION_CHARS), count });
}

async function hypotheses(
  model: ChatModel,
  question: string,
  count: number,
  signal?: AbortSignal,
): Promise<string[] | string> {
  const reply = await askJson(model, {
    messages: [{ role: "user", content: renderHydePrompt(question, count) }],
    schema: HydeReplySchema,
    schemaName: "hyde_passages",
    maxTokens: 200 * count,
    temperature: 0,
    purpose: "hyde",
    signal,
  });
  if (!reply.ok) return reply.reason;
  const passages = reply.value.passages.map((p) => p.trim()).filter((p) => p !== "")
    .slice(0, count);
  return passages.length > 0 ? passages : "reply held only empty passages";
}

/** Builds the hyde retriever from its plan. */
export function createHydeRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const count = countParam(plan, "n_hypotheses");
  return defineRetriever("hyde", async (query, topK, result) => {
    let passages: string[] = [];
    if (!deps.model) result.variant = "hyde:literal";
    else if (query.literal.trim() === "") {
      result.variant = "hyde:literal";
      result.notes.push("empty question: no hypotheses");
    } else {
      const got = await hypotheses(deps.model, query.literal, count, deps.signal);
      if (typeof got === "string") {
        result.variant = "hyde:literal";
        result.notes.push(`hypotheses failed, literal query searched: ${got}`);
      } else passages = got;
    }
    // The query embedding is the literal's own only when no abstract was mixed into it.
    const literalVec = query.abstract === ""
      ? undefined
      : (await deps.embedder.embed([query.literal], deps.signal))[0];
    const extra = passages.length > 0 ? await deps.embedder.embed(passages, deps.signal) : [];
    const vector = normalizedMean([literalVec ?? query.embedding, ...extra]);
    if (!vector) {
      result.notes.push("no usable query vector");
      return result;
    }
    const { hits, units } = await searchQuery(deps.store, query, { vector }, topK);
    const scored: ScoredUnit[] = hits.flatMap((h) => {
      const unit = units.get(h.id);
      return unit
        ? [{ unit, score: h.score, method: passages.length > 0 ? "hyde" : "semantic" }]
        : [];
    });
    result.units = topByRank(scored, topK);
    return result;
  });
}
