import assert from "node:assert/strict";
import type { ChatModel, ChatRequest, ChatResult } from "../../core/ports.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import {
  composeContext,
  type ComposerCandidate,
  GUIDANCE_PREFIX,
  parseKeepId,
  rewriteCitations,
} from "./composer.ts";
import { candidateText } from "./unit_format.ts";
import { priorUnit, sampleUnits } from "./testing/fixtures.ts";

const { tip, insight, traj } = sampleUnits();

const candidates = (units: MemoryUnit[], scores = [0.6, 0.3, 0.05]): ComposerCandidate[] =>
  units.map((u, i) => ({ id: u.id, score: scores[i], text: candidateText(u, scores[i]) }));

Deno.test("no model gives the top-1 fallback with its exact format", async () => {
  const cands = candidates([tip, insight]);
  const r = await composeContext("a new task", cands);
  assert.equal(r.mode, "fallback");
  assert.deepEqual(r.kept, [0]);
  assert.equal(r.guidance, GUIDANCE_PREFIX + cands[0].text.trim().slice(0, 1200) + " [M0]");
  assert.equal(r.fallback_reason, "no model");
  assert.ok(!r.guidance.includes("Zyxwv"));
});

Deno.test("no candidates means no guidance and no model call", async () => {
  const model = new ScriptedModel();
  const r = await composeContext("task", [], { model });
  assert.equal(r.no_guidance, true);
  assert.equal(r.mode, "none");
  assert.equal(model.calls.length, 0);
});

Deno.test("the model path keeps cited candidates in one call with the policy limits", async () => {
  const model = new ScriptedModel({
    replies: [{
      keep_ids: [1, 0],
      guidance: "Consider checking the role label [M1]. Confirm in the infobox [M0].",
      no_guidance: false,
    }],
  });
  const cands = candidates([tip, insight, traj]);
  const r = await composeContext("Who produced the film Qwerty?", cands, { model });
  assert.equal(model.calls.length, 1);
  const call = model.calls[0];
  assert.equal(call.maxTokens, 500);
  assert.equal(call.temperature, 0);
  assert.equal(call.purpose, "composer");
  assert.match(
    call.messages[1].content,
    /^Task: Who produced the film Qwerty\?\n\nCandidate memories:\n\[M0\] score=0\.6000 /,
  );
  assert.ok(!call.messages[1].content.includes("Zyxwv"), "the prompt leaks no prior query");
  assert.equal(r.mode, "model");
  assert.deepEqual(r.kept, [1, 0]);
  assert.ok(r.guidance.startsWith(GUIDANCE_PREFIX));
  assert.equal(
    rewriteCitations(r.guidance, cands),
    GUIDANCE_PREFIX +
      "Consider checking the role label [memory:u-ins]. Confirm in the infobox [memory:u-tip].",
  );
});

Deno.test('string keep_ids such as "M0" are accepted (bug 10.18)', async () => {
  const model = new ScriptedModel({
    replies: [
      '{"keep_ids": ["M0", "2"], "guidance": "Try A [M0] and B [M2].", "no_guidance": false}',
    ],
  });
  const r = await composeContext("t", candidates([tip, insight, traj]), { model });
  assert.equal(r.mode, "model");
  assert.deepEqual(r.kept, [0, 2]);
  assert.equal(parseKeepId("[M3]"), 3);
  assert.equal(parseKeepId("m4"), 4);
  assert.equal(parseKeepId("first"), undefined);
  assert.equal(parseKeepId(1.5), undefined);
});

Deno.test("citations that differ from the kept set fall back to top-1", async () => {
  const model = new ScriptedModel({
    replies: [{ keep_ids: [0, 1], guidance: "Only one cited [M0].", no_guidance: false }],
  });
  const r = await composeContext("t", candidates([tip, insight]), { model });
  assert.equal(r.mode, "fallback");
  assert.deepEqual(r.kept, [0]);
  assert.match(r.fallback_reason ?? "", /citations \[0\] do not equal kept \[0,1\]/);
  assert.ok(r.usage.promptTokens > 0, "token counts of the failed call are kept");
});

Deno.test("more than three kept ids are cut to max_injected_units", async () => {
  const four = [tip, insight, traj, priorUnit("u4", "tip", { principle: "p4" })];
  const model = new ScriptedModel({
    replies: [{ keep_ids: [0, 1, 2, 3], guidance: "a [M0] b [M1] c [M2]", no_guidance: false }],
  });
  const r = await composeContext("t", candidates(four, [0.5, 0.4, 0.3, 0.2]), { model });
  assert.deepEqual(r.kept, [0, 1, 2]);
  assert.equal(r.mode, "model");
});

Deno.test("a malformed reply or a failing model falls back; no_guidance is respected", async () => {
  const cands = candidates([tip]);
  const bad = await composeContext("t", cands, {
    model: new ScriptedModel({ replies: ["not json at all"] }),
  });
  assert.equal(bad.mode, "fallback");
  assert.match(bad.fallback_reason ?? "", /composer call failed/);
  const failing: ChatModel = {
    id: "down",
    chat<T>(_r: ChatRequest<T>): Promise<ChatResult<T>> {
      return Promise.reject(new Error("endpoint down"));
    },
  };
  const down = await composeContext("t", cands, { model: failing });
  assert.equal(down.mode, "fallback");
  assert.deepEqual(down.usage, { promptTokens: 0, completionTokens: 0 });
  const none = await composeContext("t", cands, {
    model: new ScriptedModel({ replies: [{ keep_ids: [], guidance: "", no_guidance: true }] }),
  });
  assert.equal(none.no_guidance, true);
  assert.equal(none.mode, "model");
  assert.deepEqual(none.kept, []);
});

Deno.test("an empty top candidate gives no guidance on fallback", async () => {
  const r = await composeContext("t", [{ id: "x", score: 1, text: "   " }]);
  assert.equal(r.no_guidance, true);
  assert.equal(r.guidance, "");
});
