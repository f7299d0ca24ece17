import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { readEvents, type RunEvent, RunEventSchema } from "../search/events.ts";
import { buildFixtureRun } from "../server/testing/fixture_run.ts";
import { createProgress, formatDuration, formatEventLine, progressMode } from "./progress.ts";

let events: Promise<RunEvent[]> | undefined;
function fixtureEvents(): Promise<RunEvent[]> {
  events ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "automem_progress_" });
    const run = await buildFixtureRun(dir, { id: "p", kind: "finished", rounds: 2 });
    return await readEvents(join(run.dir, "events.jsonl"));
  })();
  return events;
}

function sink(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { write: (t: string) => chunks.push(t), isTTY, columns: 120 } };
}

Deno.test("the mode follows quiet, then --log_format json, then whether stderr is a TTY", () => {
  assert.equal(progressMode({ isTTY: true, quiet: true, logFormat: "json" }), "quiet");
  assert.equal(progressMode({ isTTY: true, logFormat: "json" }), "json");
  assert.equal(progressMode({ isTTY: true }), "bars");
  assert.equal(progressMode({ isTTY: false, logFormat: "text" }), "plain");
});

Deno.test("piped output is exactly one line per event", async () => {
  const evs = await fixtureEvents();
  const { chunks, stream } = sink(false);
  const p = createProgress({ stream, isTTY: false });
  evs.forEach((e) => p.onEvent(e));
  p.close();
  const lines = chunks.join("").split("\n").filter(Boolean);
  assert.equal(lines.length, evs.length);
  assert.match(
    lines[0],
    /^#1 09:00:00 run_started world proposer=rules rounds=4 candidates=3 dry-run$/,
  );
  assert.match(
    lines.at(-1)!,
    /run_finished finished \(max_rounds\) rounds=2 winner=\S+ tokens=[\d,]+ cost=\$0\.0168$/,
  );
  assert.ok(!chunks.join("").includes("\x1b["), "no terminal escapes when piped");
});

Deno.test("json output is one parseable event per line", async () => {
  const evs = await fixtureEvents();
  const { chunks, stream } = sink(true);
  const p = createProgress({ stream, isTTY: true, logFormat: "json" });
  evs.forEach((e) => p.onEvent(e));
  const parsed = chunks.join("").split("\n").filter(Boolean).map((l) =>
    RunEventSchema.parse(JSON.parse(l))
  );
  assert.deepEqual(parsed.map((e) => e.seq), evs.map((e) => e.seq));
});

Deno.test("quiet prints nothing", async () => {
  const { chunks, stream } = sink(true);
  const p = createProgress({ stream, isTTY: true, quiet: true });
  (await fixtureEvents()).forEach((e) => p.onEvent(e));
  p.close();
  assert.deepEqual(chunks, []);
});

Deno.test("on a TTY three bars show rounds, candidates and tasks with ETA, tokens and cost", async () => {
  const evs = await fixtureEvents();
  const { chunks, stream } = sink(true);
  // Every clock read advances 2 s, so the ETA is a known function of the tasks left.
  const p = createProgress({ stream, isTTY: true, clock: logicalClock(0, 2000) });
  const cut = evs.findIndex((e) => e.type === "task_finished" && e.round === 2 && e.index === 3);
  evs.slice(0, cut + 1).forEach((e) => p.onEvent(e));
  p.close();
  const out = chunks.join("");
  assert.match(out, /rounds\s+\S+ 1\/4 phase round/);
  assert.match(out, /candidates\s+\S+ 0\/3 round 2/);
  assert.match(out, /tasks\s+\S+ 3\/18 ETA \d+[sm]/);
  assert.match(out, /[\d,]+ tok \$0\.0168/);
  assert.match(out, /round_finished round=1 best=0\.515/, "milestones are logged above the bars");
  assert.ok(!out.includes("task_finished"), "task events only move the bars");
});

Deno.test("durations are short and human", () => {
  assert.equal(formatDuration(42), "42s");
  assert.equal(formatDuration(185), "3m 05s");
  assert.equal(formatDuration(3720), "1h 02m");
});

Deno.test("every event type has a plain line", async () => {
  const evs = await fixtureEvents();
  for (const e of evs) {
    assert.match(formatEventLine(e), new RegExp(`^#${e.seq} \\d\\d:\\d\\d:\\d\\d ${e.type}`));
  }
});
