import assert from "node:assert/strict";
import { TrajectorySchema } from "../../core/trajectory.ts";
import {
  parseAlfworldCommand,
  parseAlfworldFewshot,
  parseAlfworldReflexion,
  reflectionSentences,
} from "./alfworld.ts";
import { DATASETS, needsData, sharedDataUrl } from "./shared_data.ts";

const EPISODE = "You are in the middle of a room. You see a cabinet 1 and a toilet 1.\n" +
  "Your task is to: put some soapbar on toilet.\n" +
  "> think: First I need to find a soapbar.\nOK.\n" +
  "> open cabinet 1\nYou open the cabinet 1. In it, you see a soapbar 1.\n" +
  "> take soapbar 1 from cabinet 1\n> think: Now I have it.\nOK.\nYou pick up the soapbar 1 from the cabinet 1.\n" +
  "> put soapbar 1 in/on sink 1\nNothing happens.\n";

Deno.test("a few-shot episode becomes plan and action steps with verbs as tools", () => {
  const r = parseAlfworldFewshot({ react_put_0: EPISODE });
  assert.ok(r.ok, JSON.stringify(!r.ok && r.issues));
  const [e] = r.value;
  assert.equal(e.task.text, "put some soapbar on toilet.");
  assert.deepEqual(e.trajectory.steps.map((s) => s.kind), [
    "summary",
    "plan",
    "action",
    "action",
    "plan",
    "action",
  ]);
  const take = e.trajectory.steps[3];
  assert.deepEqual([take.tool, take.args], ["take", {
    object: "soapbar 1",
    receptacle: "cabinet 1",
  }]);
  // The reply that follows an interleaved thought still belongs to the take command.
  assert.equal(take.observation, "You pick up the soapbar 1 from the cabinet 1.");
  assert.equal(e.trajectory.steps[5].error, true);
  assert.deepEqual([e.style, e.task_type, e.outcome.success], ["react", "put", true]);
});

Deno.test("bad few-shot keys and texts are reported", () => {
  const r = parseAlfworldFewshot({ weird_key: "x" });
  assert.equal(r.ok, false);
  if (!r.ok) assert.deepEqual(r.issues[0].path, ["weird_key"]);
  const t = parseAlfworldFewshot({ act_put_1: "no task line here" });
  assert.equal(t.ok, false);
  assert.equal(parseAlfworldFewshot("{not json").ok, false);
});

Deno.test("commands split into verb and named arguments", () => {
  assert.deepEqual(parseAlfworldCommand("go to cabinet 2"), {
    tool: "go to",
    args: { target: "cabinet 2" },
  });
  assert.deepEqual(parseAlfworldCommand("heat egg 1 with microwave 1"), {
    tool: "heat",
    args: { object: "egg 1", receptacle: "microwave 1" },
  });
  assert.deepEqual(parseAlfworldCommand("look"), { tool: "look", args: {} });
  assert.deepEqual(parseAlfworldCommand("dance wildly"), {
    tool: "dance",
    args: { input: "wildly" },
  });
});

Deno.test("each reflection becomes a failed attempt of plan, problem and correction steps", () => {
  const memory = [
    " In this environment, my plan was to find a mug. However, I forgot to use the desklamp 1. In the next trial, I will go to desk 1 first.",
  ];
  const r = parseAlfworldReflexion([{ name: "env_7", memory, is_success: true }]);
  assert.ok(r.ok);
  const [env] = r.value;
  assert.equal(env.attempts.length, 1);
  const steps = env.attempts[0].trajectory.steps;
  assert.deepEqual(steps.map((s) => [s.kind, s.error === true, s.meta?.role]), [
    ["plan", false, undefined],
    ["summary", true, "problem"],
    ["summary", false, "correction"],
  ]);
  assert.equal(env.attempts[0].outcome.failure_reason, "However, I forgot to use the desklamp 1.");
  assert.deepEqual(reflectionSentences("Check cabinet (1-6). Then stop."), [
    "Check cabinet (1-6).",
    "Then stop.",
  ]);
  assert.equal(parseAlfworldReflexion([{ name: "env_1", memory: "x" }]).ok, false);
});

const FEWSHOT = DATASETS.alfworldFewshot;
Deno.test({
  ...needsData(FEWSHOT, "all 36 real ALFWorld few-shot trajectories parse"),
  fn: async () => {
    const r = parseAlfworldFewshot(await Deno.readTextFile(sharedDataUrl(FEWSHOT)));
    assert.ok(r.ok, JSON.stringify(!r.ok && r.issues));
    assert.equal(r.value.length, 36);
    for (const e of r.value) {
      assert.ok(TrajectorySchema.safeParse(e.trajectory).success);
      const actions = e.trajectory.steps.filter((s) => s.kind === "action");
      assert.ok(actions.length >= 4, e.key);
      assert.ok(actions.every((s) => s.observation), `${e.key}: every command has a reply`);
    }
  },
});

const REFLEXION = DATASETS.alfworldReflexion;
Deno.test({
  ...needsData(
    REFLEXION,
    "all 134 real ALFWorld reflexion environments parse into 200 failed attempts",
  ),
  fn: async () => {
    const r = parseAlfworldReflexion(JSON.parse(await Deno.readTextFile(sharedDataUrl(REFLEXION))));
    assert.ok(r.ok, JSON.stringify(!r.ok && r.issues));
    assert.equal(r.value.length, 134);
    assert.equal(r.value.filter((e) => e.reflections.length > 0).length, 50);
    const attempts = r.value.flatMap((e) => e.attempts);
    assert.equal(attempts.length, 200);
    for (const a of attempts) {
      assert.ok(TrajectorySchema.safeParse(a.trajectory).success);
      assert.equal(a.outcome.success, false);
    }
  },
});
