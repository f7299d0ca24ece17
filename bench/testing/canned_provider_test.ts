import assert from "node:assert/strict";
import { CannedProvider } from "./canned_provider.ts";

Deno.test("the canned provider returns its guidance, records calls and traces cited units", async () => {
  const p = new CannedProvider({
    begin: () => ({ text: "hello", units: [{ id: "u", type: "tip", text: "t" }] }),
  });
  const task = { id: "t1", text: "do it" };
  const g = await p.beginTask(task);
  assert.deepEqual(g, { phase: "begin", text: "hello", unit_ids: ["u"], tokens: 2 });
  assert.equal(await p.refresh(task, "progress"), null);
  assert.deepEqual(p.traceOf("t1")!.retrievals.map((r) => [r.phase, r.outcome, r.injected_ids]), [
    ["begin", "injected", ["u"]],
    ["in", "no_candidates", []],
  ]);
  await p.endTask(task, { task_id: "t1", query: "do it", steps: [] }, { success: true, score: 1 });
  assert.equal(p.calls.end.length, 1);
  assert.equal(p.plan, null);
});
