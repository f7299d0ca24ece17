import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import type { EncodeType } from "../../core/space.ts";
import type { ExtractionInput } from "../encoder_port.ts";
import { modelExtract, replySchema } from "./model_encoder.ts";
import { conversation, recoveredSuccess, wrongAnswer } from "./fixtures_test.ts";

function deps(model: ScriptedModel, signal?: AbortSignal) {
  let n = 0;
  return { clock: logicalClock(), newId: () => `m${n++}`, model, signal };
}

const tipItem = {
  category: "tool_and_search",
  principle: "Do drop quotes, because the search failed",
};
const steps = [{ step_id: 0, action: "Search[x]", observation: "nothing" }];

async function run(
  input: ExtractionInput,
  types: EncodeType[],
  model: ScriptedModel,
  batch = true,
) {
  return await modelExtract(input, types, deps(model), { batch });
}

Deno.test("two or more types are extracted in ONE batched call validated per item", async () => {
  const model = new ScriptedModel({
    replies: [{
      tip: [{ ...tipItem, source_refs: ["step:1", "step:0"] }],
      trajectory: { steps, key_decision: "k", source_refs: ["step:0", "step:99"] },
      workflow: null,
    }],
  });
  const out = await run(recoveredSuccess(), ["tip", "trajectory", "workflow"], model);
  assert.equal(model.calls.length, 1);
  const call = model.calls[0];
  assert.equal(call.purpose, "extract:batch");
  const prompt = call.messages[0].content;
  for (
    const s of [
      "## tip",
      "## trajectory",
      "## workflow",
      "[step:0] Action (rejected):",
      '"workflow": { ...workflow... } or null',
    ]
  ) {
    assert.ok(prompt.includes(s), s);
  }
  assert.ok(!/\{\{|<!-- rules/.test(prompt));
  assert.deepEqual(out.failures, []);
  assert.deepEqual(out.units.map((u) => [u.type, u.source_refs, u.extraction_model]), [
    ["tip", ["step:1", "step:0"], "scripted"],
    ["trajectory", ["step:0"], "scripted"],
  ]);
  assert.ok(out.units.every((u) => !("source_refs" in u.content)));
  assert.deepEqual(out.perType, [
    { type: "tip", units: 1, mode: "model" },
    { type: "trajectory", units: 1, mode: "model" },
    { type: "workflow", units: 0, mode: "model" },
  ]);
});

Deno.test("a malformed reply is retried once and then recorded as a failure, never dropped silently", async () => {
  const model = new ScriptedModel({ replies: ["not json at all", "{still: broken"] });
  const out = await run(recoveredSuccess(), ["tip", "shortcut"], model);
  assert.equal(model.calls.length, 2);
  assert.deepEqual(out.units, []);
  assert.equal(out.failures.length, 1);
  assert.match(
    out.failures[0],
    /^model tip\+shortcut: no usable reply: invalid_json: .*\(after 2 attempts\)$/,
  );
  assert.deepEqual(out.perType.map((p) => p.units), [0, 0]);
});

Deno.test("a second attempt that succeeds yields units", async () => {
  const model = new ScriptedModel({ replies: ["oops", { tip: [tipItem] }] });
  const out = await run(recoveredSuccess(), ["tip"], model);
  assert.equal(model.calls.length, 2);
  assert.equal(out.units.length, 1);
  assert.deepEqual(out.failures, []);
  // Without cited refs an agent-run unit comes from the whole trajectory.
  assert.deepEqual(out.units[0].source_refs, ["step:0", "step:1", "step:2", "step:3"]);
});

Deno.test("a reply missing a requested key is a schema failure", async () => {
  const model = new ScriptedModel({ replies: [{ tip: [] }, { tip: [] }] });
  const out = await run(recoveredSuccess(), ["tip", "workflow"], model);
  assert.equal(out.units.length, 0);
  assert.match(out.failures[0], /no usable reply: schema:/);
});

Deno.test("a schema-invalid item is rejected alone and reported with its field", async () => {
  const model = new ScriptedModel({
    replies: [{
      tip: [tipItem, { category: "tool_and_search", principle: "  " }, {
        ...tipItem,
        category: "vibes",
      }],
    }],
  });
  const out = await run(recoveredSuccess(), ["tip"], model);
  assert.equal(out.units.length, 1);
  assert.equal(out.failures.length, 2);
  assert.match(
    out.failures[0],
    /^model tip\[1\]: rejected: content.principle: must be a non-empty string/,
  );
  assert.match(out.failures[1], /^model tip\[2\]: rejected: content.category:/);
});

Deno.test("without batching each type gets its own prompt file", async () => {
  const model = new ScriptedModel({
    rules: [(req) => req.purpose === "extract:tip" ? { tip: [tipItem] } : undefined],
    replies: [{ trajectory: steps }],
  });
  const out = await run(recoveredSuccess(), ["tip", "trajectory"], model, false);
  assert.deepEqual(model.calls.map((c) => c.purpose), ["extract:tip", "extract:trajectory"]);
  assert.ok(
    model.calls[1].messages[0].content.includes("## trajectory: the condensed step record"),
  );
  assert.deepEqual(out.units.map((u) => u.type), ["tip", "trajectory"]);
});

Deno.test("a single allowed type uses its own prompt even when batching is on", async () => {
  const model = new ScriptedModel({
    replies: [{
      insight: {
        failure_pattern: "Wrong Entity",
        root_cause_conclusion: "r",
        corrective_strategy: "c",
      },
    }],
  });
  const out = await run(wrongAnswer(), ["insight"], model);
  assert.equal(model.calls[0].purpose, "extract:insight");
  assert.ok(model.calls[0].messages[0].content.includes("Outcome: failure"));
  assert.equal(out.units[0].content.failure_pattern, "wrong_entity");
  assert.equal(out.units[0].is_negative_example, true);
});

Deno.test("conversation items must cite turns; cited refs stay precise", async () => {
  const model = new ScriptedModel({
    replies: [{
      tip: [
        { category: "fact", principle: "Ann: adopted a dog named Pixel", source_refs: ["D1:3"] },
        { category: "fact", principle: "Bo: has a garden" },
      ],
      trajectory: null,
      shortcut: [],
    }],
  });
  const out = await run(conversation(), ["tip", "trajectory", "shortcut"], model);
  assert.equal(model.calls[0].purpose, "extract:conversation");
  assert.ok(
    model.calls[0].messages[0].content.includes("[D1:3] Ann (1:00 pm on 8 May, 2023): I adopted"),
  );
  assert.deepEqual(out.units.map((u) => u.source_refs), [["D1:3"]]);
  assert.deepEqual(out.failures, ["model tip[1]: rejected: cites no turn of this conversation"]);
});

Deno.test("an aborted extraction rejects instead of recording a failure", async () => {
  const controller = new AbortController();
  controller.abort();
  const model = new ScriptedModel({ replies: [{ tip: [] }] });
  await assert.rejects(modelExtract(recoveredSuccess(), ["tip"], deps(model, controller.signal)));
});

Deno.test("the reply schema holds exactly one nullable key per requested type", () => {
  const schema = replySchema(["tip", "shortcut"]);
  assert.ok(schema.safeParse({ tip: [], shortcut: null }).success);
  assert.ok(schema.safeParse({ tip: [], shortcut: { name: "x" } }).success);
  assert.equal(schema.safeParse({ tip: [] }).success, false);
});
