/**
 * `automem locomo`: the memory core's first external yardstick. Each LoCoMo conversation gets its
 * own fresh memory (a temp directory), every session is ingested through the architecture's
 * encoders (`provider.ingest`), and every question with resolvable evidence is asked through
 * `provider.search(question, max k)`. Retrieved units cover the turns in their `source_refs`;
 * see `locomo_metrics.ts` for the exact recall@k and MRR rule. A plain BM25 over the turns of the
 * same conversation (turn text `"Speaker: text"` with `[image: caption]`, k1 1.2, b 0.75; see
 * `locomo_bm25.ts` for its stop list) is computed in the same run as the baseline.
 *
 * Three families of recall come from ONE ranking per question, retrieved at the fixed depth
 * {@linkcode LOCOMO_RANK_DEPTH} whatever k values are asked for (so R@10 never depends on the
 * largest k): unit recall@k (`locomo_metrics.ts`), turn-budget recall and context-budget recall
 * (`locomo_budget.ts`). A unit's context cost is the length of its shown text
 * (`shownText`), a BM25 hit's the length of its turn.
 *
 * Offline by default; with a model, the encoders, planner and model-based retrievers use it.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import { fingerprint } from "../core/spec.ts";
import { RETRIEVER_DEFAULTS } from "../core/compiler.ts";
import { budgetValues, contextBudgetOf, type MeanBlock, MeanTable } from "./locomo_budget.ts";
import { ConversationBm25 } from "./locomo_bm25.ts";
import { loadLocomo, selectConversations } from "./locomo_data.ts";
import { normalizeKs, type RecallBlock, RecallTable, scoreQuestion } from "./locomo_metrics.ts";
import {
  architectureRankings,
  LOCOMO_RANK_DEPTH,
  type RankedEntry,
  type RankingOptions,
} from "./locomo_rankings.ts";

/** Options of {@linkcode evaluateLocomo}: what ranking needs, plus the data and the cut-offs. */
export interface LocomoEvalOptions extends RankingOptions {
  /** Path of `locomo10.json`. */
  dataPath: string | URL;
  /** 1-based conversation numbers in file order (default: all). */
  conversations?: readonly number[];
  /** Cut-offs of unit recall@k (default 1, 5, 10, 20; at most {@linkcode LOCOMO_RANK_DEPTH}). */
  ks?: readonly number[];
  /** Return every question's ranking in `rankings` (default false). */
  rankings?: boolean;
  /** Called after each conversation (progress display). */
  onConversation?: (info: ConversationReport) => void;
}

/** What one conversation contributed. */
export interface ConversationReport {
  index: number;
  sample_id: string;
  sessions: number;
  questions: number;
  units: number;
}

/** One family of budget-matched recall, for the architecture and the baseline. */
export interface BudgetFamily {
  architecture: MeanBlock;
  baseline_bm25: MeanBlock;
}

/** One question's rankings, returned when `rankings` is asked for. */
export interface QuestionRanking {
  question_id: string;
  conversation: number;
  category: number;
  evidence: string[];
  /** Characters of BM25's top-10 turns: this question's context budget. */
  budget_chars: number;
  architecture: RankedEntry[];
  bm25: { id: string; chars: number }[];
}

/** The evaluation result, printed by `automem locomo --json`. */
export interface LocomoEvalResult {
  spec_fingerprint: string;
  /** The retriever's parameters this run used: its defaults with `--params` applied. */
  retrieve_params: Record<string, number | string | readonly string[]>;
  /** The 1-based conversation numbers evaluated. */
  conversations: number[];
  /** Questions scored (those with at least one resolvable evidence turn). */
  questions: number;
  /** Questions skipped because none of their evidence ids resolves to a turn. */
  skipped_questions: number;
  /** Units (or turns) retrieved per question; every family reads this one ranking. */
  ranking_depth: number;
  /** Unit recall@k: k units against k turns (not budget-matched; see the README). */
  architecture: RecallBlock;
  baseline_bm25: RecallBlock;
  /** Recall at B distinct cited turns; value keys are the budgets (5, 10, 20). */
  turn_budget: BudgetFamily;
  /**
   * Recall within the characters of BM25's top-10 turns; value keys: `recall`, `chars` (shown
   * characters spent) and `items` (ranked items taken).
   */
  context_budget: BudgetFamily;
  /** Per-question rankings, when `rankings` was asked for. */
  rankings?: QuestionRanking[];
  wall_s: number;
}

