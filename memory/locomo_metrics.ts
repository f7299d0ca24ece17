/**
 * Evidence-recall metrics of the LoCoMo evaluation.
 *
 * The rule: a retrieved item "covers" the conversation turns it was derived from — a unit its
 * `source_refs`, a BM25 hit its own turn. recall@k of a question = |gold turns covered by the top
 * k items| / |gold turns|, with turns deduplicated (a turn covered twice counts once, so an item
 * cannot score more than the gold it really brings). The reciprocal rank is 1/r for the first
 * item (rank r, 1-based, within the largest k) that covers any gold turn, else 0. Both are
 * averaged over questions (macro), overall and per category.
 *
 * Because one unit may cover several turns (a session trajectory covers all of them), recall@k of
 * an architecture is not a budget-matched comparison with turn-level BM25; `turns_per_item`, the
 * mean number of distinct turns one retrieved item covers (within the largest k), is reported
 * beside it so the two can be read together.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** Recall at each k and the reciprocal rank of one question. */
export interface QuestionScore {
  recall: Record<string, number>;
  rr: number;
  /** Mean distinct turns covered per retrieved item (0 when nothing was retrieved). */
  turns: number;
}

/** Averages over a set of questions. */
export interface RecallSummary {
  /** Keys are the requested k values. */
  recall: Record<string, number>;
  /** Mean reciprocal rank within the top `mrr_at` items (a gold hit further down counts 0). */
  mrr: number;
  /** The cut-off of `mrr`: the largest k asked for. */
  mrr_at: number;
  questions: number;
  /** Mean distinct turns one retrieved item covers. */
  turns_per_item: number;
}

/** The overall summary plus one per question category. */
export interface RecallBlock extends RecallSummary {
  by_category: Record<string, RecallSummary>;
}

/** Validates and sorts the k list: positive integers, deduplicated. */
export function normalizeKs(ks: readonly number[]): number[] {
  if (ks.length === 0) throw new AutomemError("invalid_argument", "ks: at least one k is needed");
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1) {
      throw new AutomemError("invalid_argument", `ks: ${k} is not a positive integer`);
    }
  }
  return [...new Set(ks)].sort((a, b) => a - b);
}

/**
 * Scores one question: `ranked[i]` are the turn refs covered by the item at rank i+1 (best
 * first), `gold` the evidence turns.
 */
export function scoreQuestion(
  ranked: readonly (readonly string[])[],
  gold: readonly string[],
  ks: readonly number[],
): QuestionScore {
  const goldSet = new Set(gold);
  if (goldSet.size === 0) {
    throw new AutomemError("invalid_argument", "scoreQuestion: a question needs gold evidence");
  }
  const covered = new Set<string>();
  const recall: Record<string, number> = {};
  let rr = 0;
  const sorted = [...ks].sort((a, b) => a - b);
  let next = 0;
  const maxK = sorted[sorted.length - 1];
  let items = 0;
  let turns = 0;
  for (let rank = 1; rank <= maxK; rank++) {
    const refs = ranked[rank - 1] ?? [];
    if (rank <= ranked.length) {
      items++;
      turns += new Set(refs).size;
    }
    let hit = false;
    for (const ref of refs) {
      if (goldSet.has(ref)) {
        covered.add(ref);
        hit = true;
      }
    }
    if (hit && rr === 0) rr = 1 / rank;
    while (next < sorted.length && sorted[next] === rank) {
      recall[String(rank)] = covered.size / goldSet.size;
      next++;
    }
  }
  return { recall, rr, turns: items ? turns / items : 0 };
}

class Sums {
  n = 0;
  rr = 0;
  turns = 0;
  readonly recall = new Map<string, number>();

  add(s: QuestionScore): void {
    this.n++;
    this.rr += s.rr;
    this.turns += s.turns;
    for (const [k, v] of Object.entries(s.recall)) {
      this.recall.set(k, (this.recall.get(k) ?? 0) + v);
    }
  }

  summary(ks: readonly number[]): RecallSummary {
    const recall: Record<string, number> = {};
    for (const k of ks) recall[String(k)] = this.n ? (this.recall.get(String(k)) ?? 0) / this.n : 0;
    const mean = (x: number) => this.n ? x / this.n : 0;
    return {
      recall,
      mrr: mean(this.rr),
      mrr_at: Math.max(0, ...ks),
      questions: this.n,
      turns_per_item: mean(this.turns),
    };
  }
}

/** Accumulates question scores overall and per category. */
export class RecallTable {
  readonly #ks: number[];
  readonly #all = new Sums();
  readonly #byCategory = new Map<string, Sums>();

  /** A table for the given k values. */
  constructor(ks: readonly number[]) {
    this.#ks = normalizeKs(ks);
  }

  /** Adds one scored question of `category`. */
  add(category: number | string, score: QuestionScore): void {
    this.#all.add(score);
    const key = String(category);
    const sums = this.#byCategory.get(key) ?? new Sums();
    sums.add(score);
    this.#byCategory.set(key, sums);
  }

  /** Macro averages, categories in ascending order. */
  summary(): RecallBlock {
    const by_category: Record<string, RecallSummary> = {};
    for (const key of [...this.#byCategory.keys()].sort()) {
      by_category[key] = this.#byCategory.get(key)!.summary(this.#ks);
    }
    return { ...this.#all.summary(this.#ks), by_category };
  }
}
