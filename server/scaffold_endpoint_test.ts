import assert from "node:assert/strict";
import { ScriptedModel } from "../core/scripted_model.ts";
import { v0Scaffold } from "../scaffold/v0.ts";
import { createAgentEndpoint, serveAgentEndpoint } from "./scaffold_endpoint.ts";

const INSTRUCTION = [
  "You are an agent playing NetHack. The following are the possible actions you can take:",
  "north: move north",
  "east: move east",
  "search: search for hidden things",
  "down: go down the stairs",
].join("\n");

const MAP = [
  "                                   -----------",
  "                                   |.........|",
  "                                   |....@....+",
  "                                   |.........|",
  "                                   -----------",
  ...Array(16).fill(""),
  "Agent the Stripling           St:17 Dx:13 Co:18 In:7 Wi:10 Ch:7 Neutral",
  "Dlvl:1 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1",
];

const observation = (msg: string) =>
  `Current Observation:\nmessage:\n${msg}\n\nlanguage observation:\nwall far east\n\ncursor:\n(x=40, y=3)\n\nmap:\n${
    MAP.join("\n")
  }\n\ninventory:\na - a long sword`;

// BALROG's OpenAI client sends content as arrays of text parts.
const part = (text: string) => [{ type: "text", text }];

/** An endpoint on v0 NetHack whose model always answers `action`. */
function scriptedApp(action: string, extra: { token?: string; maxBodyBytes?: number } = {}) {
  const model = new ScriptedModel({ rules: [() => `<|ACTION|>${action}<|END|>`] });
  const app = createAgentEndpoint({
    spec: v0Scaffold("nethack"),
    models: { memory: model, task: model },
    ...extra,
  });
  return { model, app };
}

