import assert from "node:assert/strict";
import { parseSpec, toSearchShape } from "../../core/spec.ts";
import {
  dryRunBaselineScore,
  pyRound,
  quantiseSynthetic,
  seedOf,
  syntheticAccuracy,
  syntheticCandidateMetrics,
  syntheticTaskScore,
} from "./dry_run.ts";

function shape(encode: string[], store: string, retrieve: string, manage: string) {
  const r = parseSpec({ schema_version: "1", encode, store, retrieve, manage });
  if (!r.ok) throw new Error("bad spec");
  return toSearchShape(r.value);
}

Deno.test("python rounding: exact binary value, ties to even", () => {
  assert.equal(pyRound(0.53125, 4), 0.5312);
  assert.equal(pyRound(0.53135, 4), 0.5313, "0.53135 is below the tie in binary");
  assert.equal(pyRound(2.5, 0), 2);
  assert.equal(pyRound(3.5, 0), 4);
  assert.equal(pyRound(-0.30015, 4), -0.3001, "as Python: -0.30015 is above the tie in binary");
  assert.equal(pyRound(0.99999, 4), 1);
});

Deno.test("the baseline passes every row except (17i+3) mod 5 == 0", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map(dryRunBaselineScore), [1, 0, 1, 1, 1, 1, 0]);
});

Deno.test("candidate metrics reproduce the reference's test vectors", () => {
  const arch = shape(["tip"], "json", "hybrid", "lightweight");
  assert.equal(
    seedOf({ architecture: arch, candidate_id: 0, round_id: 1 }).toString(16).padStart(16, "0"),
    "eee2fcd92d53152a",
  );
  assert.deepEqual(
    syntheticCandidateMetrics({
      architecture: arch,
      candidateId: 0,
      roundId: 1,
      baselineAccuracy: 0.8333,
      totalTasks: 2,
    }),
    {
      accuracy: 0.5331,
      hit_rate: 0.4062,
      token_eff: 0.9963,
      memory_lift: -0.3002,
      fitness: 0.554,
      total_tasks: 2,
      synthetic: true,
    },
  );
});

Deno.test("final-test quantisation passes round(acc*n) tasks and recomputes lift", () => {
  const m = {
    accuracy: 0.877,
    hit_rate: 0.5,
    token_eff: 0.9,
    memory_lift: 0,
    fitness: 0,
    total_tasks: 2,
    synthetic: true as const,
  };
  const q = quantiseSynthetic(m, 1, 0);
  assert.equal(q.passes, 1);
  assert.equal(q.accuracy, 1);
  assert.equal(q.memory_lift, 1);
  assert.equal(q.fitness, pyRound(0.7 + 0.1 + 0.09, 4));
});

Deno.test("per-task synthetic scores are deterministic, binary and track the synthetic accuracy", () => {
  const fp = "ec00873a727a1081ebf88d8ff6dde3f53f159f5e63cc5dcf320b61e3ccc87acd";
  assert.equal(syntheticTaskScore(fp, "t1"), syntheticTaskScore(fp, "t1"));
  const scores = Array.from({ length: 2000 }, (_, i) => syntheticTaskScore(fp, `t${i}`));
  assert.ok(scores.every((s) => s === 0 || s === 1));
  const mean = scores.reduce((a: number, b) => a + b, 0) / scores.length;
  assert.ok(Math.abs(mean - syntheticAccuracy(fp)) < 0.04, `${mean} vs ${syntheticAccuracy(fp)}`);
  const other = Array.from({ length: 50 }, (_, i) => syntheticTaskScore("0".repeat(64), `t${i}`));
  assert.notDeepEqual(other, scores.slice(0, 50), "different architectures get different scores");
});
