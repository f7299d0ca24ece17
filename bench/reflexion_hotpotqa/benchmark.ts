/**
 * `createReflexionHotpotBenchmark`: Reflexion's own cross-trial setting on its published HotpotQA
 * log, scored offline from the dataset alone. A ReAct agent attempted each of 100 questions in up
 * to five trials; a question it failed is attempted again with what it remembers of its earlier
 * trials.
 *
 * Memory follows the log's timeline: every chosen question's attempts (up to its first success;
 * Reflexion copies a solved record into later trials) are taken in trial by trial through the
 * architecture (`provider.endTask` with the trajectory and an outcome that says whether the
 * agent's answer was right, never the gold answer), once per provider. A task is a question whose
 * first trial failed (questions solved at once are only distractors) and whose gold answer can
 * be evidenced by text (not yes/no). It is checked at each of its later attempts t: the check
 * ranks units with the question as the query, excluding every attempt of trial t or later and
 * units consolidated from them (so memory holds trials 1..t−1 of all questions), walks the
 * ranking adding each unit's shown text while it fits in a character budget, and asks whether
 * that context holds the gold answer (HotpotQA's normalisation, `answer_in_context.ts`), at each
 * of {@linkcode HOTPOT_CONTEXT_BUDGETS} (500, 1,000, 2,000). A check's value is the share of
 * budgets that hold it; score = the mean over checks; success = every check holds it within
 * 2,000 characters;
 * `judge_status: "rule"`. The cost is the answer prompt an agent would read at each check (with
 * the guidance of `beginTask`), summed. A task model, when given, is not used: the objective is
 * the dataset's.
 *
 * Questions are numbered 1–100 in the order of their ids (a hash of the question text); the
 * default is the search half, 1–50, and 51–100 are held out. The log is never copied into the repository.
 *
 * @module
 */
import { digestOf, sha256Hex } from "../../core/canonical_json.ts";
import type { TaskContext, TaskOutcome } from "../../core/trajectory.ts";
import { estimateTokens } from "../../core/usage.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { shownText } from "../../memory/runtime/unit_format.ts";
import {
  type HotpotRecord,
  parseReflexionHotpotLog,
} from "../../memory/trajectory_io/hotpot_reflexion.ts";
import { answerPrompt } from "../answer.ts";
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../benchmark_port.ts";
import { BenchConfigError, errorMessage, readDataFile, TaskFileError } from "../errors.ts";
import { taskIdentity } from "../task_identity.ts";
import { emptyTaskResult, finishTaskResult } from "../task_result.ts";
import {
  budgetHits,
  HOTPOT_CONTEXT_BUDGETS,
  HOTPOT_CONTEXT_CHARS,
  unscorableAnswer,
} from "./answer_in_context.ts";
import { HOTPOT_SEARCH_QUESTIONS } from "./default_path.ts";

/** Options of {@linkcode createReflexionHotpotBenchmark}. */
export interface ReflexionHotpotOptions {
  /** Path of the Reflexion HotpotQA log. */
  dataPath: string;
  /** 1-based question numbers in id order (default: 1–50, the search half). */
  questions?: readonly number[];
}

/** Bumped when task construction or scoring changes; enters the dataset hash. */
export const HOTPOT_BENCH_VERSION = "reflexion-hotpotqa-2";

/** Units ranked per check before the budget walk. */
export const HOTPOT_RANK_DEPTH = 50;

/** The benchmark, with why questions were left out. */
export interface ReflexionHotpotBenchmark extends Benchmark {
  /** Chosen questions solved at trial 1, yes/no questions, questions with one trial. */
  readonly skipped: { solvedFirst: number; yesNo: number; singleTrial: number };
}

/** A chosen question: its records by trial and the trials at which it is checked. */
interface Question {
  id: string;
  text: string;
  gold: string;
  records: HotpotRecord[];
  checks: number[];
}

/** The outcome memory is told: whether the answer was right, never what the right one was. */
export function visibleOutcome(r: HotpotRecord): TaskOutcome {
  const answer = r.outcome.answer;
  if (r.outcome.success) return { success: true, score: 1, ...(answer ? { answer } : {}) };
  return {
    success: false,
    score: 0,
    ...(answer !== undefined ? { answer } : {}),
    failure_reason: r.label === "HALTED"
      ? "Halted: the agent used its step budget without a Finish action"
      : `Answer is INCORRECT: the agent answered '${answer ?? ""}'`,
  };
}

/**
 * Groups records by question, each sorted by trial, the questions ordered by id. The id is a hash
 * of the question, so the order (and the halves) is independent of how the agent did; the log's
 * own order puts trial 1's solved questions first.
 */
