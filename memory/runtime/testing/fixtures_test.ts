import assert from "node:assert/strict";
import { PRIOR_QUERY, priorUnit, sampleUnits } from "./fixtures.ts";

Deno.test("sampleUnits: valid units of three types from the prior task, fresh on every call", () => {
  const a = sampleUnits();
  assert.deepEqual([a.tip.type, a.insight.type, a.traj.type], ["tip", "insight", "trajectory"]);
  assert.equal(a.insight.task_outcome, "failure");
  assert.ok([a.tip, a.insight, a.traj].every((u) => u.source_task_query === PRIOR_QUERY));
  a.tip.content.principle = "changed";
  assert.notEqual(sampleUnits().tip.content.principle, "changed");
});

Deno.test("priorUnit: extra fields override the defaults", () => {
  const u = priorUnit("x", "tip", { principle: "p" }, { source_task_id: "other" });
  assert.equal(u.source_task_id, "other");
  assert.equal(u.id, "x");
});
