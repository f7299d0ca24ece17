import assert from "node:assert/strict";
import type { Same } from "./same_type.ts";
import type { z } from "./zod.ts";
import {
  type TaskOutcome,
  TaskOutcomeSchema,
  type Trajectory,
  TrajectorySchema,
  type TrajectoryStep,
  TrajectoryStepSchema,
} from "./trajectory.ts";

// The interfaces are written out for the documentation; the schemas stay the one definition, so
// any drift between the two stops type checking here.
const step: Same<TrajectoryStep, z.infer<typeof TrajectoryStepSchema>> = true;
const trajectory: Same<Trajectory, z.infer<typeof TrajectorySchema>> = true;
const outcome: Same<TaskOutcome, z.infer<typeof TaskOutcomeSchema>> = true;

Deno.test("the trajectory interfaces are exactly the schemas' inferred types", () => {
  assert.deepEqual([step, trajectory, outcome], [true, true, true]);
});

Deno.test("a trajectory parses into the interface's shape and bad steps are refused", () => {
  const t: Trajectory = TrajectorySchema.parse({
    task_id: "t1",
    query: "q",
    steps: [{ ref: "step:0", kind: "action", tool: "search", args: { q: "x" } }],
  });
  assert.equal(t.steps[0].tool, "search");
  assert.equal(TrajectoryStepSchema.safeParse({ ref: "", kind: "action" }).success, false);
  assert.equal(TaskOutcomeSchema.safeParse({ success: true, score: 2 }).success, false);
});
