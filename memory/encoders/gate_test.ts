import assert from "node:assert/strict";
import { ENCODE_TYPES } from "../../core/space.ts";
import { gateTypes, isConversation } from "./gate.ts";

const all = [...ENCODE_TYPES];

Deno.test("insight only from failures; workflow and shortcut only from successes", () => {
  assert.deepEqual(gateTypes(all, { success: false, score: 0 }, false), [
    "tip",
    "insight",
    "trajectory",
  ]);
  assert.deepEqual(gateTypes(all, { success: true, score: 1 }, false), [
    "tip",
    "trajectory",
    "workflow",
    "shortcut",
  ]);
});

Deno.test("material without an outcome yields tips and trajectories; conversations add shortcuts", () => {
  assert.deepEqual(gateTypes(all, undefined, false), ["tip", "trajectory"]);
  assert.deepEqual(gateTypes(all, undefined, true), ["tip", "trajectory", "shortcut"]);
});

Deno.test("the gate keeps only requested types, in menu order", () => {
  assert.deepEqual(gateTypes(["shortcut", "tip", "insight"], { success: true, score: 1 }, false), [
    "tip",
    "shortcut",
  ]);
  assert.deepEqual(gateTypes(["workflow"], { success: false, score: 0 }, false), []);
});

Deno.test("a conversation is a non-empty run of turns only", () => {
  const turn = { ref: "D1:1", kind: "turn" as const, text: "hi" };
  assert.equal(isConversation({ task_id: "c", query: "", steps: [turn] }), true);
  assert.equal(isConversation({ task_id: "c", query: "", steps: [] }), false);
  assert.equal(
    isConversation({ task_id: "c", query: "", steps: [turn, { ref: "step:1", kind: "action" }] }),
    false,
  );
});
