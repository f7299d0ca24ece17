import assert from "node:assert/strict";
import type { BenchTask, TaskResult } from "../../bench/benchmark_port.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import type { RetrievalTrace } from "../../memory/provider_port.ts";
import { makeUnit } from "../../retrieval/testing/mod.ts";
import { RelevanceIndex, relevanceThreshold } from "./relevance.ts";
import { attributeTask, similarity } from "./rules.ts";

const unit = (id: string, text: string) => makeUnit(id, { text, source_task_id: "old" });
const POOL = [
  unit("inv", "invoice export requires the archive flag before upload"),
  unit("bak", "backup rotation keeps seven daily snapshots"),
  unit("dep", "deploy needs a green pipeline and a signed tag"),
];
const TASK: BenchTask = {
  id: "t1",
  text: "Export the invoice archive for March",
  level: 1,
  identity: "x",
  metadata: {},
};

function retrieval(candidates: MemoryUnit[], injected: string[]): RetrievalTrace {
  return {
    phase: "begin",
    outcome: injected.length ? "injected" : "no_candidates",
    query: { literal: TASK.text, abstract: "", planner: "literal" },
    retriever: "hybrid",
    candidates: candidates.map((u) => ({
      id: u.id,
      type: u.type,
      score: 0.5,
      method: "keyword",
      text: String(u.content.principle),
      source_task_id: "old",
    })),
    injected_ids: injected,
    composer: "fallback",
    guidance_tokens: 10,
    used_edges: [],
  };
}
function result(
  extra: Partial<TaskResult> = {},
  trace: RetrievalTrace[] = [],
  used?: string[],
): TaskResult {
  return {
    task_id: "t1",
    identity: "x",
    level: 1,
    success: false,
    score: 0,
    judge_status: "rule",
    steps: 3,
    tokens: {},
    total_tokens: 100,
    memory_tokens: 0,
    latency_ms: 0,
    answer: "wrong",
    trace: {
      task_id: "t1",
      retrievals: trace,
      end: used
        ? {
          extracted: [],
          extraction_failures: [],
          inserted_ids: [],
          deduped: 0,
          used_unit_ids: used,
          ops: [],
        }
        : undefined,
    },
    ...extra,
  };
}
function label(
  r: TaskResult,
  opts: {
    pool?: MemoryUnit[];
    units?: MemoryUnit[];
    task?: Partial<BenchTask>;
    maxSteps?: number;
  } = {},
) {
  const pool = opts.pool ?? POOL;
  return attributeTask({
    task: { ...TASK, ...opts.task },
    result: r,
    pool: new RelevanceIndex(pool),
    units: new Map((opts.units ?? pool).map((u) => [u.id, u])),
    maxSteps: opts.maxSteps ?? 40,
  }).attribution;
}
const inv = POOL[0], bak = POOL[1];

Deno.test("scope and format gates", () => {
  assert.equal(label(result({ score: 1, success: true })), "success");
  assert.equal(label(result({ error: "timeout" })), "infra_error");
  assert.equal(label(result({ judge_status: "error" })), "judge_format_mismatch");
  assert.equal(
    label(result({ answer: "102" }), { task: { metadata: { answer: "100" } } }),
    "numeric_precision",
  );
  assert.equal(
    label(result({ answer: "30" }), {
      task: { text: "How many days since the invoice export?", metadata: { answer: "3" } },
    }),
    "time_range_mismatch",
  );
  assert.equal(
    label(result({ answer: "invoice archiv" }), {
      task: { metadata: { answer: "invoice archive" } },
    }),
    "near_miss",
  );
  assert.equal(label(result({ steps: 40 })), "budget_capped");
  assert.equal(label(result({ answer: "I was unable to find the file" })), "tool_failure");
  assert.equal(
    label(result({ answer: "I cannot view images" }), {
      task: { metadata: { file_name: "chart.png" } },
    }),
    "multimodal_failure",
  );
});

Deno.test("memory labels from the trace and the round-start pool", () => {
  assert.equal(label(result({}, [retrieval([inv], ["inv"])], ["inv"])), "reasoning_error");
  assert.equal(
    label(result({}, [retrieval([inv], ["inv"])], ["inv"]), {
      units: [{ ...inv, is_active: false }],
    }),
    "memory_stale",
  );
  assert.equal(
    label(result({}, [retrieval([inv], ["inv"])], ["inv"]), {
      units: [{ ...inv, confidence: 0.2 }],
    }),
    "extraction_low_quality",
  );
  assert.equal(label(result({}, [retrieval([inv], ["inv"])], [])), "injection_bad");
  assert.equal(label(result({}, [retrieval([bak], ["bak"])])), "retrieval_noise");
  assert.equal(label(result({}, [retrieval([inv], [])])), "judge_rejected_all");
  assert.equal(label(result({}, [retrieval([bak], [])])), "retrieval_miss_topk");
  assert.equal(label(result({}, [retrieval([], [])])), "store_unreachable");
  assert.equal(label(result({}, [retrieval([], [])]), { pool: [] }), "extraction_gap");
  assert.equal(
    label(result({}, [retrieval([], [])]), { pool: [bak, POOL[2]] }),
    "domain_knowledge_gap",
  );
});

Deno.test("relevance is TF-IDF with an adaptive threshold", () => {
  const idx = new RelevanceIndex(POOL);
  const scores = idx.scorePool(TASK.text);
  assert.ok(scores[0].score > scores[1].score && scores[1].score === 0);
  assert.equal(relevanceThreshold([0.1, 0.2]), 0.05);
  assert.ok(relevanceThreshold([0.1, 0.1, 0.1, 0.1, 0.9]) > 0.1);
  assert.ok(similarity("invoice archiv", "invoice archive") > 0.9);
  assert.equal(similarity("", ""), 1);
});
