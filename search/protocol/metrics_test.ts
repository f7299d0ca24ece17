import assert from "node:assert/strict";
import type { TaskResult } from "../../bench/benchmark_port.ts";
import { computeMetrics } from "./metrics.ts";

function result(id: string, score: number, injected: boolean, tokens = 100): TaskResult {
  return {
    task_id: id,
    identity: id,
    level: 1,
    success: score >= 1,
    score,
    judge_status: "rule",
    steps: 1,
    tokens: {},
    total_tokens: tokens,
    memory_tokens: injected ? 10 : 0,
    latency_ms: 0,
    trace: {
      task_id: id,
      retrievals: [{
        phase: "begin",
        outcome: injected ? "injected" : "no_candidates",
        query: { literal: "", abstract: "", planner: "literal" },
        retriever: "hybrid",
        candidates: [],
        injected_ids: injected ? ["u1"] : [],
        composer: "none",
        guidance_tokens: 0,
        used_edges: [],
      }],
    },
  };
}

Deno.test("lift is measured against the same tasks' baseline, fitness penalises empty retrieval", () => {
  const m = computeMetrics(
    [result("a", 1, true, 200), result("b", 0, false)],
    { a: 0, b: 0, c: 1 },
    1000,
  );
  assert.equal(m.score, 0.5);
  assert.equal(m.baseline_score, 0);
  assert.equal(m.lift, 0.5);
  assert.equal(m.empty_retrieval_rate, 0.5);
  assert.equal(m.hit_rate, 0.5);
  assert.equal(m.fitness, 0.475);
  assert.equal(m.cost, 150);
  assert.equal(m.memory_tokens_per_task, 5);
  assert.equal(m.token_eff, 0.85);
  assert.deepEqual(m.by_level, { "1": { n: 2, score: 0.5 } });
});

Deno.test("a task missing from the baseline counts with lift 0, not against a global mean", () => {
  const m = computeMetrics([result("x", 1, true)], {}, 1000);
  assert.equal(m.lift, 0);
});
