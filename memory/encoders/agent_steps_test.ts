import assert from "node:assert/strict";
import {
  condenseSteps,
  criticalStep,
  divergenceStep,
  procedure,
  recoveryOf,
  toolStrategy,
} from "./agent_steps.ts";
import { agentView } from "./offline_encoder.ts";
import { haltedFailure, recoveredSuccess } from "./fixtures_test.ts";
import type { TrajectoryStep } from "../../core/trajectory.ts";

Deno.test("recovery, divergence and the critical step are found from the steps", () => {
  const view = agentView(recoveredSuccess());
  assert.equal(recoveryOf(view, view.actions[0])?.ref, "step:1");
  assert.equal(divergenceStep(view)?.ref, "step:0");
  // The last successful step whose observation holds the final answer.
  assert.equal(criticalStep(view)?.ref, "step:2");
  assert.equal(divergenceStep(agentView(haltedFailure()))?.ref, "step:0");
});

Deno.test("long runs keep the first and last six condensed steps", () => {
  const input = recoveredSuccess();
  input.trajectory.steps = Array.from({ length: 20 }, (_, i): TrajectoryStep => ({
    ref: `step:${i}`,
    kind: "action",
    tool: i % 2 ? "open" : "go to",
    args: { target: `place ${i}` },
    observation: "ok",
  }));
  const steps = condenseSteps(agentView(input));
  assert.equal(steps.length, 12);
  assert.deepEqual([steps[0].refs, steps[11].refs], [["step:0"], ["step:19"]]);
});

Deno.test("blocks that repeat with the same shape collapse to their later form", () => {
  const input = recoveredSuccess();
  input.task.text = "find a mug";
  const tools = ["go to", "open", "go to", "open", "take"];
  const args = ["drawer 1", "drawer 1", "cabinet 2", "cabinet 2", "mug 1"];
  input.trajectory.steps = tools.map((tool, i): TrajectoryStep => ({
    ref: `step:${i}`,
    kind: "action",
    tool,
    args: { target: args[i] },
    observation: "ok",
  }));
  const view = agentView(input);
  const proc = procedure(view);
  assert.deepEqual(proc.map((p) => p.generalized), [
    "go to[cabinet <N>]",
    "open[cabinet <N>]",
    "take[<TARGET_ENTITY_1>]",
  ]);
  assert.deepEqual(proc[0].refs, ["step:0", "step:2"]);
  assert.equal(proc[0].repeated, true);
  assert.equal(toolStrategy(view), "go to → open → go to → open → take");
});
