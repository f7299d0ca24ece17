import assert from "node:assert/strict";
import { z } from "zod";
import { ModelError } from "../../core/ports.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { PromptRenderError } from "../../retrieval/render_prompt.ts";
import { askModel, clip } from "./model_call.ts";
import { opContext, StoreDouble } from "./testing/mod.ts";

const Schema = z.object({ principle: z.string() });

Deno.test("askModel renders the prompt and returns the schema-validated reply", async () => {
  const model = new ScriptedModel({ replies: ['```json\n{"principle": "p"}\n```'] });
  const ctx = opContext(new StoreDouble(), { model });
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
  const ctx = opContext(new StoreDouble(), { model });
  const ask = () => askModel(ctx, "cluster_merge", "x", {}, Schema, 10);
  assert.match((await ask() as { error: string }).error, /^schema: /);
  assert.deepEqual(await ask(), { ok: false, error: "timeout: slow" });
  await assert.rejects(ask, TypeError);
  await assert.rejects(
    () => askModel(ctx, "cluster_merge", "{{a}}", {}, Schema, 10),
    PromptRenderError,
  );
  assert.deepEqual(
    await askModel(opContext(new StoreDouble()), "cluster_merge", "x", {}, Schema, 10),
    { ok: false, error: "no model" },
  );
});

Deno.test("clip marks cut text", () => {
  assert.equal(clip("abcdef", 3), "abc…");
  assert.equal(clip("abc", 3), "abc");
});
