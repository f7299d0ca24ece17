import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { agentView, offlineDrafts, offlineExtract } from "./offline_encoder.ts";
import { conversation, recoveredSuccess } from "./fixtures_test.ts";

Deno.test("the agent view uses the trajectory query when the task text is empty", () => {
  const input = recoveredSuccess();
  input.task = { ...input.task, text: " " };
  const view = agentView(input);
  assert.equal(view.task.text, input.trajectory.query);
  assert.equal(view.actions.length, 4);
  assert.ok(view.tags.includes("web_search"));
});

Deno.test("conversation material never yields insights or workflows", () => {
  const input = conversation();
  assert.deepEqual(offlineDrafts("insight", input), []);
  assert.deepEqual(offlineDrafts("workflow", input), []);
  assert.ok(offlineDrafts("tip", input).length > 0);
});

Deno.test("offline units carry the offline model id and only known refs", () => {
  let n = 0;
  const input = recoveredSuccess();
  const out = offlineExtract(input, ["tip", "trajectory", "workflow", "shortcut"], {
    clock: logicalClock(),
    newId: () => `u${n++}`,
  });
  const refs = new Set(input.trajectory.steps.map((s) => s.ref));
  assert.deepEqual(out.failures, []);
  assert.equal(out.units.length, 5);
  for (const u of out.units) {
    assert.equal(u.extraction_model, "offline:rules");
    assert.ok(u.source_refs.length > 0 && u.source_refs.every((r) => refs.has(r)));
  }
});
