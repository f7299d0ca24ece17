import assert from "node:assert/strict";
import { ScriptedModel } from "../core/scripted_model.ts";
import { answerFromMemory, answerPrompt, NO_MEMORY_TEXT } from "./answer.ts";

Deno.test("the answer prompt carries memory and question; empty memory is marked", () => {
  assert.match(answerPrompt("note A", "Who?"), /Memory notes:\nnote A\n\nQuestion: Who\?/);
  assert.ok(answerPrompt(undefined, "Who?").includes(NO_MEMORY_TEXT));
  assert.ok(answerPrompt("  ", "Who?").includes(NO_MEMORY_TEXT));
});

Deno.test("the model's validated answer is returned with its usage", async () => {
  const model = new ScriptedModel({ replies: ['{"answer": "Paris"}'] });
  const r = await answerFromMemory(model, "m", "Capital?", "task_answer");
  assert.equal(r.answer, "Paris");
  assert.ok(r.promptTokens > 0);
  assert.equal(model.calls[0].purpose, "task_answer");
  await assert.rejects(() =>
    answerFromMemory(new ScriptedModel({ replies: ['{"reply": 1}'] }), "m", "q", "x")
  );
});
