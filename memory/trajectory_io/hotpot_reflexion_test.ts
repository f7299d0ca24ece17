import assert from "node:assert/strict";
import { TrajectorySchema } from "../../core/trajectory.ts";
import { parseReactAction, parseReflexionHotpotLog } from "./hotpot_reflexion.ts";
import { DATASETS, needsData, sharedDataUrl } from "./shared_data.ts";

const SMALL = `########################################
BEGIN TRIAL 1
Trial summary: Correct: 1, Incorrect: 0, Halted: 1
#######################################
------------- BEGIN CORRECT AGENTS -------------

Question: Which band did Ann Lee join?
Thought 1: I need to search Ann Lee.
Action 1: Search["Ann Lee"]
Observation 1: Could not find ["Ann Lee"]. Similar: ['Ann Lee (singer)'].
Thought 2: Try without quotes.
Action 2: Search[Ann Lee]
Observation 2: Ann Lee is a singer.
She joined the band Blue Rain in 1999.
Thought 3: The band is Blue Rain.
Action 3: Finish[Blue Rain]
Observation 3: Answer is CORRECT
Correct answer: Blue Rain

------------- BEGIN INCORRECT AGENTS -----------

------------- BEGIN HALTED AGENTS --------------

Question: Who founded X Corp? You have attempted to answer following question before and failed. Use them.
Reflections:
- I searched the wrong page.
Thought 1: Search X Corp.
Action 1: Search[X Corp]
Observation 1: No Results
Correct answer: Jane Roe
`;

Deno.test("a small log parses into trajectories with refs, errors and outcomes", () => {
  const r = parseReflexionHotpotLog(SMALL);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.issues));
  const [correct, halted] = r.value;
  assert.equal(correct.label, "CORRECT");
  assert.deepEqual(correct.trajectory.steps.map((s) => s.ref), ["step:0", "step:1", "step:2"]);
  assert.equal(correct.trajectory.steps[0].error, true);
  assert.deepEqual(correct.trajectory.steps[0].args, { query: '"Ann Lee"' });
  assert.equal(
    correct.trajectory.steps[1].observation,
    "Ann Lee is a singer.\nShe joined the band Blue Rain in 1999.",
  );
  assert.equal(correct.trajectory.final_answer, "Blue Rain");
  assert.deepEqual(correct.outcome, {
    success: true,
    score: 1,
    answer: "Blue Rain",
    expected: "Blue Rain",
  });
  assert.equal(halted.question, "Who founded X Corp?");
  assert.deepEqual(halted.reflections, ["I searched the wrong page."]);
  assert.equal(halted.outcome.success, false);
  assert.match(halted.outcome.failure_reason ?? "", /^Halted/);
  assert.equal(halted.task.id, halted.trajectory.task_id);
  assert.match(halted.trajectory.task_id, /^hotpotqa\/hq-[0-9a-f]{10}\/trial-1$/);
});

Deno.test("a record without its answer line or out of order is reported by line", () => {
  const noAnswer = SMALL.replace("Correct answer: Jane Roe\n", "");
  const r = parseReflexionHotpotLog(noAnswer);
  assert.equal(r.ok, false);
  if (!r.ok) assert.ok(r.issues.some((i) => i.code === "missing_field" && i.path[1] === 24));
  const swapped = SMALL.replace("Action 2: Search[Ann Lee]", "Action 3: Search[Ann Lee]");
  const s = parseReflexionHotpotLog(swapped);
  assert.equal(s.ok, false);
  if (!s.ok) assert.equal(s.issues[0].code, "step_order");
});

Deno.test("a trial whose summary disagrees with its records is reported", () => {
  const r = parseReflexionHotpotLog(SMALL.replace("Correct: 1,", "Correct: 2,"));
  assert.equal(r.ok, false);
  if (!r.ok) assert.equal(r.issues[0].code, "summary_mismatch");
});

Deno.test("parseReactAction splits Tool[argument] and flags anything else", () => {
  assert.deepEqual(parseReactAction("Lookup[year]"), { tool: "Lookup", args: { keyword: "year" } });
  assert.deepEqual(parseReactAction("think about it"), {
    tool: "invalid",
    args: { input: "think about it" },
  });
});

const HOTPOT = DATASETS.hotpotReflexion;
Deno.test({
  ...needsData(HOTPOT, "every trajectory of the real Reflexion HotpotQA log parses"),
  fn: async () => {
    const r = parseReflexionHotpotLog(await Deno.readTextFile(sharedDataUrl(HOTPOT)));
    assert.ok(r.ok, JSON.stringify(!r.ok && r.issues.slice(0, 3)));
    assert.equal(r.value.length, 498);
    const count = (l: string) => r.value.filter((x) => x.label === l).length;
    assert.deepEqual([count("CORRECT"), count("INCORRECT"), count("HALTED")], [223, 209, 66]);
    assert.equal(new Set(r.value.map((x) => x.question_id)).size, 100);
    for (const x of r.value) {
      assert.ok(TrajectorySchema.safeParse(x.trajectory).success);
      assert.ok(x.trajectory.steps.length > 0, x.trajectory.task_id);
      assert.equal(x.outcome.success, x.label === "CORRECT");
      assert.ok(!x.question.includes("You have attempted"));
    }
    assert.ok(r.value.some((x) => x.trial > 1 && x.reflections.length > 0));
  },
});
