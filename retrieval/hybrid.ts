/**
 * Hybrid retrieval (docs/design.md#retriever-hybrid): dense and keyword recall, each min-max
 * normalised, weighted by the explicit `semantic_weight` / `keyword_weight` and summed into a rank
 * score. When the query asks when something happened (`temporal.ts`), a candidate whose content
 * states a relative time gets `temporal_weight` added to that rank score.
 *
 * Default weights 0.3 semantic / 0.7 keyword: with the offline hashing embedder the dense path is
 * a noisier copy of the lexical one (pronouns and question words weigh as much as names), and
 * on the first five LoCoMo conversations (tip/json/hybrid) moving from 0.5 / 0.5 to 0.3 / 0.7
 * raised recall at 10 cited turns from 0.704 to 0.739 (0.2 / 0.8: 0.745, a plateau);
 * `temporal_weight` 0.2 took temporal questions from 0.826 to 0.858 (0.1: 0.842, 0.3: 0.858).
 * Re-checked with the word-vector embedder (the offline default since): 0.3 / 0.7 still best
 * within 0.003 (0.5 / 0.5: 0.732, 0.2 / 0.8: 0.759 against 0.756), temporal 0.2 kept.
 *
 * Reported score: a unit found by the dense path reports its raw cosine, the absolute similarity
 * the composer bands on. A keyword-only hit has no cosine, and raw keyword scores (BM25) are
 * unbounded, so it reports its min-max normalised keyword score, which lies in [0, 1]. That value
 * is relative to the other keyword hits of the same query, so a lone keyword hit reports 1.0;
 * the choice favours keeping exact-term matches (ids, error codes) visible to the composer over
 * hiding them below the VERY_LOW band.
 *
 * @module
 */
import { minMaxNormalize } from "../stores/hybrid_store.ts";
import type { RetrievePlan } from "../core/compiler.ts";
import { countParam, weightParam } from "./params.ts";
import { asScoredUnits, defineRetriever, searchQuery, topByRank } from "./ranking.ts";
import type { Retriever, RetrieverDeps, ScoredUnit } from "./retriever_port.ts";
import { RetrieverConfigError } from "./errors.ts";
import { asksWhen, mentionsTime } from "./temporal.ts";

interface HybridCandidate extends ScoredUnit {
  fused: number;
}

/** Builds the hybrid retriever from its plan. */
export function createHybridRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const semanticWeight = weightParam(plan, "semantic_weight");
  const keywordWeight = weightParam(plan, "keyword_weight");
  const subKMin = countParam(plan, "sub_k_min");
  const temporalWeight = weightParam(plan, "temporal_weight");
  if (semanticWeight + keywordWeight <= 0) {
    throw new RetrieverConfigError(
      "out_of_range",
      "params.semantic_weight",
      "semantic_weight and keyword_weight cannot both be 0",
    );
  }
  return defineRetriever("hybrid", async (query, topK, result) => {
    const subK = Math.max(2 * topK, subKMin);
    const dense = await searchQuery(deps.store, query, { vector: query.embedding }, subK);
    const lexical = query.literal.trim() === ""
      ? undefined
      : await searchQuery(deps.store, query, { text: query.literal }, subK);
    const semantic = dense.hits;
    const keyword = lexical?.hits ?? [];
    if (keyword.length === 0) result.notes.push("keyword path found no hits");
    const semNorm = minMaxNormalize(semantic);
    const kwNorm = minMaxNormalize(keyword);
    const rawCosine = new Map<string, number>();
    for (const h of semantic) {
      rawCosine.set(h.id, Math.max(rawCosine.get(h.id) ?? -Infinity, h.score));
    }
    const units = new Map([...dense.units, ...(lexical?.units ?? [])]);
    const temporal = temporalWeight > 0 && asksWhen(query.literal);
    const ids = [...new Set([...semantic.map((h) => h.id), ...keyword.map((h) => h.id)])];
    const candidates: HybridCandidate[] = [];
    for (const id of ids) {
      const unit = units.get(id)!;
      const fused = semanticWeight * (semNorm.get(id) ?? 0) +
        keywordWeight * (kwNorm.get(id) ?? 0) +
        (temporal && mentionsTime(unit) ? temporalWeight : 0);
      const cos = rawCosine.get(id);
      const method = cos === undefined
        ? "keyword"
        : kwNorm.has(id)
        ? "semantic+keyword"
        : "semantic";
      candidates.push({ unit, fused, score: cos ?? kwNorm.get(id) ?? 0, method });
    }
    result.units = asScoredUnits(topByRank(candidates, topK, (c) => c.fused));
    return result;
  });
}
