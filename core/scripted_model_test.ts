import assert from "node:assert/strict";
import { z } from "./zod.ts";
import { type ChatRequest, ModelError } from "./ports.ts";
import { ScriptedModel } from "./scripted_model.ts";

function ask(content: string, extra: Partial<ChatRequest> = {}): ChatRequest {
  return { messages: [{ role: "user", content }], ...extra };
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (e) => e instanceof ModelError && e.code === code);
}

Deno.test("queued replies are returned in order", async () => {
  const model = new ScriptedModel({ replies: ["one", "two"] });
  assert.equal((await model.chat(ask("a"))).text, "one");
  assert.equal((await model.chat(ask("b"))).text, "two");
  assert.equal(model.remaining, 0);
});

Deno.test("an object reply is sent as JSON text", async () => {
  const model = new ScriptedModel({ replies: [{ a: [1, 2] }] });
  assert.equal((await model.chat(ask("q"))).text, '{"a":[1,2]}');
});

Deno.test("an Error reply is thrown as is", async () => {
  const boom = new ModelError("http", "scripted failure", 503);
  const model = new ScriptedModel({ replies: [boom] });
  await assert.rejects(model.chat(ask("q")), (e) => e === boom);
});

Deno.test("a function reply sees the request", async () => {
  const model = new ScriptedModel({ replies: [(req) => `echo ${req.messages[0].content}`] });
  assert.equal((await model.chat(ask("hello"))).text, "echo hello");
});

Deno.test("rules answer before the queue and fall through with undefined", async () => {
  const model = new ScriptedModel({
    replies: ["from queue"],
    rules: [(req) => req.purpose === "planner" ? "from rule" : undefined],
  });
  assert.equal((await model.chat(ask("x", { purpose: "planner" }))).text, "from rule");
  assert.equal(model.remaining, 1);
  assert.equal((await model.chat(ask("x", { purpose: "composer" }))).text, "from queue");
});

Deno.test("rules after the first matching one are not consulted", async () => {
  let later = 0;
  const model = new ScriptedModel({
    rules: [() => "first", () => {
      later++;
      return "second";
    }],
  });
  assert.equal((await model.chat(ask("q"))).text, "first");
  assert.equal(later, 0);
});

Deno.test("every call is recorded, including failed ones", async () => {
  const model = new ScriptedModel({ replies: ["ok"] });
  await model.chat(ask("first"));
  await rejectsWith(model.chat(ask("second")), "script_exhausted");
  assert.deepEqual(model.calls.map((c) => c.messages[0].content), ["first", "second"]);
});

Deno.test("an empty script throws script_exhausted naming the call and purpose", async () => {
  const model = new ScriptedModel({ id: "judge-script" });
  await assert.rejects(model.chat(ask("q", { purpose: "judge" })), (e) => {
    assert.ok(e instanceof ModelError);
    assert.equal(e.code, "script_exhausted");
    assert.match(e.message, /judge-script.*#1.*judge/);
    return true;
  });
});

Deno.test("push and addRule extend the script after construction", async () => {
  const model = new ScriptedModel().push("later").addRule((r) =>
    r.messages[0].content === "ping" ? "pong" : undefined
  );
  assert.equal((await model.chat(ask("ping"))).text, "pong");
  assert.equal((await model.chat(ask("other"))).text, "later");
});

const Plan = z.object({ steps: z.array(z.string()) });

Deno.test("with a schema the reply is parsed into json, prose and fences allowed", async () => {
  const model = new ScriptedModel({ replies: ['Plan:\n```json\n{"steps": ["a"]}\n```'] });
  const result = await model.chat(ask("plan", { schema: Plan }));
  assert.deepEqual(result.json, { steps: ["a"] });
});

Deno.test("a reply that does not fit the schema throws a schema error", async () => {
  const model = new ScriptedModel({ replies: [{ steps: "a" }] });
  await rejectsWith(model.chat(ask("plan", { schema: Plan })), "schema");
});

Deno.test("a reply without JSON under a schema throws invalid_json", async () => {
  const model = new ScriptedModel({ replies: ["no idea"] });
  await rejectsWith(model.chat(ask("plan", { schema: Plan })), "invalid_json");
});

Deno.test("without a schema no json field is set", async () => {
  const result = await new ScriptedModel({ replies: [{ steps: [] }] }).chat(ask("q"));
  assert.equal(result.json, undefined);
});

Deno.test("usage uses the ledger estimator and results carry the model id", async () => {
  const model = new ScriptedModel({ id: "s1", replies: ["12345"] });
  const result = await model.chat({
    messages: [{ role: "system", content: "abcd" }, { role: "user", content: "abcdefghi" }],
  });
  assert.deepEqual(result.usage, { promptTokens: 1 + 3, completionTokens: 2 });
  assert.equal(result.model, "s1");
  assert.equal(result.cached, false);
});

Deno.test("an aborted request is refused without consuming the queue", async () => {
  const model = new ScriptedModel({ replies: ["x"] });
  const controller = new AbortController();
  controller.abort();
  await rejectsWith(model.chat(ask("q", { signal: controller.signal })), "aborted");
  assert.equal(model.remaining, 1);
});
