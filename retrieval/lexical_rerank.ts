/**
 * The offline rerank of `cbr_rerank` (variant `cbr_rerank:lexical`): without a model, a lexical
 * and structural score in [0, 1] stands in for the model's `score / 10`.
 *
 * `lexical = 0.5 · Jaccard(query, source task) + 0.3 · coverage(query, content) + 0.2 · outcome`,
 * where coverage is the share of the query's terms found in the unit's text and the outcome prior
 * is 1 for units from successful tasks, 0.75 for op-synthesised units and 0.5 for units from
 * failed tasks (they hold warnings, useful but less directly reusable). Source-task overlap gets
 * the largest share because CBR's premise is that similar tasks have similar solutions.
 *
 * @module
 */
import { contentText, type MemoryUnit } from "../core/unit.ts";
import { coverage, jaccard, termSet } from "./lexical.ts";

/** Component weights of the lexical score (sum to 1, so the score stays in [0, 1]). */
export const LEXICAL_RERANK_WEIGHTS = Object.freeze({ case: 0.5, content: 0.3, outcome: 0.2 });

/** Outcome priors of the structural component. */
export const OUTCOME_PRIOR: Readonly<Record<MemoryUnit["task_outcome"], number>> = Object.freeze({
  success: 1,
  "": 0.75,
  failure: 0.5,
});

/** Lexical and structural relevance of `unit` to a query, in [0, 1]. */
export function lexicalRelevance(queryTerms: ReadonlySet<string>, unit: MemoryUnit): number {
  const w = LEXICAL_RERANK_WEIGHTS;
  return w.case * jaccard(queryTerms, termSet(unit.source_task_query)) +
    w.content * coverage(queryTerms, termSet(contentText(unit))) +
    w.outcome * OUTCOME_PRIOR[unit.task_outcome];
}
