import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { runEvolve } from "../scaffold/evolve.ts";
import { v0Scaffold } from "../scaffold/v0.ts";
import { createApp } from "./app.ts";

Deno.test("the status API lists scaffold evolution runs and shows their attempts and summary", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await runEvolve({
      outputDir: dir,
      runName: "evo",
      resume: false,
      forceNew: false,
      clock: logicalClock(),
      config: {
        env: "tiny",
        seeds: [42],
        heldout_seeds: [],
        iterations: 1,
        attempts: 1,
        continuations: 0,
        max_steps: 20,
        proposer: "rules",
        persist_memory: false,
        start: v0Scaffold("tiny"),
      },
    });
    const app = createApp({ runsDir: dir, signal: new AbortController().signal });
    const list = await (await app.request("/api/scaffold/runs")).json();
    assert.deepEqual(list.runs.map((r: { id: string }) => r.id), ["evo"]);
    const one = await (await app.request("/api/scaffold/runs/evo")).json();
    assert.equal(one.status, "finished");
    assert.equal(one.env, "tiny");
    assert.ok(one.events > 0);
    assert.equal(one.attempts.length, one.summary.history.length);
    assert.equal((await app.request("/api/scaffold/runs/nope")).status, 404);
    assert.equal((await app.request("/api/scaffold/runs/..%2F..")).status, 404);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