export function questionsOf(records: readonly HotpotRecord[]): HotpotRecord[][] {
  const by = new Map<string, HotpotRecord[]>();
  for (const r of records) {
    const list = by.get(r.question_id);
    if (list) list.push(r);
    else by.set(r.question_id, [r]);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    .map(([, rs]) => rs.sort((a, b) => a.trial - b.trial));
}

/** How many of a question's records are attempts: up to and including its first success. */
export function attemptsOf(records: readonly HotpotRecord[]): number {
  const solved = records.findIndex((r) => r.outcome.success);
  return solved < 0 ? records.length : solved + 1;
}

/** Trials (≥ 2) at which a question is checked: its attempts after the first. */
export function checkTrials(records: readonly HotpotRecord[]): number[] {
  return records.slice(1, attemptsOf(records)).map((r) => r.trial);
}

/** Loads the log and builds the benchmark; `DataUnavailableError` when the file is absent. */
export async function createReflexionHotpotBenchmark(
  opts: ReflexionHotpotOptions,
): Promise<ReflexionHotpotBenchmark> {
  const text = await readDataFile(opts.dataPath);
  const parsed = parseReflexionHotpotLog(text);
  if (!parsed.ok) throw new TaskFileError(opts.dataPath, parsed.issues);
  const all = questionsOf(parsed.value);
  const picked = [...new Set(opts.questions ?? HOTPOT_SEARCH_QUESTIONS)].sort((a, b) => a - b);
  for (const n of picked) {
    if (!Number.isInteger(n) || n < 1 || n > all.length) {
      throw new BenchConfigError("questions", `question ${n} is not in 1..${all.length}`);
    }
  }
  const datasetHash = digestOf({
    version: HOTPOT_BENCH_VERSION,
    file: sha256Hex(text),
    questions: picked,
    budgets: HOTPOT_CONTEXT_BUDGETS,
  });
  const skipped = { solvedFirst: 0, yesNo: 0, singleTrial: 0 };
  const questions = new Map<string, Question>();
  const tasks: BenchTask[] = [];
  for (const n of picked) {
    const records = all[n - 1];
    const first = records[0];
    if (first.outcome.success) {
      skipped.solvedFirst++;
      continue;
    }
    if (unscorableAnswer(first.expected)) {
      skipped.yesNo++;
      continue;
    }
    const checks = checkTrials(records);
    if (checks.length === 0) {
      skipped.singleTrial++;
      continue;
    }
    const solvedAt = records.find((r) => r.outcome.success)?.trial;
    questions.set(first.question_id, {
      id: first.question_id,
      text: first.question,
      gold: first.expected,
      records,
      checks,
    });
    tasks.push({
      id: first.question_id,
      text: first.question,
      // Never solved → hardest; solved by trial 3 → easiest.
      level: solvedAt === undefined ? 3 : solvedAt <= 3 ? 1 : 2,
      identity: taskIdentity(datasetHash, n - 1),
      metadata: {
        benchmark: "reflexion-hotpotqa",
        question: n,
        checks,
        ...(solvedAt !== undefined ? { solved_at_trial: solvedAt } : {}),
      },
    });
  }
  Object.freeze(tasks);
  const lastCheck = Math.max(0, ...[...questions.values()].flatMap((q) => q.checks));
  // The timeline memory sees: every chosen question's attempts, trial by trial, up to its first
  // success (Reflexion copies a solved record into later trials; those are not attempts).
  const timeline = all.filter((_, i) => picked.includes(i + 1))
    .flatMap((rs) => rs.slice(0, attemptsOf(rs)))
    .filter((r) => r.trial < lastCheck)
    .sort((a, b) => a.trial - b.trial);

  const ingested = new WeakMap<MemoryProvider, Promise<void>>();
  function ensureIngested(provider: MemoryProvider): Promise<void> {
    let p = ingested.get(provider);
    if (!p) {
      p = (async () => {
        for (const r of timeline) await provider.endTask(r.task, r.trajectory, visibleOutcome(r));
      })();
      ingested.set(provider, p);
      // A failed ingestion is retried by the next task rather than cached as done.
      p.catch(() => ingested.delete(provider));
    }
    return p;
  }

  async function check(provider: MemoryProvider, q: Question, trial: number, task: BenchTask) {
    const ctx: TaskContext = { id: task.id, text: q.text, level: task.level };
    const guidance = await provider.beginTask(ctx);
    // Memory at trial t holds trials 1..t−1: later attempts (of any question) are kept out.
    const later = timeline.filter((r) => r.trial >= trial).map((r) => r.task.id);
    const hits = await provider.search(q.text, HOTPOT_RANK_DEPTH, later);
    const context = budgetHits(q.gold, hits.map((h) => shownText(h.unit)));
    return {
      hits: context.hits,
      chars: context.chars,
      prompt: estimateTokens(answerPrompt(guidance?.text, q.text)),
      memory: guidance?.tokens ?? 0,
    };
  }

  async function runTask(
    task: BenchTask,
    provider: MemoryProvider,
    deps: RunDeps,
  ): Promise<TaskResult> {
    const q = questions.get(task.id);
    if (!q) {
      throw new RangeError(`task '${task.id}' is not part of this Reflexion HotpotQA benchmark`);
    }
    const started = deps.clock.now();
    const result = emptyTaskResult(task, "rule");
    try {
      await ensureIngested(provider);
      const perBudget = HOTPOT_CONTEXT_BUDGETS.map(() => 0);
      let value = 0;
      let chars = 0;
      let prompt = 0;
      for (const trial of q.checks) {
        const c = await check(provider, q, trial, task);
        c.hits.forEach((h, i) => perBudget[i] += h ? 1 : 0);
        value += c.hits.filter(Boolean).length / c.hits.length;
        chars += c.chars;
        prompt += c.prompt;
        result.memory_tokens += c.memory;
      }
      const n = q.checks.length;
      result.score = value / n;
      result.success = perBudget[perBudget.length - 1] === n;
      result.tokens.task = { prompt, completion: 0 };
      result.metrics = {
        checks: n,
        ...Object.fromEntries(
          HOTPOT_CONTEXT_BUDGETS.map((b, i) => [`answer_in_context_${b}`, perBudget[i] / n]),
        ),
        context_chars_mean: chars / n,
        context_budget_chars: HOTPOT_CONTEXT_CHARS,
      };
    } catch (e) {
      result.error = errorMessage(e);
    }
    return finishTaskResult(result, provider, deps.clock, started);
  }

  return {
    id: "reflexion-hotpotqa",
    datasetHash,
    synthetic: false,
    skipped,
    tasks: () => tasks,
    runTask,
  };
}
