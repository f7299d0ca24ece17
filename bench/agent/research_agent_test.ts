import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { ModelError } from "../../core/ports.ts";
import { createRng } from "../../core/rng.ts";
import { ScriptedModel, ScriptedToolCalls } from "../../core/scripted_model.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import type { ResearchAgentInput } from "./agent_types.ts";
import { runResearchAgent } from "./research_agent.ts";
import {
  fakeCrawlTool,
  type FakePage,
  fakeSearchTool,
  offlineToolContext,
} from "./testing/fake_tools.ts";

const PAGES: FakePage[] = [
  { url: "https://moons.test/", title: "Moons of Mars", text: "Mars has 2 moons." },
];

function input(
  model: ScriptedModel,
  over: Partial<ResearchAgentInput> = {},
  provider = new CannedProvider(),
): ResearchAgentInput {
  return {
    task: { id: "t1", text: "How many moons has Mars?" },
    prompt: "How many moons has Mars?",
    model,
    tools: [fakeSearchTool(PAGES), fakeCrawlTool(PAGES)],
    toolContext: offlineToolContext(),
    provider,
    rng: createRng(1),
    clock: logicalClock(),
    ...over,
  };
}

const act = (name: string, args: Record<string, unknown>, think = "") =>
  JSON.stringify({ think, tools: [{ name, arguments: args }] });

Deno.test("JSON actions: plan, search, crawl, final_answer; every step lands in the trace", async () => {
  const model = new ScriptedModel({
    replies: [
      "Plan: search, then read.",
      act("web_search", { query: "moons of mars" }, "look it up"),
      act("crawl_page", { url: "https://moons.test/" }),
      act("final_answer", { answer: "2" }),
    ],
  });
  const run = await runResearchAgent(input(model, { limits: { toolMode: "json" } }));
  assert.equal(run.answer, "2");
  assert.equal(run.stop, "final_answer");
  assert.deepEqual(run.steps.map((s) => [s.kind, s.tool ?? ""]), [
    ["plan", ""],
    ["action", "web_search"],
    ["action", "crawl_page"],
    ["action", "final_answer"],
  ]);
  assert.match(run.steps[1].observation!, /moons\.test/);
  assert.equal(run.steps[1].thought, "look it up");
  assert.match(model.calls[2].messages.at(-1)!.content, /Observation from web_search/);
  assert.equal(model.calls[1].tools, undefined);
  assert.equal(run.calls, 4);
  assert.ok(run.promptTokens > 0);
});

Deno.test("native tool calls are offered and used; an endpoint that rejects tools falls back to JSON", async () => {
  const native = new ScriptedModel({
    replies: [
      "plan",
      new ScriptedToolCalls([{ name: "web_search", arguments: { query: "mars moons" } }]),
      new ScriptedToolCalls([{ name: "final_answer", arguments: { answer: "2" } }]),
    ],
  });
  const r1 = await runResearchAgent(input(native));
  assert.deepEqual([r1.answer, r1.format], ["2", "native"]);
  assert.deepEqual(native.calls[1].tools?.map((t) => t.name), [
    "web_search",
    "crawl_page",
    "final_answer",
  ]);
  const noTools = new ScriptedModel({
    replies: [
      "plan",
      new ModelError("http", "tools are not supported", 400),
      act("final_answer", { answer: "2" }),
    ],
  });
  const r2 = await runResearchAgent(input(noTools));
  assert.deepEqual([r2.answer, r2.format], ["2", "json"]);
  assert.match(noTools.calls[2].messages[0].content, /Reply with JSON only/);
});

Deno.test("summaries come every seeded interval and memory refreshes once after the first", async () => {
  const provider = new CannedProvider({
    begin: () => ({ text: "BEGIN-HINT: try moons.test" }),
    refresh: () => ({ text: "REFRESH-HINT: the answer page is moons.test" }),
  });
  const model = new ScriptedModel({
    rules: [
      (r) => r.purpose === "agent_plan" ? "plan" : undefined,
      (r) => r.purpose === "agent_summary" ? "summary: searched twice" : undefined,
      (r) => r.purpose === "agent_final" ? { answer: "2" } : undefined,
      (r) => r.purpose === "agent_step" ? act("web_search", { query: "mars" }) : undefined,
    ],
  });
  const run = await runResearchAgent(
    input(model, { limits: { toolMode: "json", maxSteps: 7, summaryInterval: 2 } }, provider),
  );
  assert.ok(run.summaryInterval >= 1 && run.summaryInterval <= 3);
  const kinds = run.steps.map((s) => s.kind);
  const summaries = kinds.filter((k) => k === "summary").length;
  assert.equal(summaries, Math.floor(6 / run.summaryInterval));
  assert.equal(provider.calls.refresh.length, 1);
  assert.match(model.calls[0].messages[1].content, /BEGIN-HINT/);
  assert.match(model.calls[0].messages[1].content, /by default ignore/);
  const afterSummary = model.calls.find((c) =>
    c.purpose === "agent_step" && c.messages.some((m) => m.content.includes("REFRESH-HINT"))
  );
  assert.ok(afterSummary, "the refresh guidance reaches the next step");
  assert.equal(run.stop, "max_steps");
  assert.equal(run.answer, "2");
  assert.ok(run.memoryTokens > 0);
  assert.equal(run.steps[0].meta?.memory_guidance, "BEGIN-HINT: try moons.test");
});

