import assert from "node:assert/strict";
import { TrajectorySchema } from "../core/trajectory.ts";
import type { Same } from "../core/same_type.ts";
import type { z } from "../core/zod.ts";
import {
  type ChatMessage,
  type ChatMessageSchema,
  fromChatTranscript,
  TranscriptError,
} from "./chat_transcript.ts";

// Written out for the documentation; the schema stays the one definition.
const messageIsSchema: Same<ChatMessage, z.input<typeof ChatMessageSchema>> = true;

Deno.test("the ChatMessage type is exactly the schema's input type", () => {
  assert.equal(messageIsSchema, true);
});

Deno.test("tool calls become action steps with their tool replies as observations", () => {
  const t = fromChatTranscript([
    { role: "system", content: "You are an agent." },
    { role: "user", content: [{ type: "text", text: "Open the door" }] },
    {
      role: "assistant",
      content: "I need the key.",
      tool_calls: [
        { id: "a", type: "function", function: { name: "look", arguments: "{}" } },
        { id: "b", type: "function", function: { name: "take", arguments: '{"item":"key"}' } },
      ],
    },
    { role: "tool", tool_call_id: "b", content: "You take the key." },
    { role: "tool", tool_call_id: "a", content: "Error: too dark" },
    { role: "user", content: "hurry" },
    { role: "assistant", content: "The door is open." },
  ], { taskId: "door" });
  assert.equal(t.task_id, "door");
  assert.equal(t.query, "Open the door");
  assert.deepEqual(t.steps.map((s) => [s.ref, s.kind, s.tool ?? s.text]), [
    ["step:0", "plan", "I need the key."],
    ["step:1", "action", "look"],
    ["step:2", "action", "take"],
    ["step:3", "turn", "hurry"],
    ["step:4", "plan", "The door is open."],
  ]);
  assert.deepEqual(t.steps[2].args, { item: "key" });
  assert.equal(t.steps[2].observation, "You take the key.");
  assert.equal(t.steps[1].error, true, "an error reply marks the action as rejected");
  assert.equal(t.final_answer, "The door is open.");
  assert.ok(TrajectorySchema.safeParse(t).success);
});

Deno.test("arguments that are not JSON are kept verbatim", () => {
  const t = fromChatTranscript([
    { role: "user", content: "q" },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "x", function: { name: "f", arguments: "not json" } }],
    },
  ]);
  assert.deepEqual(t.steps[0].args, { raw: "not json" });
  assert.equal(t.final_answer, undefined);
});

Deno.test("a malformed transcript names the message index and field", () => {
  const bad = (messages: unknown[]) => {
    try {
      fromChatTranscript(messages);
    } catch (e) {
      assert.ok(e instanceof TranscriptError);
      return e;
    }
    throw new Error("expected a TranscriptError");
  };
  assert.deepEqual(bad([{ role: "user", content: "q" }, { role: "robot" }]).issues[0].path, [
    1,
    "role",
  ]);
  const orphan = bad([{ role: "tool", tool_call_id: "zz", content: "?" }]);
  assert.deepEqual(orphan.issues[0].path, [0, "tool_call_id"]);
  assert.equal(orphan.code, "invalid_transcript");
});
