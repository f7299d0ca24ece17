/**
 * The score of one check of the Reflexion HotpotQA benchmark: does the context an agent would be
 * shown, within a fixed character budget, contain the gold answer? Answers and context are
 * compared after HotpotQA's official answer normalisation (lower case, punctuation and the
 * articles a/an/the removed, whitespace collapsed), as whole words.
 *
 * @module
 */

/**
 * Context budgets in characters of shown unit text, equal for every architecture. A check scores
 * the share of them whose context holds the answer: the area under answer-in-context against
 * budget, so an architecture that ranks the answer-bearing unit first beats one that only fits
 * it in at the largest budget.
 */
export const HOTPOT_CONTEXT_BUDGETS: readonly number[] = [500, 1000, 2000];

/** The largest budget: a check "hits" when the answer is in this context. */
export const HOTPOT_CONTEXT_CHARS = 2000;

/** Per budget, is the answer in the context that fits? And the characters the largest takes. */
export function budgetHits(
  gold: string,
  ranked: readonly string[],
  budgets: readonly number[] = HOTPOT_CONTEXT_BUDGETS,
): { hits: boolean[]; chars: number } {
  const hits = budgets.map((b) => answerInContext(gold, budgetedContext(ranked, b).texts));
  return { hits, chars: budgetedContext(ranked, Math.max(...budgets)).chars };
}

/** HotpotQA's `normalize_answer`: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, "")
    .replace(/\b(a|an|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * True when the gold answer cannot be evidenced by text: empty after normalisation, or a bare
 * yes/no (comparison questions), which any context would "contain" by chance.
 */
export function unscorableAnswer(gold: string): boolean {
  const g = normalizeAnswer(gold);
  return g === "" || g === "yes" || g === "no";
}

/** The ranked texts taken within `budget` characters: stops at the first one that does not fit. */
export function budgetedContext(ranked: readonly string[], budget: number): {
  texts: string[];
  chars: number;
} {
  const texts: string[] = [];
  let chars = 0;
  for (const text of ranked) {
    if (chars + text.length > budget) break;
    chars += text.length;
    texts.push(text);
  }
  return { texts, chars };
}

/** Does `context` hold the normalised `gold` as whole words? */
export function answerInContext(gold: string, context: readonly string[]): boolean {
  const g = normalizeAnswer(gold);
  if (g === "") return false;
  return context.some((t) => ` ${normalizeAnswer(t)} `.includes(` ${g} `));
}
