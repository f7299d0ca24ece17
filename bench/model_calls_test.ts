import assert from "node:assert/strict";
import { z } from "../core/zod.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import {
  callGroup,
  callMatrix,
  CountingModel,
  countModelCalls,
  fittingScriptedModel,
  formatCallTable,
} from "./model_calls.ts";

Deno.test("purposes map to the memory-side call groups", () => {
  assert.equal(callGroup("query_planner"), "planner");
  assert.equal(callGroup("cbr_rerank"), "retrieval");
  assert.equal(callGroup("hyde"), "retrieval");
  assert.equal(callGroup("composer"), "composer");
  assert.equal(callGroup("extract:batch"), "extraction");
  assert.equal(callGroup("manage:cluster_merge"), "management");
  assert.equal(callGroup("llm_graph_extract"), "store");
  assert.equal(callGroup("proposer"), "other");
});

Deno.test("the matrix holds every compatible retriever × preset, graph where needed", () => {
  const cells = callMatrix();
  assert.equal(cells.length, 19, "5 retrievers × 3 presets on json, graph × 4 presets");
  assert.ok(cells.every((c) => (c.retrieve === "graph") === (c.store === "graph")));
  assert.equal(cells.filter((c) => c.manage === "graph_consolidate").length, 1);
});

Deno.test("the counting model records purpose and tokens; the fitting model satisfies schemas", async () => {
  const counting = new CountingModel(fittingScriptedModel());
  const r = await counting.chat({
    messages: [{ role: "user", content: "plan this query please" }],
    schema: z.object({ abstract_query: z.string() }),
    purpose: "query_planner",
  });
  assert.equal(typeof (r.json as { abstract_query: string }).abstract_query, "string");
  assert.equal(counting.records.length, 1);
  assert.equal(counting.records[0].purpose, "query_planner");
  assert.ok(counting.records[0].promptTokens > 0 && counting.records[0].completionTokens > 0);
  const failing = new CountingModel(new ScriptedModel());
  await assert.rejects(() => failing.chat({ messages: [], purpose: "composer" }));
  assert.equal(failing.records.length, 1, "a failed call still counts");
});

Deno.test("counting calls over a few world tasks gives per-group means per task", async () => {
  const rows = [];
  for await (
    const row of countModelCalls({
      tasks: 4,
      retrievers: ["hybrid", "hyde"],
      presets: ["lightweight"],
    })
  ) rows.push(row);
  assert.deepEqual(rows.map((r) => r.retrieve), ["hybrid", "hyde"]);
  const [hybrid, hyde] = rows;
  assert.equal(hybrid.tasks, 4);
  assert.ok(hybrid.per_task.planner > 0 && hybrid.per_task.composer > 0);
  assert.equal(hybrid.per_task.extraction, 1, "one batched extraction per task");
  assert.equal(hyde.per_task.planner, 0, "hyde writes hypotheses instead of planning");
  assert.ok(hyde.per_task.retrieval > 0);
  assert.equal(hybrid.per_task.other, 0);
  for (const r of rows) {
    const guidance = r.per_task.planner + r.per_task.retrieval + r.per_task.composer;
    assert.ok(guidance <= 2, `${r.retrieve}: ${guidance} guidance calls per task (budget 2)`);
  }
  const sum = Object.values(hybrid.per_task).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - hybrid.calls_per_task) < 0.02);
  assert.ok(hybrid.prompt_tokens_per_task > 0);
  assert.match(formatCallTable(rows), /^\| retrieve \| manage \| store \| planner/);
});
