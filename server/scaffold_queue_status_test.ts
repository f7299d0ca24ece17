import assert from "node:assert/strict";
import { scaffoldQueueStatus } from "./scaffold_queue_status.ts";

const ev = (label: string, seed: number, state: string, worker: string | null) =>
  JSON.stringify({ seq: 1, type: "episode_dispatch", label, seed, state, worker });

Deno.test("scaffold queue status counts episodes per state and per worker, ignoring a late active and torn lines", () => {
  const text = [
    JSON.stringify({ seq: 0, type: "run_started" }),
    ev("start", 1, "queued", null),
    ev("start", 2, "queued", null),
    ev("start", 3, "queued", null),
    ev("start", 1, "active", "w1"),
    ev("start", 1, "done", "w1"),
    ev("start", 1, "active", "w1"), // late, after done
    ev("start", 2, "active", "w2"),
    ev("i1a1", 1, "queued", null),
    ev("i1a1", 1, "failed", null),
    '{"type":"episode_dispatch","label":"x"', // torn
  ].join("\n");
  assert.deepEqual(scaffoldQueueStatus(text), {
    queued: 1,
    active: 1,
    done: 1,
    failed: 1,
    workers: [
      { worker: "w1", active: 0, done: 1, failed: 0, episodes: ["start:1"] },
      { worker: "w2", active: 1, done: 0, failed: 0, episodes: [] },
    ],
  });
  assert.equal(scaffoldQueueStatus(JSON.stringify({ type: "run_started" })), null);
});
