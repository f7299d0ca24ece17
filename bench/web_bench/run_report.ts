/**
 * The text report of `automem run` (`report.txt`): accuracy overall and by level, the official
 * metric beside it (GAIA's leaderboard scorer; the LLM judges WebWalkerQA's and xBench's authors
 * use), tokens, model calls, steps and latency per task, judge statuses and how runs stopped. It
 * quotes no task text, so it is safe for protected benchmarks.
 *
 * @module
 */
import type { WebTaskFile } from "./task_files.ts";

/** The numbers of a report. */
export interface RunSummary {
  benchmark: string;
  selected: number;
  valid: number;
  correct: number;
  accuracy: number;
  /** Tasks correct under the benchmark's official metric (equal to `correct` unless judged). */
  official_correct: number;
  official_accuracy: number;
  by_level: Record<string, { total: number; correct: number }>;
  mean_tokens: number;
  mean_prompt_tokens: number;
  mean_completion_tokens: number;
  mean_steps: number;
  mean_latency_s: number;
  judge_status: Record<string, number>;
  stop: Record<string, number>;
  missing_items: number[];
}

const mean = (xs: number[]) => xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
const count = (xs: string[]) =>
  xs.reduce<Record<string, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});

/** Summarises the selected tasks' files (undefined = no valid result). */
export function summarizeRun(
  benchmark: string,
  items: readonly number[],
  files: readonly (WebTaskFile | undefined)[],
): RunSummary {
  const valid = files.filter((f): f is WebTaskFile => f !== undefined);
  const correct = valid.filter((f) => f.task_score >= 1).length;
  const official = (f: WebTaskFile) => f.result.metrics?.official_correct ?? f.task_score;
  const officialCorrect = valid.filter((f) => official(f) >= 1).length;
  const by_level: RunSummary["by_level"] = {};
  for (const f of valid) {
    const l = (by_level[String(f.level)] ??= { total: 0, correct: 0 });
    l.total++;
    if (f.task_score >= 1) l.correct++;
  }
  const tok = (f: WebTaskFile, k: "prompt" | "completion") =>
    Object.values(f.result.tokens).reduce((n, t) => n + t[k], 0);
  return {
    benchmark,
    selected: items.length,
    valid: valid.length,
    correct,
    accuracy: valid.length ? correct / valid.length : 0,
    official_correct: officialCorrect,
    official_accuracy: valid.length ? officialCorrect / valid.length : 0,
    by_level,
    mean_tokens: mean(valid.map((f) => f.result.total_tokens)),
    mean_prompt_tokens: mean(valid.map((f) => tok(f, "prompt"))),
    mean_completion_tokens: mean(valid.map((f) => tok(f, "completion"))),
    mean_steps: mean(valid.map((f) => f.result.steps)),
    mean_latency_s: mean(valid.map((f) => f.result.latency_ms / 1000)),
    judge_status: count(valid.map((f) => f.result.judge_status)),
    stop: count(valid.map((f) => f.stop)),
    missing_items: items.filter((_, i) => files[i] === undefined),
  };
}

/** The report text. */
export function formatRunReport(s: RunSummary): string {
  const levels = Object.entries(s.by_level).sort(([a], [b]) => a.localeCompare(b))
    .map(([l, v]) => `  level ${l}: ${v.correct}/${v.total} (${(v.correct / v.total).toFixed(3)})`);
  const kv = (m: Record<string, number>) =>
    Object.entries(m).sort().map(([k, v]) => `${k} ${v}`).join(", ") || "-";
  return [
    `${s.benchmark}: ${s.correct}/${s.valid} correct, accuracy ${s.accuracy.toFixed(3)}` +
    ` (${s.valid} of ${s.selected} selected tasks have a valid result)`,
    `official metric: ${s.official_correct}/${s.valid} correct, accuracy ${
      s.official_accuracy.toFixed(3)
    }`,
    ...levels,
    `tokens per task: ${s.mean_tokens.toFixed(0)} (prompt ${s.mean_prompt_tokens.toFixed(0)},` +
    ` completion ${s.mean_completion_tokens.toFixed(0)})`,
    `steps per task: ${s.mean_steps.toFixed(1)}; latency per task: ${
      s.mean_latency_s.toFixed(1)
    } s`,
    `judge: ${kv(s.judge_status)}`,
    `stop: ${kv(s.stop)}`,
    s.missing_items.length
      ? `INCOMPLETE: no valid result for item(s) ${s.missing_items.join(", ")}`
      : "complete",
  ].join("\n") + "\n";
}
