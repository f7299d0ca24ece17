import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { RunDirError } from "./errors.ts";
import { acquireLock, RunDir } from "./run_dir.ts";

const STALE = 999_999;

Deno.test("hammer: many contenders racing for one stale lock, exactly one wins every time", async () => {
  const root = await Deno.makeTempDir({ prefix: "run_lock_" });
  const trials = 60, contenders = 8;
  for (let t = 0; t < trials; t++) {
    const dir = new RunDir(join(root, `t${t}`));
    await Deno.mkdir(dir.root);
    const stale = { pid: STALE, hostname: "h", proc_start: null, acquired_at: "2026-01-01" };
    await Deno.writeTextFile(dir.lock, JSON.stringify(stale) + "\n");
    const outcomes = await Promise.all(
      Array.from({ length: contenders }, (_, i) =>
        acquireLock(dir, logicalClock(), {
          identity: { pid: 1000 + i, hostname: "h", proc_start: null },
          // Every contender is a live process; only the original holder is gone.
          isAlive: (h) => Promise.resolve(h.pid !== STALE),
        }).then(
          () => "won",
          (e) => {
            if (e instanceof RunDirError && e.code === "locked") return "refused";
            throw e;
          },
        )),
    );
    assert.equal(outcomes.filter((o) => o === "won").length, 1, `trial ${t}: ${outcomes}`);
    const holder = JSON.parse(await Deno.readTextFile(dir.lock));
    assert.notEqual(holder.pid, STALE);
    const left = [];
    for await (const e of Deno.readDir(dir.root)) left.push(e.name);
    assert.deepEqual(left, [".run_active.lock"], "no temp or takeover file is left behind");
  }
});