function request(body: unknown, headers: Record<string, string> = {}) {
  return new Request("http://127.0.0.1/v1/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

Deno.test("BALROG-shaped requests run the memory agent around the upstream model and answer the action", async () => {
  const upstream = new ScriptedModel({
    rules: [
      (r) =>
        r.messages[0].content.startsWith("You are the MEMORY")
          ? "<|APPEND|>strategy.txt|east ok<|END|><|DONE|>"
          : undefined,
    ],
    replies: [
      "<|ACTION|>east<|END|>",
      "<|READ|>strategy.txt<|END|>",
      "<|ACTION|>search<|END|>",
      "<|ACTION|>north<|END|>",
    ],
  });
  const app = createAgentEndpoint({
    spec: v0Scaffold("nethack"),
    models: { memory: upstream, task: upstream },
  });
  const first = await app.request(request({
    model: "m",
    max_tokens: 64,
    messages: [{ role: "system", content: part(INSTRUCTION) }, {
      role: "user",
      content: part(observation("Hello Agent, welcome to NetHack!")),
    }],
  }));
  assert.equal(first.status, 200);
  const a = await first.json();
  assert.equal(a.choices[0].message.content, "east");
  assert.equal(a.choices[0].finish_reason, "stop");
  assert.equal(a.automem.new_episode, true);
  assert.ok(a.usage.prompt_tokens > 0);
  // The PLAN prompt saw the map analysis of the BALROG map.
  assert.match(upstream.calls[0].messages[0].content, /^position: \(40,2\) level: 1$/m);
  const second = await (await app.request(request({
    model: "m",
    messages: [
      { role: "system", content: part(INSTRUCTION) },
      { role: "user", content: part(observation("Hello Agent, welcome to NetHack!")) },
      { role: "assistant", content: part("east") },
      { role: "user", content: part(observation("You see here a dagger.")) },
    ],
  }))).json();
  assert.equal(second.automem.new_episode, false);
  assert.equal(second.automem.step, 1);
  assert.equal(second.choices[0].message.content, "search");
  const log = upstream.calls.find((c) => c.messages[0].content.startsWith("You are the MEMORY"))!;
  assert.match(log.messages[0].content, /^Previous action: east$/m);
  assert.match(upstream.calls.at(-1)!.messages.at(-1)!.content, /east ok/);
  // A request without an assistant turn is a new episode: memory is wiped.
  const third = await (await app.request(
    request({ messages: [{ role: "user", content: observation("again") }] }),
  )).json();
  assert.equal(third.automem.new_episode, true);
  assert.equal(third.automem.step, 0);
});

Deno.test("the endpoint rejects bad bodies, enforces its token, and refuses a public bind without one", async () => {
  const { model, app } = scriptedApp("north", { token: "s3cret-token" });
  assert.equal(
    (await app.request(request({ messages: [] }, { authorization: "Bearer s3cret-token" }))).status,
    400,
  );
  assert.equal(
    (await app.request(request({ messages: [{ role: "user", content: "x" }] }))).status,
    401,
  );
  const ok = await app.request(
    request({ messages: [{ role: "user", content: "x" }] }, {
      authorization: "Bearer s3cret-token",
    }),
  );
  assert.equal(ok.status, 200);
  assert.throws(
    () =>
      serveAgentEndpoint({
        spec: v0Scaffold("nethack"),
        models: { memory: model, task: model },
        host: "0.0.0.0",
        port: 0,
      }),
    /without a token/,
  );
});

Deno.test("OpenAI's values are accepted: temperature null, stream as server-sent chunks; n > 1 is refused", async () => {
  const { app } = scriptedApp("east");
  const msgs = [{ role: "user", content: part(INSTRUCTION) }, {
    role: "user",
    content: part(observation("hi")),
  }];
  const plain = await app.request(request({ messages: msgs, temperature: null, max_tokens: null }));
  assert.equal(plain.status, 200);
  const s = await app.request(request({
    messages: msgs,
    stream: true,
    stream_options: { include_usage: true },
  }));
  assert.equal(s.status, 200);
  assert.match(s.headers.get("content-type") ?? "", /text\/event-stream/);
  const data = (await s.text()).split("\n").filter((l) => l.startsWith("data: ")).map((l) =>
    l.slice(6)
  );
  assert.equal(data.at(-1), "[DONE]");
  const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
  assert.equal(chunks.map((c) => c.choices[0]?.delta?.content ?? "").join(""), "east");
  assert.equal(chunks[2].choices[0].finish_reason, "stop");
  assert.ok(chunks[3].usage.total_tokens > 0);
  const n = await app.request(request({ messages: msgs, n: 2 }));
  assert.equal(n.status, 400);
  assert.match((await n.json()).error.message, /^n: /);
});

Deno.test("a body above the limit is refused with 413 before the agent runs", async () => {
  const { model, app } = scriptedApp("east", { maxBodyBytes: 10_000 });
  const big = await app.request(request({
    messages: [{ role: "user", content: "x".repeat(20_000) }],
  }));
  assert.equal(big.status, 413);
  assert.match((await big.json()).error.message, /larger than 10000 bytes/);
  assert.equal(model.calls.length, 0);
});

Deno.test("a retried request gets the same answer without a second model call; a new conversation starts its own episode", async () => {
  const { model, app } = scriptedApp("east");
  const body = {
    messages: [{ role: "user", content: part(INSTRUCTION) }, {
      role: "user",
      content: part(observation("one")),
    }],
  };
  const a = await (await app.request(request(body))).json();
  const calls = model.calls.length;
  const b = await (await app.request(request(body))).json();
  assert.deepEqual(b.automem, a.automem);
  assert.equal(model.calls.length, calls);
  const other = await (await app.request(request({
    messages: [{ role: "user", content: part(INSTRUCTION) }, {
      role: "user",
      content: part(observation("two")),
    }],
  }))).json();
  assert.notEqual(other.automem.session, a.automem.session);
});

Deno.test("a scaffold whose budget cannot hold BALROG's instruction and an observation fails at load", () => {
  const model = new ScriptedModel({ rules: [() => "<|ACTION|>east<|END|>"] });
  assert.throws(
    () =>
      createAgentEndpoint({
        spec: { ...v0Scaffold("nethack"), context_budget_chars: 4000 },
        models: { memory: model, task: model },
      }),
    /context_budget_chars 4000 cannot hold/,
  );
});
