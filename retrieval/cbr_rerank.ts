/**
 * `cbr_rerank` (docs/design.md#retriever-cbr, docs/design.md#fix-cbr-rerank fixed): CBR recall,
 * then ONE model call that scores the whole candidate pool (`rerank_pool_size`) on a 1..10
 * case-relevance rubric. Final rank = `cbr_weight · cbr + llm_weight · score/10`; the reported
 * score stays the raw CBR similarity. Any failure of that call (error, bad JSON, missing or
 * repeated indices) keeps the CBR order and leaves a note, instead of failing the whole retrieval
 * as the reference did. Without a model a lexical rerank runs instead (variant
 * `cbr_rerank:lexical`).
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { RetrievePlan } from "../core/compiler.ts";
import type { ChatModel } from "../core/ports.ts";
import { contentText } from "../core/unit.ts";
import template from "../prompts/cbr_rerank.md" with { type: "text" };
import { askJson } from "./ask_json.ts";
import { CaseEmbeddingCache, type CbrCandidate, cbrCandidates } from "./cbr.ts";
import { termSet } from "./lexical.ts";
import { lexicalRelevance } from "./lexical_rerank.ts";
import { countParam, weightParam } from "./params.ts";
import { asScoredUnits, defineRetriever, topByRank } from "./ranking.ts";
import { renderPrompt } from "./render_prompt.ts";
import type { Retriever, RetrieverDeps } from "./retriever_port.ts";

/** The rerank reply: one 1..10 score per candidate index. */
export const RerankReplySchema = z.object({
  scores: z.array(z.object({
    index: z.number().int().min(0),
    score: z.number().min(1).max(10),
  })),
});

/** A validated rerank reply. */
export type RerankReply = z.infer<typeof RerankReplySchema>;

/** Characters of the task and of each candidate shown to the reranker. */
export const RERANK_QUESTION_CHARS = 1500;
/** Characters of each candidate's text shown to the reranker. */
export const RERANK_CANDIDATE_CHARS = 600;

/** Renders the one rerank prompt for a pool of candidates. */
export function renderRerankPrompt(question: string, pool: readonly CbrCandidate[]): string {
  const lines = pool.map((c, i) => {
    const u = c.unit;
    const outcome = u.task_outcome === "" ? "consolidated" : u.task_outcome;
    const source = u.source_task_query.trim().slice(0, 200);
    const head = `[${i}] (${u.type}, ${outcome})${source ? ` from task: ${source}` : ""}`;
    return `${head}\n    ${contentText(u).slice(0, RERANK_CANDIDATE_CHARS)}`;
  });
  return renderPrompt(template, {
    question: question.trim().slice(0, RERANK_QUESTION_CHARS),
    candidates: lines.join("\n"),
    last_index: pool.length - 1,
  });
}

/**
 * Checks that a reply scores every index in `[0, n)` exactly once; returns the scores divided by
 * 10 in index order, or why the reply is unusable.
 */
export function rerankScores(reply: RerankReply, n: number): number[] | string {
  const out = new Array<number | undefined>(n).fill(undefined);
  for (const s of reply.scores) {
    if (s.index >= n) return `index ${s.index} is out of range (pool of ${n})`;
    if (out[s.index] !== undefined) return `index ${s.index} is scored twice`;
    out[s.index] = s.score / 10;
  }
  const missing = out.flatMap((v, i) => v === undefined ? [i] : []);
  if (missing.length > 0) return `indices ${missing.join(", ")} are missing`;
  return out as number[];
}

async function modelScores(
  model: ChatModel,
  question: string,
  pool: readonly CbrCandidate[],
  signal?: AbortSignal,
): Promise<number[] | string> {
  const reply = await askJson(model, {
    messages: [{ role: "user", content: renderRerankPrompt(question, pool) }],
    schema: RerankReplySchema,
    schemaName: "cbr_rerank_scores",
    maxTokens: 32 + 16 * pool.length,
    temperature: 0,
    purpose: "cbr_rerank",
    signal,
  });
  return reply.ok ? rerankScores(reply.value, pool.length) : reply.reason;
}

/** Builds the cbr_rerank retriever from its plan. */
export function createCbrRerankRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const contentWeight = weightParam(plan, "content_weight");
  const poolSize = countParam(plan, "rerank_pool_size");
  const cbrWeight = weightParam(plan, "cbr_weight");
  const llmWeight = weightParam(plan, "llm_weight");
  const cache = new CaseEmbeddingCache(deps.embedder);
  const offline = deps.model ? undefined : "cbr_rerank:lexical";
  return defineRetriever("cbr_rerank", async (query, topK, result) => {
    const pool = await cbrCandidates(query, Math.max(poolSize, topK), {
      store: deps.store,
      cache,
      contentWeight,
      signal: deps.signal,
    });
    if (pool.length === 0) result.notes.push("no CBR candidates");
    let relevance: number[] | undefined;
    if (pool.length <= 1) {
      if (pool.length === 1) result.notes.push("single candidate: rerank skipped");
    } else if (deps.model) {
      const scores = await modelScores(deps.model, query.literal, pool, deps.signal);
      if (typeof scores === "string") {
        result.variant = "cbr_rerank:cbr_fallback";
        result.notes.push(`rerank fell back to the CBR order: ${scores}`);
      } else relevance = scores;
    } else {
      const terms = termSet(query.literal);
      relevance = pool.map((c) => lexicalRelevance(terms, c.unit));
    }
    const ranked = pool.map((c, i) => ({
      ...c,
      final: relevance ? cbrWeight * c.rank + llmWeight * relevance[i] : c.rank,
    }));
    result.units = asScoredUnits(topByRank(ranked, topK, (c) => c.final));
    return result;
  }, offline);
}
