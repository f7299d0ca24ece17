/**
 * Budget-matched recall of the LoCoMo evaluation. Unit recall@k (`locomo_metrics.ts`) compares k
 * memory units with k single turns, but a unit may cite many turns and cost many characters, so
 * two budget-matched families are computed from the same ranking:
 *
 * - **turn budget** B: walk the ranked items, expand each item's cited turns in order, and stop
 *   at B distinct turns; recall = gold turns among those B / gold turns. An item that cites many
 *   turns spends the budget as fast as it claims coverage.
 * - **context budget**: walk the ranked items adding the length of the text the agent is shown
 *   for each (`chars`); an item is taken only while the running total stays within the budget,
 *   and the walk stops at the first item that does not fit. The budget of a question is the
 *   characters of BM25's top-10 turns for it, so BM25's own context-budget recall equals its R@10.
 *
 * Both are averaged over questions, overall and per category, by {@linkcode MeanTable}.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** One ranked item: the turns it covers and the characters of the text the agent sees. */
export interface BudgetItem {
  refs: readonly string[];
  chars: number;
}

/** Turn budgets reported by default. */
export const TURN_BUDGETS: readonly number[] = [5, 10, 20];

function goldOf(gold: readonly string[]): Set<string> {
  const set = new Set(gold);
  if (set.size === 0) {
    throw new AutomemError("invalid_argument", "budget recall: a question needs gold evidence");
  }
  return set;
}

/** Recall at each turn budget (keys are the budgets). */
export function turnBudgetRecall(
  ranked: readonly (readonly string[])[],
  gold: readonly string[],
  budgets: readonly number[] = TURN_BUDGETS,
): Record<string, number> {
  const goldSet = goldOf(gold);
  const sorted = [...new Set(budgets)].sort((a, b) => a - b);
  const seen = new Set<string>();
  const covered = new Set<string>();
  const out: Record<string, number> = {};
  let next = 0;
  const record = () => {
    while (next < sorted.length && seen.size >= sorted[next]) {
      out[String(sorted[next++])] = covered.size / goldSet.size;
    }
  };
  for (const refs of ranked) {
    for (const ref of refs) {
      if (next >= sorted.length) break;
      if (seen.has(ref)) continue;
      seen.add(ref);
      if (goldSet.has(ref)) covered.add(ref);
      record();
    }
  }
  // Rankings that cite fewer turns than a budget keep what they found.
  for (; next < sorted.length; next++) out[String(sorted[next])] = covered.size / goldSet.size;
  return out;
}

/** Recall within `budgetChars` characters of shown text, and what was spent. */
export interface ContextBudgetScore {
  recall: number;
  chars: number;
  items: number;
}

/** Context-budget recall (see the module docs for the stop rule). */
export function contextBudgetRecall(
  ranked: readonly BudgetItem[],
  gold: readonly string[],
  budgetChars: number,
): ContextBudgetScore {
  const goldSet = goldOf(gold);
  const covered = new Set<string>();
  let chars = 0;
  let items = 0;
  for (const item of ranked) {
    if (chars + item.chars > budgetChars) break;
    chars += item.chars;
    items++;
    for (const ref of item.refs) if (goldSet.has(ref)) covered.add(ref);
  }
  return { recall: covered.size / goldSet.size, chars, items };
}

/** Means of named values over questions. */
export interface MeanSummary {
  values: Record<string, number>;
  questions: number;
}

/** The overall means plus one set per question category. */
export interface MeanBlock extends MeanSummary {
  by_category: Record<string, MeanSummary>;
}

class Sums {
  n = 0;
  readonly sums = new Map<string, number>();

  add(values: Record<string, number>): void {
    this.n++;
    for (const [k, v] of Object.entries(values)) this.sums.set(k, (this.sums.get(k) ?? 0) + v);
  }

  summary(): MeanSummary {
    const values: Record<string, number> = {};
    for (const [k, v] of this.sums) values[k] = this.n ? v / this.n : 0;
    return { values, questions: this.n };
  }
}

/** Accumulates named per-question values overall and per category (macro means). */
export class MeanTable {
  readonly #all = new Sums();
  readonly #byCategory = new Map<string, Sums>();

  /** Adds one question of `category`. */
  add(category: number | string, values: Record<string, number>): void {
    this.#all.add(values);
    const key = String(category);
    const sums = this.#byCategory.get(key) ?? new Sums();
    sums.add(values);
    this.#byCategory.set(key, sums);
  }

  /** Means, categories in ascending order. */
  summary(): MeanBlock {
    const by_category: Record<string, MeanSummary> = {};
    for (const key of [...this.#byCategory.keys()].sort()) {
      by_category[key] = this.#byCategory.get(key)!.summary();
    }
    return { ...this.#all.summary(), by_category };
  }
}

/** BM25 hits whose characters make up a question's context budget. */
export const CONTEXT_BUDGET_TURNS = 10;

/** Budget of a question: characters of the first {@linkcode CONTEXT_BUDGET_TURNS} BM25 hits. */
export function contextBudgetOf(bm25: readonly { chars: number }[]): number {
  return bm25.slice(0, CONTEXT_BUDGET_TURNS).reduce((n, h) => n + h.chars, 0);
}

/** The three families for one question's ranking (`chars` is the shown text per item). */
export function budgetValues(
  ranked: readonly BudgetItem[],
  gold: readonly string[],
  budgetChars: number,
): { turns: Record<string, number>; context: Record<string, number> } {
  const c = contextBudgetRecall(ranked, gold, budgetChars);
  return {
    turns: turnBudgetRecall(ranked.map((r) => r.refs), gold, TURN_BUDGETS),
    context: { recall: c.recall, chars: c.chars, items: c.items },
  };
}
