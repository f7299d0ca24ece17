import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { ModelError } from "../../core/ports.ts";
import { createRng } from "../../core/rng.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { fakeCrawlTool, fakeSearchTool, offlineToolContext } from "../agent/testing/fake_tools.ts";
import type { RunDeps } from "../benchmark_port.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { xbenchEncrypt } from "../xbench/cipher.ts";
import { formatCsvRows } from "../xbench/csv_rows.ts";
import { XBENCH_COLUMNS } from "../xbench/loader.ts";
import { createWebBenchmark } from "./benchmark.ts";
import { WEB_KINDS } from "./kinds.ts";
import type { WebToolkit } from "./toolkit.ts";

const PAGES = [{ url: "https://m.test/", title: "Mars", text: "Mars has 2 moons." }];
const toolkit: WebToolkit = {
  tools: () => [fakeSearchTool(PAGES), fakeCrawlTool(PAGES)],
  context: offlineToolContext(),
};
const act = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ think: "", tools: [{ name, arguments: args }] });

function deps(model?: ScriptedModel, judge?: ScriptedModel): RunDeps {
  return { model, judge, clock: logicalClock(), rng: createRng(1), maxSteps: 5 };
}

function gaia(answer = "2", scorer: "official" | "judge" = "official") {
  const text = JSON.stringify({
    Question: "How many moons has Mars?",
    "Final answer": answer,
    file_name: "",
    task_id: "g1",
    Level: 2,
  });
  const loaded = WEB_KINDS.GAIA.load(text);
  assert.ok(loaded.ok);
  return createWebBenchmark(
    { kind: WEB_KINDS.GAIA, text, source: "x.jsonl", toolkit, scorer },
    loaded.tasks,
  );
}

const solver = () =>
  new ScriptedModel({
    rules: [(r) => r.purpose === "agent_plan" ? "plan" : undefined],
    replies: [act("web_search", { query: "mars moons" }), act("final_answer", { answer: "2" })],
  });

Deno.test("a GAIA task runs the agent, scores by GAIA's rules and feeds memory the outcome", async () => {
  const b = gaia();
  const provider = new CannedProvider({ begin: () => ({ text: "search first" }) });
  const rec = await b.runWebTask(b.tasks()[0], provider, deps(solver()));
  assert.deepEqual([rec.result.success, rec.result.score, rec.result.judge_status], [
    true,
    1,
    "rule",
  ]);
  assert.equal(rec.item_index, 1);
  assert.equal(rec.result.steps, 2);
  assert.ok(rec.result.total_tokens > 0);
  assert.deepEqual(rec.retrieved_memory_context, ["search first"]);
  assert.equal(provider.calls.end.length, 1);
  assert.equal(provider.calls.end[0].outcome.success, true);
  assert.equal(provider.calls.end[0].trajectory.steps[0].kind, "plan");
  assert.equal(b.tasks()[0].level, 2);
  assert.ok(b.tasks()[0].identity.startsWith(b.datasetHash));
});

Deno.test("a judge failure is the task's status and memory learns nothing from it", async () => {
  const b = gaia("two", "judge");
  const provider = new CannedProvider();
  const broken = new ScriptedModel({ replies: [new ModelError("http", "judge down", 500)] });
  const rec = await b.runWebTask(b.tasks()[0], provider, deps(solver(), broken));
  assert.equal(rec.result.judge_status, "error");
  assert.match(rec.result.error!, /judge down/);
  assert.equal(provider.calls.end.length, 0);
});

Deno.test("GAIA's official scorer grades alone by default; the judge scorer keeps it beside", async () => {
  const judge = () => new ScriptedModel({ replies: [{ rationale: "same", judgement: "correct" }] });
  const official = await gaia("two").runWebTask(
    gaia("two").tasks()[0],
    new CannedProvider(),
    deps(solver(), judge()),
  );
  assert.deepEqual([official.result.success, official.result.metrics?.official_correct], [
    false,
    0,
  ]);
  const b = gaia("two", "judge");
  const judged = await b.runWebTask(b.tasks()[0], new CannedProvider(), deps(solver(), judge()));
  assert.deepEqual([judged.result.success, judged.result.metrics?.official_correct], [true, 0]);
  assert.equal(judged.judge.official, "incorrect");
});

Deno.test("without any model the task is unjudged with a clear error", async () => {
  const b = gaia();
  const rec = await b.runTask(b.tasks()[0], new CannedProvider(), deps());
  assert.equal(rec.judge_status, "unjudged");
  assert.match(rec.error!, /needs a task model/);
});

Deno.test("xBench records and results carry no decrypted text, not even a correct answer", async () => {
  const question = "火星有几颗卫星？";
  const answer = "两颗卫星";
  const text = formatCsvRows(XBENCH_COLUMNS, [[
    "42",
    xbenchEncrypt(question, "canary!"),
    xbenchEncrypt(answer, "canary!"),
    "",
    "canary!",
  ]]);
  const kind = WEB_KINDS["xBench-DeepSearch"];
  const loaded = kind.load(text);
  assert.ok(loaded.ok);
  const b = createWebBenchmark({ kind, text, source: "x.csv", toolkit }, loaded.tasks);
  const provider = new CannedProvider({ begin: () => ({ text: `remember: ${answer}` }) });
  const model = new ScriptedModel({
    replies: ["plan", act("final_answer", { answer: `最终答案：${answer}` })],
  });
  const rec = await b.runWebTask(b.tasks()[0], provider, deps(model));
  assert.equal(rec.result.success, true);
  const written = JSON.stringify(rec);
  assert.ok(!written.includes(question) && !written.includes(answer), "no plaintext in the record");
  assert.equal(b.tasks()[0].metadata.answer, undefined);
});

Deno.test("a frozen memory (ingest false) guides the agent but learns nothing", async () => {
  const text = JSON.stringify({
    Question: "How many moons has Mars?",
    "Final answer": "2",
    file_name: "",
    task_id: "g1",
    Level: 1,
  });
  const loaded = WEB_KINDS.GAIA.load(text);
  assert.ok(loaded.ok);
  const b = createWebBenchmark(
    { kind: WEB_KINDS.GAIA, text, source: "x.jsonl", toolkit, ingest: false },
    loaded.tasks,
  );
  const provider = new CannedProvider({ begin: () => ({ text: "hint" }) });
  const rec = await b.runWebTask(b.tasks()[0], provider, deps(solver()));
  assert.equal(rec.result.success, true);
  assert.deepEqual([provider.calls.begin.length, provider.calls.end.length], [1, 0]);
});
