/**
 * The research agent and a web benchmark against a fake OpenAI-compatible server on 127.0.0.1:
 * native tool calls, the JSON action fallback when the endpoint rejects tools, summaries, memory
 * injection and the model judge all go through the real OpenAI adapter.
 */
import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { createOpenAIChatModel } from "../core/openai_adapter.ts";
import { createRng } from "../core/rng.ts";
import {
  fakeCrawlTool,
  fakeSearchTool,
  offlineToolContext,
} from "../bench/agent/testing/fake_tools.ts";
import { CannedProvider } from "../bench/testing/canned_provider.ts";
import { createWebBenchmark } from "../bench/web_bench/benchmark.ts";
import { WEB_KINDS } from "../bench/web_bench/kinds.ts";

type Body = {
  messages: {
    role: string;
    content: string;
    tool_call_id?: string;
    tool_calls?: { id: string }[];
  }[];
  tools?: { function: { name: string } }[];
};

/**
 * What a strict chat template (Mistral, Gemma, Llama 2 on vLLM/TGI) refuses: a system message
 * after the first, two user or two assistant messages in a row, a tool message that answers no
 * call of the assistant turn before it.
 */
function strictTemplateProblem(messages: Body["messages"]): string | undefined {
  let open = new Set<string>();
  for (const [i, m] of messages.entries()) {
    const prev = messages[i - 1];
    if (m.role === "system" && i > 0) return `system message at ${i}`;
    if (prev && prev.role === m.role && m.role !== "tool") return `two ${m.role} messages at ${i}`;
    if (m.role === "assistant") open = new Set((m.tool_calls ?? []).map((c) => c.id));
    if (m.role === "tool" && !open.has(m.tool_call_id ?? "")) return `stray tool message at ${i}`;
  }
  return undefined;
}

function reply(message: Record<string, unknown>) {
  return Response.json({
    id: "c",
    object: "chat.completion",
    created: 0,
    model: "fake",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  });
}

/** A fake endpoint that plays a short research episode; `nativeTools` false rejects `tools`. */
async function withFakeEndpoint(
  nativeTools: boolean,
  fn: (baseURL: string, seen: Body[]) => Promise<void>,
) {
  const seen: Body[] = [];
  let actions = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = await req.json() as Body;
    seen.push(body);
    const problem = strictTemplateProblem(body.messages);
    if (problem) {
      return Response.json(
        { error: { message: `Conversation roles must alternate: ${problem}` } },
        {
          status: 400,
        },
      );
    }
    const text = body.messages.map((m) => m.content ?? "").join("\n");
    const last = body.messages.at(-1)!.content ?? "";
    if (text.includes("fair judge evaluating")) {
      return reply({ content: '{"rationale":"two is 2","judgement":"correct"}' });
    }
    if (last.includes("write a short plan")) return reply({ content: "Plan: search, read." });
    if (last.includes("Summarise your progress")) return reply({ content: "Found the page." });
    if (body.tools && !nativeTools) {
      return Response.json({ error: { message: "tools are not supported" } }, { status: 400 });
    }
    if (last.includes("used all your steps")) return reply({ content: '{"answer":"two"}' });
    const steps = actions++;
    const call = steps === 0
      ? { name: "web_search", arguments: { query: "moons of mars" } }
      : steps === 1
      ? { name: "crawl_page", arguments: { url: "https://m.test/" } }
      : { name: "final_answer", arguments: { answer: "two" } };
    if (body.tools) {
      return reply({
        content: null,
        tool_calls: [{
          id: `call_${steps}`,
          type: "function",
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        }],
      });
    }
    return reply({ content: JSON.stringify({ think: "next", tools: [call] }) });
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/v1`, seen);
  } finally {
    await server.shutdown();
  }
}

const PAGES = [{ url: "https://m.test/", title: "Mars moons", text: "Mars has 2 moons." }];

async function runOnce(baseURL: string) {
  const model = createOpenAIChatModel({ baseURL, apiKey: "sk-test", model: "fake", maxRetries: 0 });
  const text = JSON.stringify({
    Question: "How many moons has Mars?",
    "Final answer": "2",
    file_name: "",
    task_id: "g1",
    Level: 1,
  });
  const loaded = WEB_KINDS.GAIA.load(text);
  assert.ok(loaded.ok);
  const bench = createWebBenchmark({
    kind: WEB_KINDS.GAIA,
    text,
    source: "g.jsonl",
    toolkit: {
      tools: () => [fakeSearchTool(PAGES), fakeCrawlTool(PAGES)],
      context: offlineToolContext(),
    },
    limits: { summaryInterval: 1 },
    scorer: "judge",
  }, loaded.tasks);
  const provider = new CannedProvider({
    begin: () => ({ text: "MEMORY: the moons page is m.test" }),
    refresh: () => ({ text: "MEMORY-REFRESH: read m.test" }),
  });
  const record = await bench.runWebTask(bench.tasks()[0], provider, {
    model,
    judge: model,
    clock: logicalClock(),
    rng: createRng(3),
    maxSteps: 6,
  });
  return { record, provider };
}

Deno.test("through the OpenAI adapter and a strict-template endpoint: native tool calls, a summary, memory injection and the model judge", async () => {
  await withFakeEndpoint(true, async (baseURL, seen) => {
    const { record, provider } = await runOnce(baseURL);
    assert.equal(record.stop, "final_answer", JSON.stringify(record.errors));
    assert.equal(record.agent_answer, "two");
    // Earlier calls went back as OpenAI tool messages answering their call ids.
    const withTools = seen.filter((b) => b.tools);
    for (const b of withTools) {
      const calls = b.messages.flatMap((m) => m.tool_calls ?? []).map((c) => c.id);
      const answered = b.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id);
      assert.deepEqual(answered, calls);
    }
    assert.ok(withTools.some((b) => b.messages.some((m) => m.role === "tool")));
    assert.deepEqual([record.result.success, record.result.judge_status], [true, "judged"]);
    assert.ok(seen.some((b) => b.tools?.some((t) => t.function.name === "final_answer")));
    assert.ok(seen[0].messages.some((m) => m.content?.includes("MEMORY: the moons page")));
    assert.ok(seen.some((b) => b.messages.at(-1)!.content?.includes("Summarise your progress")));
    assert.ok(seen.some((b) => b.messages.some((m) => m.content?.includes("MEMORY-REFRESH"))));
    assert.equal(provider.calls.refresh.length, 1);
    assert.equal(provider.calls.end[0].outcome.success, true);
    assert.ok(record.result.tokens.judge!.prompt > 0);
    const kinds = record.agent_trajectory!.map((s) => s.kind);
    assert.equal(kinds[0], "plan");
    assert.equal(kinds.filter((k) => k === "action").length, 3);
    assert.ok(kinds.indexOf("summary") > 1, "a summary follows the first action");
  });
});

Deno.test("through the OpenAI adapter and a strict-template endpoint: an endpoint without tool support gets JSON actions", async () => {
  await withFakeEndpoint(false, async (baseURL, seen) => {
    const { record } = await runOnce(baseURL);
    assert.equal(record.result.success, true);
    const rejected = seen.filter((b) => b.tools).length;
    assert.equal(rejected, 1, "tools are offered once, then never again");
    assert.ok(seen.some((b) => b.messages[0].content?.includes("Reply with JSON only")));
  });
});
