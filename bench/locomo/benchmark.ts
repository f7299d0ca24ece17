/**
 * `createLocomoBenchmark`: every LoCoMo question with resolvable evidence is a task. The first
 * time a provider meets a conversation, every session of it is ingested through the candidate's
 * architecture (`provider.ingest`, once per conversation per provider). A task then asks
 * `beginTask` for guidance (its trace is what diagnosis reads) and `search(question, k)` for the
 * ranked units, excluding the units of other conversations so each question is answered from its
 * own conversation.
 *
 * - Offline: score = context-budget recall, the fraction of gold evidence turns covered by the
 *   `source_refs` of the ranked units that fit, by the length of the text an agent is shown for
 *   them, within the characters of BM25's top-10 turns for the question (`memory/locomo_budget.ts`);
 *   success = every gold turn covered; `judge_status: "rule"`. So the search optimises what an
 *   agent pays for, not how many turns a wide unit claims. `metrics` also carries unit recall@k
 *   and recall at 10 cited turns, all from one ranking of depth `LOCOMO_RANK_DEPTH`. The cost is
 *   the prompt an answering agent would read (the rendered answer prompt with the guidance), with
 *   no completion.
 * - With `deps.model`: the model answers from the guidance (`prompts/locomo_answer.md`), a judge
 *   scores it (`deps.judge` with `prompts/judge.md`, else the rule judge): score = verdict; the
 *   recalls are still reported in `metrics`.
 *
 * Questions are not learned from: `endTask` is never called, because an offline trajectory of a
 * question would carry no answer and a model's would carry the gold-judged answer into memory.
 * Levels come from categories: single-hop (4) → 1, temporal (2) and adversarial (5) → 2,
 * multi-hop (1) and open-domain (3) → 3. LoCoMo is never copied into the repository.
 *
 * @module
 */
import { digestOf, sha256Hex } from "../../core/canonical_json.ts";
import type { TaskContext } from "../../core/trajectory.ts";
import { estimateTokens } from "../../core/usage.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { ConversationBm25 } from "../../memory/locomo_bm25.ts";
import { budgetValues, CONTEXT_BUDGET_TURNS, contextBudgetOf } from "../../memory/locomo_budget.ts";
import { LOCOMO_RANK_DEPTH } from "../../memory/locomo_rankings.ts";
import { shownText } from "../../memory/runtime/unit_format.ts";
import {
  type LocomoConversation,
  type LocomoQuestion,
  parseLocomo,
} from "../../memory/trajectory_io/locomo.ts";
import { answerInto, answerPrompt } from "../answer.ts";
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../benchmark_port.ts";
import { BenchConfigError, errorMessage, readDataFile, TaskFileError } from "../errors.ts";
import { judgeInto } from "../judge.ts";
import { taskIdentity } from "../task_identity.ts";
import { emptyTaskResult, finishTaskResult } from "../task_result.ts";

/** Options of {@linkcode createLocomoBenchmark}. */
export interface LocomoOptions {
  /** Path of `locomo10.json`. */
  dataPath: string;
  /** 1-based conversation numbers in file order (default: all). */
  conversations?: readonly number[];
  /** Units per question for recall (default 10). */
  k?: number;
}

/** Bumped when task construction or scoring changes; enters the dataset hash. */
export const LOCOMO_BENCH_VERSION = "locomo-bench-2";

/** Expected answer for adversarial questions, whose gold is that the conversation never says. */
export const NOT_MENTIONED = "Not mentioned in the conversation";

const LEVEL_OF_CATEGORY: Record<number, 1 | 2 | 3> = { 1: 3, 2: 2, 3: 3, 4: 1, 5: 2 };

/** The LoCoMo benchmark, with how many questions were left out for lack of evidence. */
export interface LocomoBenchmark extends Benchmark {
  readonly k: number;
  readonly skippedQuestions: number;
}

/** Fraction of `evidence` covered by the refs of `refs` (deduplicated turns). */
export function evidenceRecall(
  evidence: readonly string[],
  refs: readonly (readonly string[])[],
): number {
  if (evidence.length === 0) return 0;
  const covered = new Set(refs.flat());
  const gold = [...new Set(evidence)];
  return gold.filter((e) => covered.has(e)).length / gold.length;
}

