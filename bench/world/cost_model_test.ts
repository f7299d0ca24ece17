import assert from "node:assert/strict";
import { THOUGHT_TOKENS, TokenMeter } from "./cost_model.ts";

Deno.test("each step pays the base prompt, the history and the memory in context", () => {
  const m = new TokenMeter(100, 10);
  m.step("abcd", "12345678"); // completion 1 + thought, observation 2
  assert.equal(m.prompt, 110);
  assert.equal(m.completion, 1 + THOUGHT_TOKENS);
  m.addMemory(50);
  m.step("abcd", "");
  assert.equal(m.prompt, 110 + 110 + 50 + (1 + THOUGHT_TOKENS + 2));
  assert.equal(m.memory, 50);
  m.step("", "");
  assert.equal(m.memory, 100, "memory is paid again on every later step");
  assert.equal(m.steps, 3);
});

Deno.test("no memory costs no memory tokens", () => {
  const m = new TokenMeter(1, 1);
  for (let i = 0; i < 5; i++) m.step("x", "y");
  assert.equal(m.memory, 0);
});
