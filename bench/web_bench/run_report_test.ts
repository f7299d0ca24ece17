import assert from "node:assert/strict";
import { formatRunReport, summarizeRun } from "./run_report.ts";
import type { WebTaskFile } from "./task_files.ts";

const f = (item: number, level: number, score: number, tokens: number): WebTaskFile => ({
  item_index: item,
  task_identity: `h:${item}`,
  task_id: `t${item}`,
  status: "success",
  judge_unjudged: false,
  task_score: score,
  level,
  stop: "final_answer",
  result: {
    success: score === 1,
    score,
    judge_status: "rule",
    steps: 4,
    total_tokens: tokens,
    latency_ms: 2000,
    tokens: { task: { prompt: tokens - 10, completion: 10 } },
  },
});

Deno.test("the report gives accuracy by level, tokens per task and the missing items", () => {
  const s = summarizeRun("GAIA", [1, 2, 3], [f(1, 1, 1, 100), undefined, f(3, 2, 0, 300)]);
  assert.deepEqual([s.valid, s.correct, s.accuracy, s.mean_tokens], [2, 1, 0.5, 200]);
  assert.deepEqual(s.missing_items, [2]);
  const text = formatRunReport(s);
  assert.match(text, /GAIA: 1\/2 correct, accuracy 0\.500 \(2 of 3 selected/);
  assert.match(text, /level 1: 1\/1/);
  assert.match(text, /tokens per task: 200 \(prompt 190, completion 10\)/);
  assert.match(text, /INCOMPLETE: no valid result for item\(s\) 2/);
});

Deno.test("the report shows the official metric as its own line beside a judge's accuracy", () => {
  const judged = f(1, 1, 1, 100);
  judged.result.metrics = { official_correct: 0 };
  const s = summarizeRun("GAIA", [1, 2], [judged, f(2, 1, 1, 100)]);
  assert.deepEqual([s.correct, s.official_correct], [2, 1]);
  const text = formatRunReport(s);
  assert.match(text, /GAIA: 2\/2 correct, accuracy 1\.000/);
  assert.match(text, /official metric: 1\/2 correct, accuracy 0\.500/);
});
