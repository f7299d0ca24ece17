import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { createRng } from "../../core/rng.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { type MemoryUnit, MemoryUnitSchema } from "../../core/unit.ts";
import { TaskResultSchema } from "../benchmark_port.ts";
import { BenchConfigError, DataUnavailableError } from "../errors.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { LOCOMO_RANK_DEPTH } from "../../memory/locomo_rankings.ts";
import { DATASETS, needsData, sharedDataUrl } from "../../memory/trajectory_io/shared_data.ts";
import { createLocomoBenchmark, evidenceRecall } from "./benchmark.ts";

const DATA = sharedDataUrl(DATASETS.locomo);
const deps = () => ({ clock: logicalClock(), rng: createRng(1) });

function unit(id: string, refs: string[], source = "conv-26/session_1"): MemoryUnit {
  return MemoryUnitSchema.parse({
    id,
    type: "tip",
    signature: "0123456789abcdef",
    content: { principle: id },
    source_task_id: source,
    task_outcome: "",
    source_refs: refs,
    created_at: "2026-01-01T00:00:00.000Z",
  });
}

Deno.test("evidence recall counts distinct gold turns covered by the units' refs", () => {
  assert.equal(evidenceRecall(["D1:1", "D1:2"], [["D1:2", "D1:9"], ["D1:2"]]), 0.5);
  assert.equal(evidenceRecall(["D1:1", "D1:1"], [["D1:1"]]), 1);
  assert.equal(evidenceRecall([], [["D1:1"]]), 0);
});

Deno.test("an absent data file raises DataUnavailableError", async () => {
  await assert.rejects(
    () => createLocomoBenchmark({ dataPath: "/nonexistent/locomo10.json" }),
    DataUnavailableError,
  );
});

Deno.test({
  ...needsData(DATASETS.locomo, "tasks are the questions with evidence, levelled by category"),
  fn: async () => {
    const b = await createLocomoBenchmark({ dataPath: DATA.pathname, conversations: [1] });
    const tasks = b.tasks();
    assert.ok(tasks.length > 100);
    assert.equal(new Set(tasks.map((t) => t.id)).size, tasks.length);
    const levels: Record<number, number> = { 1: 3, 2: 2, 3: 3, 4: 1, 5: 2 };
    for (const t of tasks) {
      assert.equal(t.metadata.conversation_id, "conv-26");
      assert.equal(t.level, levels[t.metadata.category as number]);
      assert.ok((t.metadata.evidence as string[]).length > 0);
    }
    assert.equal(b.k, 10);
    await assert.rejects(
      () => createLocomoBenchmark({ dataPath: DATA.pathname, conversations: [11] }),
      BenchConfigError,
    );
    const two = await createLocomoBenchmark({ dataPath: DATA.pathname, conversations: [1, 2] });
    assert.notEqual(two.datasetHash, b.datasetHash);
    assert.equal(two.tasks()[0].identity, `${two.datasetHash}:0`);
  },
});

Deno.test({
  ...needsData(
    DATASETS.locomo,
    "conversations are ingested once per provider; recall@k scores offline",
  ),
  fn: async () => {
    const b = await createLocomoBenchmark({ dataPath: DATA.pathname, conversations: [1, 2], k: 5 });
    const [t1, t2] = [
      b.tasks()[0],
      b.tasks().find((t) => t.metadata.conversation_id !== "conv-26")!,
    ];
    const gold = t1.metadata.evidence as string[];
    const provider = new CannedProvider({
      begin: () => ({ text: "guidance" }),
      search: (_q, k) =>
        [{ unit: unit("a", [gold[0]]), score: 1 }, { unit: unit("b", ["D99:1"]), score: 0.5 }]
          .slice(0, k),
    });
    const r1 = await b.runTask(t1, provider, deps());
    assert.equal(TaskResultSchema.safeParse(r1).success, true);
    assert.equal(r1.score, 1 / new Set(gold).size);
    assert.equal(r1.metrics!.recall_at_k, r1.score);
    assert.equal(r1.metrics!.context_recall, r1.score, "offline score = context-budget recall");
    assert.ok(r1.metrics!.context_budget_chars > r1.metrics!.context_chars_used);
    assert.equal(r1.judge_status, "rule");
    assert.ok(r1.tokens.task.prompt > 0 && r1.memory_tokens > 0);
    const sessions = provider.calls.ingest.length;
    assert.ok(sessions >= 10);
    assert.ok(provider.calls.ingest.every((c) => c.task.id.startsWith("conv-26/session_")));
    assert.equal(provider.calls.ingest[0].trajectory.steps[0].ref, "D1:1");
    await b.runTask(b.tasks()[1], provider, deps());
    assert.equal(
      provider.calls.ingest.length,
      sessions,
      "the same conversation is not ingested twice",
    );
    assert.equal(provider.calls.begin.length, 2);
    await b.runTask(t2, provider, deps());
    assert.ok(provider.calls.ingest.length > sessions, "a new conversation is ingested");
    const last = provider.calls.search.at(-1)!;
    assert.ok(
      last.exclude.length === sessions && last.exclude.every((id) => id.startsWith("conv-26/")),
      "other conversations are excluded",
    );
    assert.equal(last.k, LOCOMO_RANK_DEPTH, "one fixed ranking depth, whatever k is");
    const fresh = new CannedProvider();
    await b.runTask(t1, fresh, deps());
    assert.equal(fresh.calls.ingest.length, sessions, "each provider ingests for itself");
  },
});

Deno.test({
  ...needsData(DATASETS.locomo, "with a model the answer is judged and recall still reported"),
  fn: async () => {
    const b = await createLocomoBenchmark({ dataPath: DATA.pathname, conversations: [1] });
    const t = b.tasks().find((x) => x.metadata.category === 4)!;
    const gold = t.metadata.evidence as string[];
    const provider = new CannedProvider({
      begin: () => ({ text: "Caroline said something." }),
      search: () => [{ unit: unit("a", gold), score: 1 }],
    });
    const model = new ScriptedModel({ replies: ['{"answer": "something else entirely"}'] });
    const judge = new ScriptedModel({
      replies: ['{"verdict": "incorrect", "reason": "different"}'],
    });
    const r = await b.runTask(t, provider, { ...deps(), model, judge });
    assert.equal(r.judge_status, "judged");
    assert.equal(r.score, 0);
    assert.equal(r.metrics!.recall_at_k, 1);
    assert.equal(r.answer, "something else entirely");
    assert.match(model.calls[0].messages[0].content, /Caroline said something\.[\s\S]*Question: /);
    assert.ok(r.tokens.judge.prompt > 0);
    assert.equal(provider.calls.end.length, 0, "questions are never learned from");
  },
});
