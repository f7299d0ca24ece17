/**
 * Hybrid retrieval (docs/design.md#retriever-hybrid): dense and keyword recall, each min-max
 * normalised, weighted by the explicit `semantic_weight` / `keyword_weight` and summed into a rank
 * score. When the query asks when something happened (`temporal.ts`), a candidate whose content
 * states a relative time gets `temporal_weight` added to that rank score.
 *
 * Fusion weights 0.3 semantic / 0.7 keyword were chosen with the offline hashing embedder, on the
 * first five LoCoMo conversations (tip/json/hybrid): moving from 0.5 / 0.5 to 0.3 / 0.7 raised
 * recall at 10 cited turns from 0.704 to 0.739; `temporal_weight` 0.2 took temporal questions
 * from 0.826 to 0.858.
 *
 * Re-scoring steps (docs/benchmarks.md, "Closing the gap" and "Episode context"), each behind
 * its own parameter: reciprocal rank fusion (`rrf_k`), dense pseudo-relevance feedback
 * (`feedback_docs`, `feedback_weight`), word-vector query expansion as a third keyword path
 * (`expansion_*`), a speaker bonus and a length prior (all off by default: no gain held), and the
 * two that are on by default since they met the 1.25× BM25 goal on held-out LoCoMo
 * conversations at both budgets: a soft word match over the word vectors
 * (`soft_match_weight` 0.5 with `soft_match_pool_idf`, the dense weight lowered to 0.1 beside
 * it) and episode context (`episode_weight` 0.5, `neighbour_weight` 0.4 within
 * `neighbour_window` 2 steps: a unit borrows the score of the best match of its source episode
 * and of its near neighbours there, `episode_context.ts`).
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
import { countParam, numberParam, weightParam } from "./params.ts";
import { asScoredUnits, defineRetriever, searchQuery, topByRank } from "./ranking.ts";
import type { Retriever, RetrieverDeps } from "./retriever_port.ts";
import { RetrieverConfigError } from "./errors.ts";
import { asksWhen, mentionsTime } from "./temporal.ts";
import { addPath, feedbackVector, fuse, type FusionParams, fusionScale } from "./hybrid_fusion.ts";
import { type ExpansionParams, expansionText } from "./query_expansion.ts";
import { applyEpisodeContext, type EpisodeContextParams } from "./episode_context.ts";
import {
  applyLengthPrior,
  applySoftMatch,
  applySpeakerBonus,
  type HybridCandidate,
  SoftDocCache,
} from "./hybrid_bonus.ts";

/** The hybrid retriever's parameters, read and checked once. */
interface HybridParams {
  fusion: FusionParams;
  subKMin: number;
  temporalWeight: number;
  feedbackDocs: number;
  feedbackWeight: number;
  lengthExponent: number;
  speakerWeight: number;
  softWeight: number;
  softPoolIdf: boolean;
  expansion: ExpansionParams;
  episode: EpisodeContextParams;
}

function hybridParams(plan: RetrievePlan): HybridParams {
  const semanticWeight = weightParam(plan, "semantic_weight");
  const keywordWeight = weightParam(plan, "keyword_weight");
  if (semanticWeight + keywordWeight <= 0) {
    throw new RetrieverConfigError(
      "out_of_range",
      "params.semantic_weight",
      "semantic_weight and keyword_weight cannot both be 0",
    );
  }
  return {
    fusion: { semanticWeight, keywordWeight, rrfK: numberParam(plan, "rrf_k", { min: 0 }) },
    subKMin: countParam(plan, "sub_k_min"),
    temporalWeight: weightParam(plan, "temporal_weight"),
    feedbackDocs: numberParam(plan, "feedback_docs", { min: 0, integer: true }),
    feedbackWeight: weightParam(plan, "feedback_weight"),
    lengthExponent: weightParam(plan, "length_exponent"),
    speakerWeight: weightParam(plan, "speaker_weight"),
    softWeight: weightParam(plan, "soft_match_weight"),
    softPoolIdf: numberParam(plan, "soft_match_pool_idf", { min: 0, max: 1, integer: true }) === 1,
    expansion: {
      weight: weightParam(plan, "expansion_weight"),
      words: numberParam(plan, "expansion_words", { min: 0, integer: true }),
      minCosine: numberParam(plan, "expansion_min_cosine", { min: -1, max: 1 }),
    },
    episode: {
      episodeWeight: weightParam(plan, "episode_weight"),
      neighbourWeight: weightParam(plan, "neighbour_weight"),
      window: numberParam(plan, "neighbour_window", { min: 1, integer: true }),
    },
  };
}

/** Builds the hybrid retriever from its plan. */
export function createHybridRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const p = hybridParams(plan);
  const scale = fusionScale(p.fusion);
  const softDocs = new SoftDocCache();
  return defineRetriever("hybrid", async (query, topK, result) => {
    const subK = Math.max(2 * topK, p.subKMin);
    let dense = await searchQuery(deps.store, query, { vector: query.embedding }, subK);
    const lexical = query.literal.trim() === ""
      ? undefined
      : await searchQuery(deps.store, query, { text: query.literal }, subK);
    const keyword = lexical?.hits ?? [];
    if (keyword.length === 0) result.notes.push("keyword path found no hits");
    const expandedText = await expansionText(query.literal, p.expansion);
    const expanded = expandedText === ""
      ? undefined
      : await searchQuery(deps.store, query, { text: expandedText }, subK);
    if (p.feedbackDocs > 0 && p.feedbackWeight > 0) {
      const first = fuse(dense.hits, keyword, p.fusion);
      const seen = new Map([...dense.units, ...(lexical?.units ?? [])]);
      const vector = feedbackVector(query.embedding, first, seen, p.feedbackDocs, p.feedbackWeight);
      if (vector) dense = await searchQuery(deps.store, query, { vector }, subK);
    }
    const semantic = dense.hits;
    const fused = fuse(semantic, keyword, p.fusion);
    if (expanded) addPath(fused, expanded.hits, p.expansion.weight, p.fusion);
    const kwNorm = minMaxNormalize(keyword);
    const rawCosine = new Map<string, number>();
    for (const h of semantic) {
      rawCosine.set(h.id, Math.max(rawCosine.get(h.id) ?? -Infinity, h.score));
    }
    const units = new Map([...dense.units, ...(lexical?.units ?? []), ...(expanded?.units ?? [])]);
    const temporal = p.temporalWeight > 0 && asksWhen(query.literal);
    const candidates: HybridCandidate[] = [];
    for (const [id, base] of fused) {
      const unit = units.get(id)!;
      const bonus = temporal && mentionsTime(unit) ? p.temporalWeight * scale : 0;
      const cos = rawCosine.get(id);
      const method = cos === undefined
        ? "keyword"
        : kwNorm.has(id)
        ? "semantic+keyword"
        : "semantic";
      candidates.push({ unit, fused: base + bonus, score: cos ?? kwNorm.get(id) ?? 0, method });
    }
    await applySoftMatch(
      candidates,
      query.literal,
      p.softWeight * scale,
      softDocs,
      p.softPoolIdf,
    );
    applySpeakerBonus(candidates, query.literal, p.speakerWeight * scale);
    applyLengthPrior(candidates, p.lengthExponent);
    applyEpisodeContext(candidates, p.episode);
    result.units = asScoredUnits(topByRank(candidates, topK, (c) => c.fused));
    return result;
  });
}
