import assert from "node:assert/strict";
import { ModelError } from "../core/ports.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { modelJudge, normalizeAnswer, ruleJudge } from "./judge.ts";

Deno.test("answers normalise case, punctuation, articles and spacing", () => {
  assert.equal(normalizeAnswer("  The  Eiffel-Tower! "), "eiffel tower");
  assert.equal(normalizeAnswer("“7 May 2023.”"), "7 may 2023");
});

Deno.test("the rule judge accepts equal answers and contained multi-word golds only", () => {
  assert.equal(ruleJudge("mercury", "Mercury").verdict, "correct");
  assert.equal(ruleJudge("She went on 7 May 2023.", "7 May 2023").verdict, "correct");
  assert.equal(
    ruleJudge("no, not really", "no").verdict,
    "incorrect",
    "one-word golds must match exactly",
  );
  assert.equal(ruleJudge("Venus", ["Mars", "venus"]).verdict, "correct");
  assert.equal(ruleJudge("", "x").reason, "empty prediction");
  assert.equal(ruleJudge("x", "x").status, "rule");
});

Deno.test("the model judge returns the validated verdict and its usage", async () => {
  const judge = new ScriptedModel({ replies: ['{"verdict": "correct", "reason": "same date"}'] });
  const out = await modelJudge(judge, {
    question: "When?",
    expected: "7 May 2023",
    predicted: "May 7th, 2023",
  });
  assert.equal(out.verdict, "correct");
  assert.equal(out.status, "judged");
  assert.ok(out.promptTokens > 0);
  const prompt = judge.calls[0].messages[0].content;
  assert.match(
    prompt,
    /Question: When\?\nGold answer: 7 May 2023\nPredicted answer: May 7th, 2023/,
  );
  assert.equal(judge.calls[0].schemaName, "judge_verdict");
});

Deno.test("the model judge is not called for empty predictions", async () => {
  const judge = new ScriptedModel();
  const out = await modelJudge(judge, { question: "q", expected: "a", predicted: "  " });
  assert.equal(out.verdict, "incorrect");
  assert.equal(judge.calls.length, 0);
});

Deno.test("a failing judge falls back to exact match or reports an error", async () => {
  const failing = () =>
    new ScriptedModel({ replies: [new ModelError("http", "upstream 500", 500)] });
  const rescued = await modelJudge(failing(), {
    question: "q",
    expected: "Mercury",
    predicted: "mercury",
  });
  assert.equal(rescued.verdict, "correct");
  assert.equal(rescued.status, "rule");
  const lost = await modelJudge(failing(), {
    question: "q",
    expected: "Mercury",
    predicted: "Venus",
  });
  assert.equal(lost.verdict, null);
  assert.equal(lost.status, "error");
  assert.match(lost.reason, /upstream 500/);
  const invalid = await modelJudge(
    new ScriptedModel({ replies: ['{"verdict": "maybe", "reason": ""}'] }),
    { question: "q", expected: "a", predicted: "b" },
  );
  assert.equal(invalid.status, "error");
});
