import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { EventLog } from "../search/events.ts";
import { RunReader } from "./run_reader.ts";
import { buildFixtureRun } from "./testing/fixture_run.ts";

Deno.test("the reader folds appended events incrementally and refolds a replaced events file", async () => {
  const runs = await Deno.makeTempDir();
  const run = await buildFixtureRun(runs, { id: "r", kind: "stale", rounds: 1 });
  const reader = new RunReader(runs);
  const first = await reader.run("r");
  assert.equal(first.run.status, "stale");
  await run.log.emit({ type: "run_failed", error: "later", wall_ms: 1 });
  const second = await reader.run("r");
  assert.equal(second.run.status, "failed");
  assert.equal(second.progress.events, first.progress.events + 1);
  // --force_new replaces the directory's contents: seq restarts at 1.
  const path = join(run.dir, "events.jsonl");
  await Deno.remove(path);
  const fresh = await EventLog.open(path, { run: "r", clock: logicalClock() });
  await fresh.emit({ type: "phase_started", phase: "baseline", n_tasks: 3 });
  const third = await reader.run("r");
  assert.equal(third.progress.events, 1);
  assert.equal(third.progress.phase, "baseline");
  assert.equal(third.run.status, "stale");
});

Deno.test("runs are listed newest first, then by id", async () => {
  const runs = await Deno.makeTempDir();
  await buildFixtureRun(runs, { id: "b", kind: "finished", rounds: 1 });
  await buildFixtureRun(runs, { id: "a", kind: "finished", rounds: 1 });
  await Deno.mkdir(join(runs, "c"));
  await Deno.writeTextFile(
    join(runs, "c", "events.jsonl"),
    JSON.stringify({
      seq: 1,
      at: "2027-01-01T00:00:00.000Z",
      run: "c",
      type: "run_started",
      resumed: false,
      run_dir: "x",
      benchmark: "world",
      proposer: "rules",
      dry_run: true,
      synthetic: true,
      max_rounds: 1,
      num_candidates: 1,
      split: { warmup: 0, search: 1, validation: 0, test: 0 },
    }) + "\n",
  );
  const list = await new RunReader(runs).listRuns();
  assert.deepEqual(list.map((r) => r.id), ["c", "a", "b"]);
});
