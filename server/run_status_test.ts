import assert from "node:assert/strict";
import { join } from "node:path";
import { RunEventSchema } from "../search/events.ts";
import { processStartTime } from "../run_dir/run_dir.ts";
import { deriveStatus, readLock } from "./run_status.ts";

const at = "2026-01-01T00:00:00.000Z";
const finished = RunEventSchema.parse({
  seq: 9,
  at,
  run: "r",
  type: "run_finished",
  status: "interrupted",
  stop_reason: "signal",
  winner: null,
  rounds: 1,
  evaluations: 2,
  usage: { tokens: 1, cost_usd: 0 },
  wall_ms: 1,
});
const failed = RunEventSchema.parse({
  seq: 9,
  at,
  run: "r",
  type: "run_failed",
  error: "boom",
  wall_ms: 1,
});
const live = { live: true, pid: 1, acquired_at: at };
const dead = { live: false, pid: 1, acquired_at: at };

Deno.test("a live lock means running whatever the events say", () => {
  assert.equal(deriveStatus(live, finished).status, "running");
  assert.equal(deriveStatus(live, null).status, "running");
});

Deno.test("without a live lock the last lifecycle event decides, else the run is stale", () => {
  const f = deriveStatus(dead, finished);
  assert.deepEqual([f.status, f.interrupted, f.stop_reason], ["finished", true, "signal"]);
  assert.deepEqual([deriveStatus(null, failed).status, deriveStatus(null, failed).error], [
    "failed",
    "boom",
  ]);
  assert.equal(deriveStatus(null, null).status, "stale");
  assert.equal(deriveStatus(dead, null).status, "stale");
  assert.equal(
    deriveStatus(null, null, "finished").status,
    "finished",
    "summary.json is the fallback",
  );
});

async function lockDir(content: string): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  await Deno.writeTextFile(join(dir, ".run_active.lock"), content);
  return dir;
}

Deno.test("the lock is live for a running process and dead for a gone or reused pid", async () => {
  const mine = { pid: Deno.pid, hostname: Deno.hostname(), acquired_at: at };
  const start = await processStartTime(Deno.pid);
  assert.equal(
    (await readLock(await lockDir(JSON.stringify({ ...mine, proc_start: start }))))?.live,
    true,
  );
  const reused = JSON.stringify({ ...mine, proc_start: "1" });
  assert.equal(
    (await readLock(await lockDir(reused)))?.live,
    start === null,
    "pid reuse is detected",
  );
  const gone = JSON.stringify({ ...mine, pid: 2 ** 22 + 17, proc_start: null });
  assert.equal((await readLock(await lockDir(gone)))?.live, start === null);
  const foreign = JSON.stringify({
    ...mine,
    hostname: "another-host",
    pid: 2 ** 22 + 17,
    proc_start: null,
  });
  assert.equal(
    (await readLock(await lockDir(foreign)))?.live,
    true,
    "another host cannot be checked",
  );
  assert.equal(
    (await readLock(await lockDir('{"pid": 1')))?.live,
    true,
    "a lock being written is live",
  );
  assert.equal(await readLock(await Deno.realPath(await Deno.makeTempDir())), null);
});
