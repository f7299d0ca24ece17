/**
 * Maximal marginal relevance (docs/design.md#retriever-mmr): a dense recall pool of
 * `max(2·top_k, candidate_pool_min)` units, then greedy selection of
 * `argmax λ·rel − (1−λ)·max_sim_to_selected`, so a near-duplicate of an already chosen unit loses
 * to a slightly less relevant but different one. The reported score is the raw relevance.
 * Candidates without a stored embedding are embedded from their content text for the diversity
 * term only.
 *
 * @module
 */
import type { RetrievePlan } from "../core/compiler.ts";
import { contentText } from "../core/unit.ts";
import { countParam, numberParam } from "./params.ts";
import { asScoredUnits, defineRetriever, searchQuery } from "./ranking.ts";
import type { Retriever, RetrieverDeps, ScoredUnit } from "./retriever_port.ts";
import { cosine, isUsableVector, type VectorLike } from "../core/vectors.ts";

interface Candidate extends ScoredUnit {
  vector: VectorLike;
}

/**
 * Greedy MMR over `candidates` (relevance in `score`): the first pick is the most relevant, each
 * later pick maximises `lambda·rel − (1−lambda)·max cosine to the picks`; ties by id.
 */
export function mmrSelect<T extends { score: number; unit: { id: string }; vector: VectorLike }>(
  candidates: readonly T[],
  k: number,
  lambda: number,
): T[] {
  const remaining = [...candidates];
  const picked: T[] = [];
  const maxSim = new Map<T, number>();
  while (picked.length < k && remaining.length > 0) {
    let bestIdx = 0;
    let bestVal = -Infinity;
    remaining.forEach((c, i) => {
      const value = picked.length === 0
        ? c.score
        : lambda * c.score - (1 - lambda) * (maxSim.get(c) ?? -Infinity);
      const best = remaining[bestIdx];
      if (value > bestVal || (value === bestVal && c.unit.id < best.unit.id)) {
        bestVal = value;
        bestIdx = i;
      }
    });
    const [chosen] = remaining.splice(bestIdx, 1);
    picked.push(chosen);
    for (const c of remaining) {
      maxSim.set(c, Math.max(maxSim.get(c) ?? -Infinity, cosine(c.vector, chosen.vector)));
    }
  }
  return picked;
}

/** Builds the mmr retriever from its plan. */
export function createMmrRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const lambda = numberParam(plan, "lambda", { min: 0, max: 1 });
  const poolMin = countParam(plan, "candidate_pool_min");
  return defineRetriever("mmr", async (query, topK, result) => {
    const poolSize = Math.max(2 * topK, poolMin);
    const { hits, units } = await searchQuery(
      deps.store,
      query,
      { vector: query.embedding },
      poolSize,
    );
    const candidates: Candidate[] = [];
    const unembedded: { index: number; text: string }[] = [];
    for (const h of hits) {
      const unit = units.get(h.id);
      if (!unit) continue;
      if (!isUsableVector(unit.embedding)) {
        unembedded.push({ index: candidates.length, text: contentText(unit) });
      }
      candidates.push({ unit, score: h.score, method: "mmr", vector: unit.embedding ?? [] });
    }
    if (unembedded.length > 0) {
      const vectors = await deps.embedder.embed(unembedded.map((u) => u.text), deps.signal);
      unembedded.forEach((u, i) => candidates[u.index].vector = vectors[i]);
      result.notes.push(`${unembedded.length} candidate(s) embedded on the fly for diversity`);
    }
    result.units = asScoredUnits(mmrSelect(candidates, topK, lambda));
    return result;
  });
}
