import assert from "node:assert/strict";
import { z } from "../core/zod.ts";
import type { ChatModel } from "../core/ports.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { askJson } from "./ask_json.ts";

const Schema = z.object({ n: z.number() });
const ask = (model: ChatModel, signal?: AbortSignal) =>
  askJson(model, { messages: [{ role: "user", content: "x" }], schema: Schema, signal });

Deno.test("askJson: a valid reply is returned with its usage", async () => {
  const res = await ask(new ScriptedModel({ replies: [{ n: 3 }] }));
  assert.ok(res.ok);
  assert.deepEqual(res.value, { n: 3 });
  assert.ok(res.usage.completionTokens > 0);
});

Deno.test("askJson: errors and schema mismatches come back as reasons", async () => {
  const err = await ask(new ScriptedModel({ replies: [new Error("down")] }));
  assert.ok(!err.ok && /model call failed: down/.test(err.reason));
  const raw: ChatModel = {
    id: "raw",
    chat: () =>
      Promise.resolve({
        text: '{"n":"x"}',
        json: { n: "x" },
        usage: { promptTokens: 1, completionTokens: 1 },
        model: "raw",
        cached: false,
      }),
  } as ChatModel;
  const bad = await ask(raw);
  assert.ok(!bad.ok && /does not match the schema/.test(bad.reason));
  const textOnly: ChatModel = {
    id: "t",
    chat: () =>
      Promise.resolve({
        text: 'Sure: {"n": 5}',
        usage: { promptTokens: 1, completionTokens: 1 },
        model: "t",
        cached: false,
      }),
  } as ChatModel;
  const parsed = await ask(textOnly);
  assert.ok(
    parsed.ok && parsed.value.n === 5,
    "JSON is extracted from text when the adapter gave none",
  );
});

Deno.test("askJson: an aborted call is rethrown, not turned into a fallback", async () => {
  const ctrl = new AbortController();
  ctrl.abort();
  await assert.rejects(
    () => ask(new ScriptedModel({ replies: [{ n: 1 }] }), ctrl.signal),
    /aborted/,
  );
});
