/**
 * Costs of reading runs: folding a long event stream, a poll of the event tail when nothing
 * changed and when a few events arrived, and a full run-detail request.
 */
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { EventLog } from "../search/events.ts";
import { createApp } from "./app.ts";
import { EventFileCursor } from "./event_file.ts";
import { buildFixtureRun } from "./testing/fixture_run.ts";

const runs = await Deno.makeTempDir({ prefix: "automem_bench_" });
await buildFixtureRun(runs, { id: "r", kind: "running", rounds: 3 });
const big = join(runs, "big.jsonl");
const log = await EventLog.open(big, { run: "big", clock: logicalClock() });
for (let i = 0; i < 10_000; i++) {
  await log.emit({
    type: "task_finished",
    stage: "round",
    round: 1 + Math.floor(i / 300),
    candidate: i % 3,
    config_id: `c${i % 3}`,
    task_id: `t${i}`,
    index: 1 + (i % 100),
    n_tasks: 100,
    score: 1,
    success: true,
    tokens: 1000,
  });
}
const app = createApp({ runsDir: runs });
const idle = new EventFileCursor(big);
await idle.read();

Deno.bench("fold 10k events from a 2.5 MB events.jsonl", async () => {
  await new EventFileCursor(big).read();
});
Deno.bench("tail poll with no new events (what each SSE client does per tick)", async () => {
  await idle.read();
});
Deno.bench("GET /api/runs/:id of a running run (warm reader)", async () => {
  await (await app.request("/api/runs/r")).arrayBuffer();
});
Deno.bench("GET /api/runs/:id/rounds (3 rounds, 9 candidates)", async () => {
  await (await app.request("/api/runs/r/rounds")).arrayBuffer();
});
