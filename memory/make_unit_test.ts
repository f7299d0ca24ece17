import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { contentText, MemoryUnitSchema, storageTokens, unitSignature } from "../core/unit.ts";
import { initialConfidence, makeUnit, type MakeUnitInput } from "./make_unit.ts";
import { parseContent } from "./unit_content.ts";

const task = { id: "task-1", text: "Which of A and B is older?" };

function input(over: Partial<MakeUnitInput>): MakeUnitInput {
  return {
    type: "tip",
    content: { principle: "Do X, because Y" },
    task,
    outcome: { success: true, score: 1 },
    source_refs: ["step:0"],
    clock: logicalClock(Date.UTC(2026, 0, 2), 1000),
    id: "u1",
    extraction_model: "offline:rules",
    ...over,
  };
}

Deno.test("each type rejects empty content and names the missing core field", () => {
  const cases: [MakeUnitInput["type"], string][] = [
    ["tip", "principle"],
    ["insight", "root_cause_conclusion"],
    ["trajectory", "steps"],
    ["workflow", "agent_workflow"],
    ["shortcut", "name"],
  ];
  for (const [type, field] of cases) {
    const r = makeUnit(input({ type, content: {} }));
    assert.equal(r.ok, false, type);
    if (!r.ok) assert.ok(r.issues.some((i) => i.path.join(".") === `content.${field}`), type);
  }
});

Deno.test("blank strings and empty step lists count as missing", () => {
  assert.equal(parseContent("tip", { principle: "   " }).ok, false);
  assert.equal(parseContent("trajectory", { steps: [] }).ok, false);
  assert.equal(parseContent("workflow", { agent_workflow: [] }).ok, false);
  assert.equal(parseContent("shortcut", { name: "x", action_sequence: [] }).ok, false);
  assert.equal(parseContent("shortcut", { name: "!!!", action_sequence: [] }).ok, false);
  const insight = parseContent("insight", { root_cause_conclusion: "r", corrective_strategy: "" });
  assert.equal(insight.ok, false);
});

Deno.test("a unit needs at least one source ref", () => {
  const r = makeUnit(input({ source_refs: [" ", ""] }));
  assert.equal(r.ok, false);
  if (!r.ok) assert.deepEqual(r.issues.map((i) => i.code), ["missing_source_refs"]);
});

Deno.test("makeUnit computes signature, tokens, triggers, tags and created_at", () => {
  const content = {
    principle: "Do search the bridge entity, because the answer is on its page",
    task_type_tags: ["web_search", "medium", "web_search"],
    use_when: "two-hop question",
    avoid_when: ["single lookup"],
    unknown_key: "dropped",
  };
  const r = makeUnit(input({ content, source_refs: ["step:1", "step:0", "step:1"] }));
  assert.ok(r.ok);
  const u = r.unit;
  assert.equal(u.signature, unitSignature(u.content));
  assert.equal("unknown_key" in u.content, false);
  assert.deepEqual(u.use_when, ["two-hop question"]);
  assert.deepEqual(u.avoid_when, ["single lookup"]);
  assert.deepEqual(u.applicable_task_types, ["web_search", "medium"]);
  assert.deepEqual(u.source_refs, ["step:1", "step:0"]);
  assert.equal(u.created_at, "2026-01-02T00:00:00.000Z");
  assert.equal(u.storage_tokens, storageTokens(contentText(u)));
  assert.equal(u.task_outcome, "success");
  assert.equal(u.source_task_id, "task-1");
  assert.ok(MemoryUnitSchema.safeParse(u).success);
});

Deno.test("signature ignores the key order a model wrote", () => {
  const a = makeUnit(input({ content: { topic: "t", principle: "p" } }));
  const b = makeUnit(input({ content: { principle: "p", topic: "t" } }));
  assert.ok(a.ok && b.ok);
  assert.equal(a.unit.signature, b.unit.signature);
  assert.deepEqual(Object.keys(a.unit.content), Object.keys(b.unit.content));
});

Deno.test("insights and failed trajectories are negative examples", () => {
  const failure = { success: false, score: 0 };
  const insight = makeUnit(input({
    type: "insight",
    outcome: failure,
    content: {
      root_cause_conclusion: "r",
      corrective_strategy: "c",
      failure_pattern: "Wrong-Entity",
    },
  }));
  assert.ok(insight.ok);
  assert.equal(insight.unit.is_negative_example, true);
  assert.equal(insight.unit.content.failure_pattern, "wrong_entity");
  const steps = [{ step_id: 0, action: "a", observation: "o" }];
  const failed = makeUnit(input({ type: "trajectory", outcome: failure, content: { steps } }));
  const ok = makeUnit(input({ type: "trajectory", content: steps }));
  assert.ok(failed.ok && ok.ok);
  assert.equal(failed.unit.is_negative_example, true);
  assert.equal(ok.unit.is_negative_example, false);
  assert.equal(ok.unit.content.key_decision, "");
  const tip = makeUnit(input({ outcome: undefined }));
  assert.ok(tip.ok);
  assert.equal(tip.unit.task_outcome, "");
  assert.equal(tip.unit.is_negative_example, false);
});

Deno.test("shortcut test_invocation keys must equal the input_schema names", () => {
  const base = {
    name: "Lookup Then Answer",
    action_sequence: [{ step: 1, tool_call: { tool_name: "Search", args_pattern: "<A>" } }],
    input_schema: [{ name: "A" }],
  };
  const good = parseContent("shortcut", { ...base, test_invocation: { A: "x" } });
  assert.ok(good.ok);
  if (good.ok) assert.equal(good.value.name, "lookup_then_answer");
  const bad = parseContent("shortcut", { ...base, test_invocation: { B: "x" } });
  assert.equal(bad.ok, false);
  if (!bad.ok) assert.equal(bad.issues[0].code, "invocation_mismatch");
});

Deno.test("initial confidence follows the reference heuristic", () => {
  assert.equal(initialConfidence("tip", { principle: "p" }), 0.65);
  assert.equal(initialConfidence("tip", { principle: "p", quality_self_score: 0.9 }), 0.9);
  // One of two signal fields filled: 0.65 * (0.6 + 0.4 * 1/2).
  assert.ok(Math.abs(initialConfidence("tip", { principle: "p", use_when: [] }) - 0.52) < 1e-9);
  const step = { step_id: 0, action: "a", observation: "" };
  assert.equal(initialConfidence("trajectory", { steps: [step] }), 0.2);
  const six = Array.from({ length: 6 }, (_, i) => ({ ...step, step_id: i }));
  assert.ok(Math.abs(initialConfidence("trajectory", { steps: six }) - 0.65 * 1.08) < 1e-9);
  assert.equal(initialConfidence("workflow", { agent_workflow: [] }), 0.3);
  assert.equal(initialConfidence("tip", { principle: "p", quality_self_score: 0.01 }), 0.05);
});
