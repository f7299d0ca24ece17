import assert from "node:assert/strict";
import { isUserFact, userFactDrafts } from "./user_facts.ts";

Deno.test("names, preferences and dates a user states are facts; questions and requests are not", () => {
  for (
    const s of ["My name is Ana.", "I prefer green tea over coffee.", "The flight leaves on 3 May."]
  ) {
    assert.ok(isUserFact(s), s);
  }
  for (const s of ["What is my name?", "Please book a table for two.", "The sky is blue."]) {
    assert.ok(!isUserFact(s), s);
  }
});

Deno.test("each fact sentence of a user turn becomes a fact tip citing the turn", () => {
  const drafts = userFactDrafts([
    {
      ref: "step:0",
      kind: "turn",
      speaker: "user",
      text: "Hi there. My name is Ana. Can you help?",
    },
    { ref: "step:1", kind: "plan", text: "My pleasure." },
    { ref: "step:2", kind: "turn", speaker: "user", text: "I am vegetarian." },
  ]);
  assert.deepEqual(drafts.map((d) => [d.content.principle, d.source_refs]), [
    ["user: My name is Ana.", ["step:0"]],
    ["user: I am vegetarian.", ["step:2"]],
  ]);
});
