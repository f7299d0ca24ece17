import assert from "node:assert/strict";
import { ModelError } from "../../core/ports.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import {
  judgeGaia,
  judgeWebWalker,
  judgeXbench,
  xbenchExtract,
  xbenchNormalize,
  xbenchVerdict,
} from "./judges.ts";

const q = (predicted: string, expected: string) => ({ question: "Q?", expected, predicted });

Deno.test("GAIA: the official scorer decides alone; a judge model is never asked by default", async () => {
  const model = new ScriptedModel({ replies: [{ rationale: "same", judgement: "correct" }] });
  const m1 = await judgeGaia(q("$1,000", "1000"), model);
  assert.deepEqual([m1.verdict, m1.status], ["correct", "rule"]);
  const m2 = await judgeGaia(q("4,417 storms", "4417"), model);
  assert.deepEqual([m2.verdict, m2.status, m2.official], ["incorrect", "rule", undefined]);
  assert.equal(model.calls.length, 0);
});

Deno.test("GAIA with the judge scorer: the model re-grades rejections, the official verdict kept", async () => {
  const model = new ScriptedModel({ replies: [{ rationale: "same", judgement: "correct" }] });
  const m1 = await judgeGaia(q("$1,000", "1000"), model, undefined, "judge");
  assert.deepEqual([m1.verdict, m1.status, model.calls.length], ["correct", "rule", 0]);
  const m2 = await judgeGaia(q("one thousand", "1000"), model, undefined, "judge");
  assert.deepEqual([m2.verdict, m2.status, m2.official], ["correct", "judged", "incorrect"]);
  assert.match(model.calls[0].messages[0].content, /Labeled answer: 1000/);
  const m3 = await judgeGaia(q("", "1000"), model, undefined, "judge");
  assert.deepEqual([m3.verdict, m3.status], ["incorrect", "rule"]);
});

Deno.test("GAIA without a judge model keeps the scorer's verdict", async () => {
  const r = await judgeGaia(q("Paris", "London"));
  assert.deepEqual([r.verdict, r.status], ["incorrect", "rule"]);
});

Deno.test("a failing judge model is a judge error, never a throw; exact match is rescued", async () => {
  const broken = new ScriptedModel({
    replies: [new ModelError("http", "boom", 500), new ModelError("http", "boom", 500)],
  });
  const r = await judgeWebWalker(q("Blue whale", "red fox"), broken);
  assert.deepEqual([r.verdict, r.status], [null, "error"]);
  const rescued = await judgeWebWalker(q("Red fox.", "red fox"), broken);
  assert.deepEqual([rescued.verdict, rescued.fallback], ["correct", "exact_match"]);
});

Deno.test("WebWalkerQA uses the model's judgement, or the rule judge offline", async () => {
  const model = new ScriptedModel({ replies: ['{"judgement":"incorrect","rationale":"no"}'] });
  assert.equal((await judgeWebWalker(q("maybe 1998", "1999"), model)).verdict, "incorrect");
  const offline = await judgeWebWalker(q("The founding year was 1999", "founding year was 1999"));
  assert.deepEqual([offline.verdict, offline.status], ["correct", "rule"]);
});

Deno.test("xBench: label extraction and normalisation make a fast exact match", async () => {
  assert.equal(xbenchExtract("思考过程……\n最终答案：「北京」。"), "「北京」。");
  assert.equal(xbenchNormalize("「北京」。"), "北京");
  assert.equal(xbenchNormalize(' "Final"! '), "final");
  const model = new ScriptedModel();
  const r = await judgeXbench(q("推理……\nFinal answer: 北京。", "北京"), model);
  assert.deepEqual([r.verdict, r.status, model.calls.length], ["correct", "rule", 0]);
});

Deno.test("xBench grader: the last 结论 wins; an echoed template is retried, then an error", async () => {
  assert.equal(xbenchVerdict("结论: 错误\n……\n结论：正确"), "correct");
  assert.equal(xbenchVerdict("没有结论"), null);
  const model = new ScriptedModel({
    replies: ["最终答案: 上海\n解释: 不同\n结论: 错误"],
  });
  const r = await judgeXbench(q("上海", "北京"), model);
  assert.deepEqual([r.verdict, r.status], ["incorrect", "judged"]);
  const echo = new ScriptedModel({
    replies: ["最终答案: <从回答中提取的最终答案>\n结论: 正确 或 错误", "解释: <简短说明>"],
  });
  const e = await judgeXbench(q("上海", "北京"), echo);
  assert.deepEqual([e.verdict, e.status, echo.calls.length], [null, "error", 2]);
});