/** Loads the data and builds the benchmark; throws `DataUnavailableError` when the file is absent. */
export async function createLocomoBenchmark(opts: LocomoOptions): Promise<LocomoBenchmark> {
  const k = opts.k ?? 10;
  if (!Number.isInteger(k) || k < 1 || k > LOCOMO_RANK_DEPTH) {
    throw new BenchConfigError("k", `must be an integer in [1, ${LOCOMO_RANK_DEPTH}], got ${k}`);
  }
  const text = await readDataFile(opts.dataPath);
  const parsed = parseLocomo(text);
  if (!parsed.ok) throw new TaskFileError(opts.dataPath, parsed.issues);
  const all = parsed.value.conversations;
  const picked = [...new Set(opts.conversations ?? all.map((_, i) => i + 1))].sort((a, b) => a - b);
  for (const n of picked) {
    if (!Number.isInteger(n) || n < 1 || n > all.length) {
      throw new BenchConfigError("conversations", `conversation ${n} is not in 1..${all.length}`);
    }
  }
  const datasetHash = digestOf({
    version: LOCOMO_BENCH_VERSION,
    file: sha256Hex(text),
    conversations: picked,
    k,
  });
  const convs = new Map<string, LocomoConversation>();
  const questions = new Map<string, LocomoQuestion>();
  const tasks: BenchTask[] = [];
  let row = 0;
  let skipped = 0;
  all.forEach((conv, i) => {
    const chosen = picked.includes(i + 1);
    if (chosen) convs.set(conv.sample_id, conv);
    for (const q of conv.questions) {
      const r = row++;
      if (!chosen) continue;
      if (q.evidence.length === 0) {
        skipped++;
        continue;
      }
      questions.set(q.id, q);
      tasks.push({
        id: q.id,
        text: q.question,
        level: LEVEL_OF_CATEGORY[q.category],
        identity: taskIdentity(datasetHash, r),
        metadata: {
          benchmark: "locomo",
          conversation_id: conv.sample_id,
          conversation: i + 1,
          category: q.category,
          evidence: q.evidence,
          evidence_complete: q.evidence_complete,
        },
      });
    }
  });
  Object.freeze(tasks);

  // Per provider: conversation id → its ingestion (a promise, so concurrent tasks share it).
  const ingested = new WeakMap<MemoryProvider, Map<string, Promise<void>>>();
  function ensureIngested(provider: MemoryProvider, conv: LocomoConversation): Promise<void> {
    let m = ingested.get(provider);
    if (!m) ingested.set(provider, m = new Map());
    let p = m.get(conv.sample_id);
    if (!p) {
      p = (async () => {
        for (const s of conv.sessions) {
          await provider.ingest(
            { id: s.trajectory.task_id, text: s.trajectory.query },
            s.trajectory,
          );
        }
      })();
      m.set(conv.sample_id, p);
      // A failed ingestion is retried by the next task rather than cached as done.
      p.catch(() => m!.delete(conv.sample_id));
    }
    return p;
  }

  const indexes = new Map<string, ConversationBm25>();
  /** Characters of BM25's top-10 turns for `question`: its context budget. */
  function budgetOf(conv: LocomoConversation, question: string): number {
    let index = indexes.get(conv.sample_id);
    if (!index) indexes.set(conv.sample_id, index = new ConversationBm25(conv));
    return contextBudgetOf(index.rank(question, CONTEXT_BUDGET_TURNS));
  }

  /** Source ids of the conversations `provider` holds besides `conv`, kept out of its search. */
  function otherSessions(provider: MemoryProvider, conv: LocomoConversation): string[] {
    return [...(ingested.get(provider)?.keys() ?? [])]
      .filter((id) => id !== conv.sample_id)
      .flatMap((id) => convs.get(id)?.sessions.map((s) => s.trajectory.task_id) ?? []);
  }

  async function runTask(
    task: BenchTask,
    provider: MemoryProvider,
    deps: RunDeps,
  ): Promise<TaskResult> {
    const q = questions.get(task.id);
    if (!q) throw new RangeError(`task '${task.id}' is not part of this LoCoMo benchmark`);
    const conv = convs.get(String(task.metadata.conversation_id))!;
    const started = deps.clock.now();
    const result = emptyTaskResult(task, "rule");
    try {
      await ensureIngested(provider, conv);
      const ctx: TaskContext = {
        id: task.id,
        text: q.question,
        level: task.level,
        metadata: { benchmark: "locomo", conversation_id: conv.sample_id },
      };
      const guidance = await provider.beginTask(ctx);
      const hits = await provider.search(
        q.question,
        LOCOMO_RANK_DEPTH,
        otherSessions(provider, conv),
      );
      const recall = evidenceRecall(q.evidence, hits.slice(0, k).map((h) => h.unit.source_refs));
      const budget = budgetOf(conv, q.question);
      const items = hits.map((h) => ({
        refs: h.unit.source_refs,
        chars: shownText(h.unit).length,
      }));
      const budgeted = budgetValues(items, q.evidence, budget);
      const contextRecall = budgeted.context.recall;
      result.memory_tokens = guidance?.tokens ?? 0;
      result.metrics = {
        recall_at_k: recall,
        k,
        turn_recall_at_10: budgeted.turns["10"],
        context_recall: contextRecall,
        context_budget_chars: budget,
        context_chars_used: budgeted.context.chars,
        retrieved: hits.length,
        evidence_turns: q.evidence.length,
      };
      if (!deps.model) {
        result.score = contextRecall;
        result.success = contextRecall === 1;
        result.tokens.task = {
          prompt: estimateTokens(answerPrompt(guidance?.text, q.question)),
          completion: 0,
        };
      } else {
        const answer = await answerInto(
          result,
          deps.model,
          guidance?.text,
          q.question,
          "locomo_answer",
          deps.signal,
        );
        await judgeInto(result, deps.judge, {
          question: q.question,
          expected: q.answer ?? NOT_MENTIONED,
          predicted: answer,
        }, deps.signal);
      }
    } catch (e) {
      result.error = errorMessage(e);
    }
    return finishTaskResult(result, provider, deps.clock, started);
  }

  return {
    id: "locomo",
    datasetHash,
    synthetic: false,
    k,
    skippedQuestions: skipped,
    tasks: () => tasks,
    runTask,
  };
}
