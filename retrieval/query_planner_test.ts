import assert from "node:assert/strict";
import { ScriptedModel } from "../core/scripted_model.ts";
import { planQuery, queryEmbedding, renderPlannerPrompt } from "./query_planner.ts";
import { RetrieverConfigError } from "./errors.ts";
import { TableEmbedder, vec } from "./testing/fixtures.ts";
import { cosine, norm } from "../core/vectors.ts";

const TASK = "  How many albums did Mercedes Sosa publish between 2000 and 2009?  ";

Deno.test("planQuery: one model call (160 tokens, temperature 0) yields the abstract", async () => {
  const model = new ScriptedModel({
    replies: [{ abstract_query: " count albums by an artist in a period " }],
  });
  const plan = await planQuery({ literal: TASK, progress: "searched discography" }, { model });
  assert.equal(model.calls.length, 1);
  const call = model.calls[0];
  assert.equal(call.maxTokens, 160);
  assert.equal(call.temperature, 0);
  assert.ok(call.messages[0].content.includes(TASK.trim()));
  assert.ok(call.messages[0].content.includes("searched discography"));
  assert.equal(plan.literal, TASK.trim());
  assert.equal(plan.abstract, "count albums by an artist in a period");
  assert.equal(plan.used_fallback, false);
  assert.equal(plan.source, "model");
  assert.ok(plan.usage.promptTokens > 0 && plan.usage.completionTokens > 0);
});

for (
  const [label, reply] of [
    ["an error", new Error("boom")],
    ["a non-JSON reply", "I think the intent is counting"],
    ["a reply without abstract_query", { intent: "count" }],
    ["an empty abstract", { abstract_query: "   " }],
  ] as const
) {
  Deno.test(`planQuery: ${label} gives abstract "" and used_fallback`, async () => {
    const model = new ScriptedModel({ replies: [reply as string] });
    const plan = await planQuery({ literal: TASK }, { model });
    assert.equal(plan.abstract, "");
    assert.equal(plan.used_fallback, true);
    assert.equal(plan.source, "fallback");
    assert.equal(plan.literal, TASK.trim());
    assert.ok(plan.note);
  });
}

Deno.test("planQuery: offline, a deterministic abstraction labelled 'offline'", async () => {
  const plan = await planQuery({ literal: TASK });
  assert.equal(plan.source, "offline");
  assert.equal(plan.abstract, "how many albums publish between");
  assert.deepEqual(plan.usage, { promptTokens: 0, completionTokens: 0 });
});

Deno.test("planQuery: an empty literal makes no call", async () => {
  const model = new ScriptedModel();
  const plan = await planQuery({ literal: "   " }, { model });
  assert.equal(model.calls.length, 0);
  assert.equal(plan.abstract, "");
});

Deno.test("planQuery: the prompt holds the task head and the progress tail, the literal stays whole", async () => {
  const literal = "a".repeat(30) + "TAIL";
  const progress = "OLD" + "b".repeat(30);
  const model = new ScriptedModel({ replies: [{ abstract_query: "x" }] });
  const plan = await planQuery({ literal, progress }, { model, maxChars: 20 });
  const prompt = model.calls[0].messages[0].content;
  assert.ok(!prompt.includes("TAIL") && !prompt.includes("OLD"));
  assert.equal(prompt, renderPlannerPrompt("a".repeat(20), "b".repeat(20), 20));
  assert.equal(plan.literal, literal);
  await assert.rejects(() => planQuery({ literal }, { maxChars: 0 }), RetrieverConfigError);
});

Deno.test("queryEmbedding: the literal alone, or the unit-length mean with the abstract", async () => {
  const embedder = new TableEmbedder({ lit: vec(0), abs: vec(1) });
  const only = await queryEmbedding({ literal: "lit", abstract: "" }, embedder);
  assert.ok(Math.abs(cosine(only, vec(0)) - 1) < 1e-6);
  const mixed = await queryEmbedding({ literal: "lit", abstract: "abs" }, embedder);
  assert.ok(Math.abs(norm(mixed) - 1) < 1e-6);
  assert.ok(Math.abs(cosine(mixed, vec(0)) - Math.SQRT1_2) < 1e-6);
  assert.ok(Math.abs(cosine(mixed, vec(1)) - Math.SQRT1_2) < 1e-6);
});
