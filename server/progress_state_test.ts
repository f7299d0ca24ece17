import assert from "node:assert/strict";
import { join } from "node:path";
import { type EventInput, readEvents, type RunEvent, RunEventSchema } from "../search/events.ts";
import { applyEvent, emptyProgress, foldEvents, wallSeconds } from "./progress_state.ts";
import { buildFixtureRun } from "./testing/fixture_run.ts";

let seq = 0;
const ev = (input: EventInput, at = "2026-01-01T00:00:00.000Z"): RunEvent =>
  RunEventSchema.parse({ ...input, seq: ++seq, at, run: "r" });

Deno.test("a run in the middle of a round shows its candidates and task counts", async () => {
  const dir = await Deno.makeTempDir();
  const run = await buildFixtureRun(dir, { id: "r", kind: "running", rounds: 1 });
  const v = foldEvents(await readEvents(join(run.dir, "events.jsonl"))).view;
  assert.equal(v.phase, "round");
  assert.equal(v.round, 2);
  assert.equal(v.rounds_done, 1);
  assert.equal(v.rounds_planned, 4);
  assert.deepEqual(v.candidates.map((c) => [c.candidate, c.status, c.tasks_done]), [
    [0, "ok", 6],
    [1, "running", 3],
    [2, "pending", 0],
  ]);
  assert.equal(v.candidates_done, 1);
  assert.equal(v.tasks_done, 9);
  assert.equal(v.tasks_total, 18);
  assert.equal(v.tokens, run.expected.tokens, "tokens = last checkpoint + tasks since");
});

Deno.test("stage phases count their tasks; the runoff total covers every contender", () => {
  const s = emptyProgress();
  applyEvent(s, ev({ type: "phase_started", phase: "baseline", n_tasks: 4 }));
  applyEvent(
    s,
    ev({
      type: "task_finished",
      stage: "baseline",
      round: null,
      candidate: null,
      config_id: null,
      task_id: "t1",
      index: 1,
      n_tasks: 4,
      score: 1,
      success: true,
      tokens: 10,
    }),
  );
  assert.deepEqual([s.view.phase, s.view.tasks_done, s.view.tasks_total], ["baseline", 1, 4]);
  applyEvent(s, ev({ type: "phase_started", phase: "runoff", n_tasks: 9 }));
  applyEvent(
    s,
    ev({
      type: "candidate_started",
      stage: "runoff",
      round: null,
      candidate: 0,
      config_id: "a",
      label: "A",
      fingerprint: "f",
      n_tasks: 3,
    }),
  );
  assert.deepEqual([s.view.tasks_done, s.view.tasks_total], [0, 9]);
  assert.equal(s.view.candidates_total, null);
});

Deno.test("lifecycle and wall time follow sessions across a resume", () => {
  const s = emptyProgress();
  const start = {
    type: "run_started" as const,
    resumed: false,
    run_dir: "/x",
    benchmark: "world",
    proposer: "rules",
    dry_run: true,
    synthetic: true,
    max_rounds: 2,
    num_candidates: 2,
    split: { warmup: 1, search: 2, validation: 1, test: 1 },
  };
  applyEvent(s, ev(start, "2026-01-01T00:00:00.000Z"));
  applyEvent(s, ev({ type: "run_failed", error: "boom", wall_ms: 1 }, "2026-01-01T00:00:10.000Z"));
  assert.equal(s.lifecycle?.type, "run_failed");
  applyEvent(s, ev({ ...start, resumed: true }, "2026-01-01T01:00:00.000Z"));
  applyEvent(
    s,
    ev({ type: "phase_started", phase: "warmup", n_tasks: 1 }, "2026-01-01T01:00:05.000Z"),
  );
  assert.equal(s.lifecycle?.type, "run_started");
  assert.equal(s.started, "2026-01-01T00:00:00.000Z");
  assert.equal(wallSeconds(s, null), 15);
  assert.equal(
    wallSeconds(s, Date.parse("2026-01-01T01:01:00.000Z")),
    70,
    "a live session runs to now",
  );
});
