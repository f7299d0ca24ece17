import assert from "node:assert/strict";
import type { BenchTask, TaskResult } from "../../bench/benchmark_port.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { makeUnit } from "../../retrieval/testing/mod.ts";
import { spec } from "../testing/specs.ts";
import { diagnoseCandidate } from "./diagnose.ts";

const content = { principle: "invoice export requires the archive flag" };
const pool = [makeUnit("u1", { content, source_task_id: "o" })];
const tasks = ["t1", "t2", "t3", "t4"].map((id): BenchTask => ({
  id,
  text: `export the invoice archive ${id}`,
  level: 1,
  identity: id,
  metadata: { answer: "42" },
}));

function res(id: string, injected: boolean, score = 0): TaskResult {
  return {
    task_id: id,
    identity: id,
    level: 1,
    success: score >= 1,
    score,
    judge_status: "rule",
    steps: 2,
    tokens: {},
    total_tokens: 10,
    memory_tokens: 0,
    latency_ms: 0,
    answer: "no idea",
    trace: {
      task_id: id,
      retrievals: [{
        phase: "begin",
        outcome: injected ? "injected" : "no_candidates",
        query: { literal: "", abstract: "", planner: "literal" },
        retriever: "hybrid",
        candidates: injected
          ? [{
            id: "u1",
            type: "tip",
            score: 1,
            method: "keyword",
            text: content.principle,
            source_task_id: "o",
          }]
          : [],
        injected_ids: injected ? ["u1"] : [],
        composer: "fallback",
        guidance_tokens: 5,
        used_edges: [],
      }],
    },
  };
}
const moveCtx = { evaluated: new Set<string>() };
const input = (model?: ScriptedModel) => ({
  configId: "r1_c0",
  spec: spec("tip/json/hybrid/lightweight"),
  tasks: new Map(tasks.map((t) => [t.id, t])),
  results: [res("t1", false), res("t2", false), res("t3", false), res("t4", true, 1)],
  poolUnits: pool,
  finalUnits: pool,
  maxSteps: 40,
  moveCtx,
  previousPrimary: null,
  model,
});

Deno.test("offline diagnosis: computed verdict with a concrete move and evidence tasks", async () => {
  const a = await diagnoseCandidate(input());
  assert.equal(a.summary.failure_count, 3);
  assert.equal(a.verdict.primary_signal, "store_unreachable");
  assert.equal(a.verdict.confidence, "high");
  assert.match(a.verdict.recommended_action, /^store: json → /);
  assert.deepEqual(a.verdict.evidence_task_ids, ["t1", "t2", "t3"]);
  assert.equal(a.layer_diagnosis.store.status, "critical");
  assert.deepEqual(a.llm_stages, []);
});

Deno.test("with a diagnosis model: subclass reclassification, layer prose, verdict prose", async () => {
  const model = new ScriptedModel({
    rules: [
      (r) =>
        r.purpose === "diagnosis_subclass"
          ? { subclass: "numeric_calculation_error", evidence: "off by one" }
          : undefined,
      (r) =>
        r.purpose === "diagnosis_layers"
          ? {
            encode: { observation: "e", suggestion: "s" },
            store: { observation: "store misses", suggestion: "hybrid" },
            retrieve: { observation: "r", suggestion: "s" },
            manage: { observation: "m", suggestion: "s" },
            overall: "store",
          }
          : undefined,
      (r) =>
        r.purpose === "diagnosis_synthesis"
          ? { reasoning: "The store cannot reach units.", agrees_with_rules: false }
          : undefined,
    ],
  });
  const inp = input(model);
  inp.results = [res("t1", true), res("t2", false), res("t3", false), res("t4", true, 1)];
  const a = await diagnoseCandidate(inp);
  assert.deepEqual(a.reasoning_subclasses, { numeric_calculation_error: 1 });
  assert.equal(a.per_task[0].attribution, "numeric_precision");
  assert.equal(a.layer_diagnosis.store.observation, "store misses");
  assert.equal(a.layer_diagnosis.store.status, "critical", "status stays computed");
  assert.equal(a.verdict.reasoning, "The store cannot reach units.");
  assert.equal(a.verdict.cross_source_agreement, "disagree");
  assert.deepEqual(a.llm_stages, ["subclass", "layers", "synthesis"]);
});

Deno.test("a failing diagnosis model skips its stages and is recorded", async () => {
  const a = await diagnoseCandidate(input(new ScriptedModel({ rules: [() => new Error("down")] })));
  assert.deepEqual(a.llm_stages, ["layers:failed", "synthesis:failed"]);
  assert.equal(a.verdict.cross_source_agreement, "rules_only");
});