/** Default cut-offs. */
export const DEFAULT_KS: readonly number[] = [1, 5, 10, 20];

/** Runs the evaluation (see the module docs). */
export async function evaluateLocomo(options: LocomoEvalOptions): Promise<LocomoEvalResult> {
  const started = performance.now();
  const ks = normalizeKs(options.ks ?? DEFAULT_KS);
  if (ks[ks.length - 1] > LOCOMO_RANK_DEPTH) {
    throw new AutomemError(
      "invalid_argument",
      `ks: ${ks[ks.length - 1]} exceeds the ranking depth ${LOCOMO_RANK_DEPTH}`,
    );
  }
  const all = await loadLocomo(options.dataPath);
  const numbers = selectConversations(all, options.conversations);
  const tables = {
    arch: new RecallTable(ks),
    bm25: new RecallTable(ks),
    archTurns: new MeanTable(),
    bm25Turns: new MeanTable(),
    archContext: new MeanTable(),
    bm25Context: new MeanTable(),
  };
  const rankings: QuestionRanking[] = [];
  let questions = 0;
  let skipped = 0;
  for (const n of numbers) {
    const conv = all[n - 1];
    const asked = conv.questions.filter((q) => q.evidence.length > 0);
    skipped += conv.questions.length - asked.length;
    const ranked = await architectureRankings(conv, n, asked.map((q) => q.question), options);
    const index = new ConversationBm25(conv);
    asked.forEach((q, i) => {
      const bm25 = index.rank(q.question, LOCOMO_RANK_DEPTH);
      const budget = contextBudgetOf(bm25);
      const arch = ranked.entries[i];
      const archItems = arch.map((e) => ({ refs: e.refs, chars: e.chars }));
      const bm25Items = bm25.map((h) => ({ refs: [h.id], chars: h.chars }));
      tables.arch.add(q.category, scoreQuestion(archItems.map((e) => e.refs), q.evidence, ks));
      tables.bm25.add(q.category, scoreQuestion(bm25Items.map((e) => e.refs), q.evidence, ks));
      const a = budgetValues(archItems, q.evidence, budget);
      const b = budgetValues(bm25Items, q.evidence, budget);
      tables.archTurns.add(q.category, a.turns);
      tables.bm25Turns.add(q.category, b.turns);
      tables.archContext.add(q.category, a.context);
      tables.bm25Context.add(q.category, b.context);
      if (options.rankings) {
        rankings.push({
          question_id: q.id,
          conversation: n,
          category: q.category,
          evidence: [...q.evidence],
          budget_chars: budget,
          architecture: arch,
          bm25,
        });
      }
    });
    questions += asked.length;
    options.onConversation?.({
      index: n,
      sample_id: conv.sample_id,
      sessions: conv.sessions.length,
      questions: asked.length,
      units: ranked.units,
    });
  }
  return {
    spec_fingerprint: fingerprint(options.spec),
    retrieve_params: { ...RETRIEVER_DEFAULTS[options.spec.retrieve], ...options.retrieveParams },
    conversations: numbers,
    questions,
    skipped_questions: skipped,
    ranking_depth: LOCOMO_RANK_DEPTH,
    architecture: tables.arch.summary(),
    baseline_bm25: tables.bm25.summary(),
    turn_budget: {
      architecture: tables.archTurns.summary(),
      baseline_bm25: tables.bm25Turns.summary(),
    },
    context_budget: {
      architecture: tables.archContext.summary(),
      baseline_bm25: tables.bm25Context.summary(),
    },
    ...(options.rankings ? { rankings } : {}),
    wall_s: Math.round((performance.now() - started) / 10) / 100,
  };
}
