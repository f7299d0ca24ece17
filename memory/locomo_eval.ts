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
import { join } from "node:path";
import { compileSpec } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import { type ArchitectureSpec, fingerprint } from "../core/spec.ts";
import { sequentialIds } from "./ids.ts";
import {
  type BudgetItem,
  contextBudgetRecall,
  type MeanBlock,
  MeanTable,
  TURN_BUDGETS,
  turnBudgetRecall,
} from "./locomo_budget.ts";
import { ConversationBm25 } from "./locomo_bm25.ts";
import { normalizeKs, type RecallBlock, RecallTable, scoreQuestion } from "./locomo_metrics.ts";
import { shownText } from "./runtime/unit_format.ts";
import { openMemory, type OpenMemoryDeps } from "./open_memory.ts";
import { type LocomoConversation, parseLocomo } from "./trajectory_io/locomo.ts";

/** Options of {@linkcode evaluateLocomo}. */
export interface LocomoEvalOptions {
  spec: ArchitectureSpec;
  /** Path of `locomo10.json`. */
  dataPath: string | URL;
  /** 1-based conversation numbers in file order (default: all). */
  conversations?: readonly number[];
  /** Cut-offs of unit recall@k (default 1, 5, 10, 20; at most {@linkcode LOCOMO_RANK_DEPTH}). */
  ks?: readonly number[];
  /** Return every question's ranking in `rankings` (default false). */
  rankings?: boolean;
  embedder: Embedder;
  clock: Clock;
  model?: ChatModel;
  /** Parent of the per-conversation temp directories (default: the system temp dir). */
  scratchDir?: string;
  /** Factory overrides passed to `openMemory` (tests, alternative stores). */
  factories?: Pick<
    OpenMemoryDeps,
    "encoder" | "retrieverFactory" | "storeFactory" | "managementFactory"
  >;
  /** Called after each ingested session (progress display; may throw to stop the run). */
  onSession?: (conversation: number, done: number, total: number) => void;
  /** Called after each conversation (progress display). */
  onConversation?: (info: ConversationReport) => void;
  signal?: AbortSignal;
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

/** One retrieved unit of a question's ranking. */
export interface RankedEntry {
  unit_id: string;
  type: string;
  score: number;
  refs: string[];
  chars: number;
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

/** Depth of every ranking (units per question; turns for BM25). */
export const LOCOMO_RANK_DEPTH = 50;

/** BM25 hits whose characters make up a question's context budget. */
export const CONTEXT_BUDGET_TURNS = 10;

/** Reads and parses the data file; throws with every issue when it is not valid LoCoMo. */
export async function loadLocomo(path: string | URL): Promise<LocomoConversation[]> {
  const parsed = parseLocomo(await Deno.readTextFile(path));
  if (!parsed.ok) {
    const head = parsed.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid LoCoMo file ${String(path)}: ${head.join("; ")}`);
  }
  return parsed.value.conversations;
}

/** Resolves 1-based conversation numbers against the file; throws on an out-of-range number. */
export function selectConversations(
  all: readonly LocomoConversation[],
  numbers: readonly number[] | undefined,
): number[] {
  const chosen = numbers ?? all.map((_, i) => i + 1);
  if (chosen.length === 0) throw new RangeError("conversations: at least one is needed");
  for (const n of chosen) {
    if (!Number.isInteger(n) || n < 1 || n > all.length) {
      throw new RangeError(`conversations: ${n} is not in 1..${all.length}`);
    }
  }
  return [...new Set(chosen)];
}

/** BM25 over the conversation's turns: for each question, the top `k` turn ids. */
export function bm25TurnRankings(
  conv: LocomoConversation,
  questions: readonly string[],
  k: number,
): string[][] {
  const bm25 = new ConversationBm25(conv);
  return questions.map((q) => bm25.rank(q, k).map((h) => h.id));
}

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

/** Runs the evaluation (see the module docs). */
export async function evaluateLocomo(options: LocomoEvalOptions): Promise<LocomoEvalResult> {
  const started = performance.now();
  const ks = normalizeKs(options.ks ?? DEFAULT_KS);
  if (ks[ks.length - 1] > LOCOMO_RANK_DEPTH) {
    throw new RangeError(`ks: ${ks[ks.length - 1]} exceeds the ranking depth ${LOCOMO_RANK_DEPTH}`);
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

async function architectureRankings(
  conv: LocomoConversation,
  n: number,
  questions: readonly string[],
  options: LocomoEvalOptions,
): Promise<{ entries: RankedEntry[][]; units: number }> {
  const dir = await Deno.makeTempDir({ dir: options.scratchDir, prefix: "automem_locomo_" });
  try {
    const plan = compileSpec(options.spec, {
      baseDir: join(dir, `conv${n}`),
      embeddingDim: options.embedder.dim,
    });
    const provider = await openMemory(plan, {
      embedder: options.embedder,
      clock: options.clock,
      newId: sequentialIds(`c${n}`),
      model: options.model,
      signal: options.signal,
      ...options.factories,
    });
    try {
      for (const [i, session] of conv.sessions.entries()) {
        const t = session.trajectory;
        await provider.ingest({ id: t.task_id, text: t.query }, t);
        options.onSession?.(n, i + 1, conv.sessions.length);
      }
      const pool = await provider.exportPool();
      const entries: RankedEntry[][] = [];
      for (const q of questions) {
        const hits = await provider.search(q, LOCOMO_RANK_DEPTH);
        entries.push(hits.map((h) => ({
          unit_id: h.unit.id,
          type: h.unit.type,
          score: h.score,
          refs: [...h.unit.source_refs],
          chars: shownText(h.unit).length,
        })));
      }
      return { entries, units: pool.units.filter((u) => u.is_active).length };
    } finally {
      await provider.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
