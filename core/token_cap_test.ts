import assert from "node:assert/strict";
import { ScriptedModel } from "./scripted_model.ts";
import { tokenCapped } from "./token_cap.ts";

Deno.test("a token cap lowers larger limits, keeps smaller ones and fills in a missing one", async () => {
  const inner = new ScriptedModel({ id: "m", replies: ["a", "b", "c"] });
  const capped = tokenCapped(inner, 100);
  const ask = (maxTokens?: number) =>
    capped.chat({ messages: [{ role: "user", content: "q" }], maxTokens });
  await ask(500);
  await ask(50);
  await ask();
  assert.deepEqual(inner.calls.map((c) => c.maxTokens), [100, 50, 100]);
  assert.equal(capped.id, "m");
});

Deno.test("a token cap must be a positive integer", () => {
  const m = new ScriptedModel();
  assert.throws(() => tokenCapped(m, 0), /positive integer/);
  assert.throws(() => tokenCapped(m, 1.5), /positive integer/);
});