Deno.test("the summary interval is seeded: same seed same interval, always within one of the base", async () => {
  const intervalOf = async (seed: number) => {
    const model = new ScriptedModel({ replies: ["p", act("final_answer", { answer: "x" })] });
    return (await runResearchAgent(input(model, { rng: createRng(seed) }))).summaryInterval;
  };
  const seen = [];
  for (let seed = 0; seed < 12; seed++) seen.push(await intervalOf(seed));
  assert.equal(await intervalOf(3), seen[3]);
  assert.ok(seen.every((i) => i >= 7 && i <= 9));
  assert.ok(new Set(seen).size > 1, "the jitter varies with the seed");
});

Deno.test("the task token cap and the wall budget stop a run without an answer", async () => {
  const looping = () =>
    new ScriptedModel({
      rules: [(r) => r.purpose === "agent_plan" ? "plan" : act("web_search", { query: "x" })],
    });
  const capped = await runResearchAgent(
    input(looping(), { limits: { toolMode: "json", taskTokenCap: 300 } }),
  );
  assert.deepEqual([capped.stop, capped.answer], ["token_cap", ""]);
  assert.ok(capped.promptTokens + capped.completionTokens > 300);
  const slow = await runResearchAgent(
    input(looping(), { clock: logicalClock(0, 1000), limits: { toolMode: "json", wallMs: 5000 } }),
  );
  assert.equal(slow.stop, "wall_time");
});

Deno.test("a transient failure restarts the whole run with the same BEGIN guidance", async () => {
  const provider = new CannedProvider({ begin: () => ({ text: "hint" }) });
  const model = new ScriptedModel({
    replies: [
      "plan",
      new ModelError("http", "overloaded", 503),
      "plan again",
      act("final_answer", { answer: "2" }),
    ],
  });
  const run = await runResearchAgent(input(model, { limits: { toolMode: "json" } }, provider));
  assert.deepEqual([run.answer, run.attempts, provider.calls.begin.length], ["2", 2, 1]);
  assert.match(run.errors[0], /attempt 1: overloaded/);
  assert.equal(run.steps[0].text, "plan again");
  const fatal = new ScriptedModel({ replies: ["plan", new ModelError("schema", "bad", 400)] });
  const failed = await runResearchAgent(input(fatal, { limits: { toolMode: "json" } }));
  assert.deepEqual([failed.stop, failed.attempts], ["error", 1]);
});

Deno.test("a reply without a tool call and an unknown tool are error steps, not crashes", async () => {
  const model = new ScriptedModel({
    replies: [
      "plan",
      "I think the answer is 2",
      act("teleport", {}),
      act("final_answer", { answer: 2 }),
    ],
  });
  const run = await runResearchAgent(input(model, { limits: { toolMode: "json" } }));
  assert.equal(run.answer, "2");
  assert.deepEqual(run.steps.slice(1, 3).map((s) => s.error), [true, true]);
  assert.match(run.steps[2].observation!, /unknown tool 'teleport'/);
});

Deno.test("a summary interval of 0 never summarises", async () => {
  const model = new ScriptedModel({
    rules: [
      (r) => r.purpose === "agent_plan" ? "plan" : undefined,
      (r) => r.purpose === "agent_final" ? { answer: "2" } : undefined,
      (r) => r.purpose === "agent_step" ? act("web_search", { query: "mars" }) : undefined,
    ],
  });
  const run = await runResearchAgent(
    input(model, { limits: { toolMode: "json", maxSteps: 12, summaryInterval: 0 } }),
  );
  assert.equal(run.summaryInterval, 0);
  assert.ok(!model.calls.some((c) => c.purpose === "agent_summary"));
});
