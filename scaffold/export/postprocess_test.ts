import assert from "node:assert/strict";
import { postprocess, type TrainingItem, validityProblems } from "./postprocess.ts";

const item = (phase: "log" | "plan", last: string): TrainingItem => ({
  phase,
  episode: 1,
  step: 2,
  messages: [{ role: "user", content: "prompt" }, { role: "assistant", content: last }],
});

Deno.test("LOG targets are unfenced, cut after DONE and trimmed after the last terminator", () => {
  const r = postprocess(
    item("log", "Noting.\n```\n<|APPEND|>a.txt|x<|END|>\n```\n<|DONE|> and then chatter"),
  );
  assert.ok(r.ok);
  assert.equal(r.item.messages[1].content, "Noting.\n<|APPEND|>a.txt|x<|END|>\n\n<|DONE|>");
  assert.deepEqual(validityProblems(r.item), []);
});

Deno.test("PLAN targets lose the action; action-only and fenced items are dropped", () => {
  const r = postprocess(item("plan", "<|SEARCH|>m.txt|d1(<|END|> ok <|ACTION|>north<|END|>"));
  assert.ok(r.ok);
  assert.equal(r.item.messages[1].content, "<|SEARCH|>m.txt|d1(<|END|>");
  assert.deepEqual(postprocess(item("plan", "<|ACTION|>north<|END|>")), {
    ok: false,
    reason: "no_memory_op",
  });
  assert.deepEqual(postprocess(item("log", "```js\ncode\n``` <|READ|>a<|END|>")), {
    ok: false,
    reason: "fence",
  });
});

Deno.test("validity checks catch broken alternation, actions and tails in targets", () => {
  const bad: TrainingItem = {
    phase: "plan",
    episode: 1,
    step: 1,
    messages: [
      { role: "assistant", content: "x" },
      { role: "assistant", content: "<|READ|>a<|END|> <|ACTION|>n<|END|> tail" },
    ],
  };
  const p = validityProblems(bad);
  for (const k of ["first_not_user", "no_alternation", "action_in_target", "post_op_tail"]) {
    assert.ok(p.includes(k), k);
  }
});
