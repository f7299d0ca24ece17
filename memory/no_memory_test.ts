import assert from "node:assert/strict";
import { NoMemoryProvider } from "./no_memory.ts";

const task = { id: "t1", text: "anything" };
const trajectory = { task_id: "t1", query: "anything", steps: [] };

Deno.test("the no-memory baseline never injects, stores or finds anything", async () => {
  const p = new NoMemoryProvider();
  assert.equal(p.plan, null);
  assert.equal(await p.beginTask(task), null);
  assert.equal(await p.refresh(task, "progress"), null);
  const end = await p.endTask(task, trajectory, { success: true, score: 1 });
  assert.deepEqual(end, {
    extracted: [],
    extraction_failures: [],
    inserted_ids: [],
    deduped: 0,
    used_unit_ids: [],
    ops: [],
  });
  assert.deepEqual(await p.search("anything", 5), []);
  await p.importPool({ units: [], edges: [] });
  assert.deepEqual(await p.exportPool(), { units: [], edges: [] });
  await p.close();
});

Deno.test("the baseline still records a trace per task", async () => {
  const p = new NoMemoryProvider();
  await p.beginTask(task);
  await p.endTask(task, trajectory, { success: false, score: 0 });
  const trace = p.traceOf("t1");
  assert.equal(trace?.task_id, "t1");
  assert.deepEqual(trace?.retrievals, []);
  assert.equal(trace?.end?.inserted_ids.length, 0);
  assert.equal(p.traceOf("unknown"), undefined);
});
