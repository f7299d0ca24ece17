import assert from "node:assert/strict";
import type { RunEvent } from "../search/events.ts";
import { foldEvents } from "./progress_state.ts";
import { unitsByWorker } from "./queue_progress.ts";

let seq = 0;
function dispatch(
  job: string,
  label: string,
  state: "queued" | "active" | "done" | "failed",
  worker: string | null,
): RunEvent {
  return {
    seq: ++seq,
    at: "2026-01-01T00:00:00.000Z",
    run: "r",
    type: "unit_dispatch",
    state,
    job_id: job,
    kind: "architecture",
    label,
    worker,
    queue: "redis://:***@h:6379",
  };
}

Deno.test("queue events fold into queued / active / done counts per worker and who ran what", () => {
  const s = foldEvents([
    dispatch("j1", "r1c0", "queued", null),
    dispatch("j2", "r1c1", "queued", null),
    dispatch("j3", "r1c2", "queued", null),
    dispatch("j1", "r1c0", "active", "w1"),
    dispatch("j2", "r1c1", "active", "w2"),
    dispatch("j1", "r1c0", "done", "w1"),
    dispatch("j3", "r1c2", "active", "w1"),
  ]);
  const q = s.view.queue!;
  assert.equal(q.url, "redis://:***@h:6379");
  assert.deepEqual([q.queued, q.active, q.done, q.failed], [0, 2, 1, 0]);
  assert.deepEqual(q.workers, [
    { worker: "w1", active: 1, done: 1, failed: 0, last: "r1c2" },
    { worker: "w2", active: 1, done: 0, failed: 0, last: "r1c1" },
  ]);
  assert.deepEqual([...unitsByWorker(s.jobs)], [["w1", ["r1c0"]]]);
});

Deno.test("runs without a queue have no queue view", () => {
  assert.equal(foldEvents([]).view.queue, null);
});
