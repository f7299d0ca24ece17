import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { parseSearchConfig } from "../search/config.ts";
import { runSearchWith } from "../search/engine.ts";
import { readEvents, RUN_STAGES, type RunEvent } from "../search/events.ts";
import { driverBenchmark } from "../search/testing/resume_driver.ts";
import { fakeServices } from "../search/testing/fake_memory.ts";
import { readTree } from "../search/queue/testing/mod.ts";
import { SMALL_SEARCH_FLAGS } from "../search/testing/small_search.ts";

function search(out: string, opts: { resume?: boolean; abortAt?: number } = {}) {
  const r = parseSearchConfig({
    run_name: "run",
    output_dir: out,
    ...SMALL_SEARCH_FLAGS,
    max_rounds: 2,
    patience: 5,
    final_validation: true,
    resume: opts.resume ?? false,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const controller = new AbortController();
  // An interrupt arrives as the CLI's SIGINT/SIGTERM handler delivers it: the run's signal aborts
  // right after the chosen event is on disk.
  return runSearchWith(r.value, {
    models: {},
    embedder: new HashEmbedder(64),
    clock: logicalClock(),
    signal: controller.signal,
    onEvent: (e) => {
      if (e.seq === opts.abortAt) controller.abort();
    },
  }, fakeServices(driverBenchmark()));
}

/** A stage of the run as its events delimit it: `round 2`, `runoff`, … */
interface StageSpan {
  name: string;
  stage: string;
  start: number;
  end: number;
  tasks: number[];
}

/** The stages of a run, read from its event stream (so a new stage is covered unchanged). */
function stageSpans(events: readonly RunEvent[]): StageSpan[] {
  const spans: StageSpan[] = [];
  let open: StageSpan | undefined;
  for (const e of events) {
    if (e.type === "phase_started" || e.type === "round_started") {
      const stage = e.type === "round_started" ? "round" : e.phase;
      const name = e.type === "round_started" ? `round ${e.round}` : e.phase;
      open = { name, stage, start: e.seq, end: e.seq, tasks: [] };
      spans.push(open);
    } else if (open && e.type === "task_finished") open.tasks.push(e.seq);
    else if (open && (e.type === "phase_finished" || e.type === "round_finished")) {
      open.end = e.seq;
      open = undefined;
    }
  }
  // The report: the summary, views and `run_finished` written after the last stage.
  const last = events[events.length - 1];
  spans.push({
    name: "report",
    stage: "report",
    start: last.seq - 1,
    end: last.seq - 1,
    tasks: [],
  });
  return spans;
}

Deno.test("an interrupt at the start, middle and end of every stage (baseline, warm-up, each round, runoff, final test, report) resumes to the uninterrupted run's artifacts", async () => {
  const ref = await Deno.makeTempDir();
  assert.equal((await search(ref)).status, "finished");
  const reference = await readTree(join(ref, "run"), ["events.jsonl"]);
  const spans = stageSpans(await readEvents(join(ref, "run", "events.jsonl")));
  for (const stage of RUN_STAGES) {
    assert.ok(spans.some((s) => s.stage === stage), `the reference run has no ${stage} stage`);
  }
  const points = spans.flatMap((s) => {
    const middle = s.tasks[Math.floor(s.tasks.length / 2)] ?? s.start;
    return [[`start of ${s.name}`, s.start], [`middle of ${s.name}`, middle], [
      `end of ${s.name}`,
      s.end,
    ]] as [string, number][];
  });
  const failures: string[] = [];
  for (const [where, seq] of points) {
    const out = await Deno.makeTempDir();
    try {
      const first = await search(out, { abortAt: seq });
      if (first.status === "interrupted") {
        const second = await search(out, { resume: true });
        assert.equal(second.status, "finished");
      }
      const got = await readTree(join(out, "run"), ["events.jsonl"]);
      const differ = [...reference].filter(([k, v]) => got.get(k) !== v).map(([k]) => k);
      const extra = [...got.keys()].filter((k) => !reference.has(k));
      if (differ.length || extra.length) {
        failures.push(`${where} (event ${seq}): differ ${differ} extra ${extra}`);
      }
    } catch (e) {
      failures.push(`${where} (event ${seq}): ${(e as Error).message}`);
    }
    await Deno.remove(out, { recursive: true });
  }
  assert.deepEqual(failures, [], failures.join("\n"));
});
