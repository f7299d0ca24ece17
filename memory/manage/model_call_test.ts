import assert from "node:assert/strict";
import { z } from "../../core/zod.ts";
import { ModelError } from "../../core/ports.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { PromptRenderError } from "../../retrieval/render_prompt.ts";
import { askModel, askOrOffline, clip, fallbackError } from "./model_call.ts";
import { MemoryStoreDouble, opContext } from "./testing/mod.ts";

const Schema = z.object({ principle: z.string() });

Deno.test("askModel renders the prompt and returns the schema-validated reply", async () => {
  const model = new ScriptedModel({ replies: ['```json\n{"principle": "p"}\n```'] });
  const ctx = opContext(new MemoryStoreDouble(), { model });
  const r = await askModel(ctx, "cluster_merge", "Items: {{items}}", { items: "- a" }, Schema, 100);
  assert.deepEqual(r, { ok: true, value: { principle: "p" } });
  const call = model.calls[0];
  assert.equal(call.messages[0].content, "Items: - a");
  assert.equal(call.purpose, "manage:cluster_merge");
  assert.equal(call.temperature, 0);
  assert.equal(call.maxTokens, 100);
});

Deno.test("askModel turns model failures into values and lets programming errors through", async () => {
  const model = new ScriptedModel({
    replies: ['{"other": 1}', new ModelError("timeout", "slow"), new TypeError("bug")],
  });
  const ctx = opContext(new MemoryStoreDouble(), { model });
  const ask = () => askModel(ctx, "cluster_merge", "x", {}, Schema, 10);
  assert.match((await ask() as { error: string }).error, /^schema: /);
  assert.deepEqual(await ask(), { ok: false, error: "timeout: slow" });
  await assert.rejects(ask, TypeError);
  await assert.rejects(
    () => askModel(ctx, "cluster_merge", "{{a}}", {}, Schema, 10),
    PromptRenderError,
  );
  assert.deepEqual(
    await askModel(opContext(new MemoryStoreDouble()), "cluster_merge", "x", {}, Schema, 10),
    { ok: false, error: "no model" },
  );
});

Deno.test("clip marks cut text", () => {
  assert.equal(clip("abcdef", 3), "abc…");
  assert.equal(clip("abc", 3), "abc");
});

Deno.test("askOrOffline uses the model's reply, else the offline value with the rejection", async () => {
  let prompts = 0;
  const prompt = () => {
    prompts++;
    return { template: "Say {{what}}", vars: { what: "p" }, schema: Schema, maxTokens: 50 };
  };
  const upper = (r: { principle: string }) => r.principle.toUpperCase();
  const offline = await askOrOffline(
    opContext(new MemoryStoreDouble()),
    "cluster_merge",
    "o",
    prompt,
    upper,
  );
  assert.deepEqual(offline, { value: "o", extractionModel: "offline" });
  assert.equal(prompts, 0, "no model, no prompt");
  const model = new ScriptedModel({ id: "m1", replies: ['{"principle": "yes"}', "not json"] });
  const ctx = opContext(new MemoryStoreDouble(), { model });
  assert.deepEqual(await askOrOffline(ctx, "cluster_merge", "o", prompt, upper), {
    value: "YES",
    extractionModel: "m1",
  });
  assert.equal(model.calls[0].messages[0].content, "Say p");
  assert.equal(model.calls[0].maxTokens, 50);
  const rejected = await askOrOffline(ctx, "cluster_merge", "o", prompt, upper);
  assert.equal(rejected.value, "o");
  assert.equal(rejected.extractionModel, "offline");
  assert.ok(rejected.error && rejected.error.length > 0);
});

Deno.test("fallbackError counts the rejected replies and quotes the first", () => {
  assert.deepEqual(fallbackError([], "pair(s)", "offline rule"), {});
  assert.deepEqual(fallbackError(["a", "b"], "group(s)", "offline principle"), {
    error: "model reply rejected for 2 group(s), offline principle used: a",
  });
  assert.deepEqual(fallbackError(["x"], "pair(s)", "offline rule", "model verdict"), {
    error: "model verdict rejected for 1 pair(s), offline rule used: x",
  });
});
