import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { createEncoder } from "./create_encoder.ts";
import { conversation, haltedFailure, recoveredSuccess } from "./fixtures_test.ts";

function deps() {
  let n = 0;
  return { clock: logicalClock(Date.UTC(2026, 0, 1), 1000), newId: () => `id-${n++}` };
}

Deno.test("without a model the offline rules run, behind the provenance gate", async () => {
  const encode = createEncoder();
  const ok = await encode(recoveredSuccess(), deps());
  assert.deepEqual(ok.perType.map((p) => [p.type, p.mode]), [
    ["tip", "offline"],
    ["trajectory", "offline"],
    ["workflow", "offline"],
    ["shortcut", "offline"],
  ]);
  assert.ok(ok.units.every((u) => u.type !== "insight" && u.task_outcome === "success"));
  const failed = await encode(haltedFailure(), deps());
  assert.deepEqual(failed.perType.map((p) => p.type), ["tip", "insight", "trajectory"]);
  assert.equal(failed.units.filter((u) => u.type === "insight").length, 1);
  const chat = await encode(conversation(), deps());
  assert.deepEqual(chat.perType.map((p) => p.type), ["tip", "trajectory", "shortcut"]);
  assert.ok(
    chat.units.every((u) =>
      u.task_outcome === "" && u.source_refs.every((r) => r.startsWith("D1:"))
    ),
  );
});

Deno.test("with a model the model encoder runs and perType says so", async () => {
  const model = new ScriptedModel({
    replies: [{ tip: [], trajectory: null, workflow: null, shortcut: [] }],
  });
  const out = await createEncoder()(recoveredSuccess(), { ...deps(), model });
  assert.equal(model.calls.length, 1);
  assert.ok(out.perType.every((p) => p.mode === "model"));
});

Deno.test("the same input, ids and clock give byte-identical units", async () => {
  const a = await createEncoder()(recoveredSuccess(), deps());
  const b = await createEncoder()(recoveredSuccess(), deps());
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.equal(a.units[0].created_at, "2026-01-01T00:00:00.000Z");
});

Deno.test("an empty trajectory is reported, and a fully gated request does nothing", async () => {
  const input = recoveredSuccess();
  input.trajectory = { ...input.trajectory, steps: [] };
  const out = await createEncoder()(input, deps());
  assert.deepEqual(out.units, []);
  assert.match(out.failures[0], /the trajectory has no steps/);
  const gated = await createEncoder()({ ...recoveredSuccess(), types: ["insight"] }, deps());
  assert.deepEqual(gated, { units: [], perType: [], failures: [] });
});
