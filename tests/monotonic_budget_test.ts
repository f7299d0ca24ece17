import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import type { Clock } from "../core/ports.ts";
import { parseSearchConfig } from "../search/config.ts";
import { runSearchWith } from "../search/engine.ts";
import { priorWallMs } from "../search/engine_state.ts";
import { readEvents, type RunEvent } from "../search/events.ts";
import { createFakeBenchmark } from "../search/testing/fake_benchmark.ts";
import { fakeServices } from "../search/testing/fake_memory.ts";
import { SMALL_SEARCH_FLAGS } from "../search/testing/small_search.ts";

const DAY_MS = 86_400_000;

/**
 * A clock whose wall time jumps a day forward once `jump()` was called (an NTP step), while its
 * monotonic time advances one millisecond per reading.
 */
function steppingClock(): Clock & { jump(): void } {
  const wall = logicalClock();
  let offset = 0, mono = 0;
  return {
    now: () => wall.now() + offset,
    monotonic: () => ++mono,
    jump: () => void (offset += DAY_MS),
  };
}

function search(out: string, clock: Clock, opts: {
  resume?: boolean;
  onEvent?: (e: RunEvent) => void;
  signal?: AbortSignal;
} = {}) {
  const cfg = parseSearchConfig({
    run_name: "run",
    output_dir: out,
    ...SMALL_SEARCH_FLAGS,
    max_rounds: 4,
    max_wall_s: 3600,
    resume: opts.resume ?? false,
  });
  if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
  return runSearchWith(
    cfg.value,
    {
      models: {},
      embedder: new HashEmbedder(64),
      clock,
      onEvent: opts.onEvent,
      signal: opts.signal,
    },
    fakeServices(createFakeBenchmark({ n: 20, families: 4 })),
  );
}

Deno.test("a wall clock stepped a day forward mid-run does not spend --max_wall_s: all rounds run", async () => {
  const out = await Deno.makeTempDir();
  const clock = steppingClock();
  const summary = await search(out, clock, {
    onEvent: (e) => {
      if (e.type === "round_finished" && e.round === 1) clock.jump();
    },
  });
  assert.equal(summary.status, "finished");
  assert.equal(summary.rounds, 4);
  const state = JSON.parse(await Deno.readTextFile(join(out, "run", "search_state.json")));
  assert.equal(state.stop_reason, "max_rounds");
});

Deno.test("elapsed time is carried across --resume as monotonic time, not as the wall-clock span", async () => {
  const out = await Deno.makeTempDir();
  const first = steppingClock();
  const ctrl = new AbortController();
  const stopped = await search(out, first, {
    signal: ctrl.signal,
    onEvent: (e) => {
      if (e.type === "round_finished" && e.round === 1) {
        first.jump();
        ctrl.abort();
      }
    },
  });
  assert.equal(stopped.status, "interrupted");
  const events = await readEvents(join(out, "run", "events.jsonl"));
  const spanMs = Date.parse(events.at(-1)!.at) - Date.parse(events[0].at);
  assert.ok(spanMs > DAY_MS, "the wall clock did jump inside the first invocation");
  assert.ok(priorWallMs(events) < 3_600_000, `prior elapsed ${priorWallMs(events)} ms`);
  const resumed = await search(out, steppingClock(), { resume: true });
  assert.equal(resumed.status, "finished");
  assert.equal(resumed.rounds, 4);
});

Deno.test("priorWallMs counts the at-span of old segments and the recorded elapsed time of new ones", () => {
  const ev = (seq: number, at: number, type: string, elapsed?: number) =>
    ({
      seq,
      at: new Date(at).toISOString(),
      run: "r",
      type,
      ...(elapsed === undefined ? {} : { elapsed_ms: elapsed }),
    }) as unknown as RunEvent;
  const old = [ev(1, 0, "run_started"), ev(2, 5000, "round_finished")];
  assert.equal(priorWallMs(old), 5000);
  const mixed = [
    ...old,
    ev(3, DAY_MS, "run_started", 5000),
    ev(4, 3 * DAY_MS, "round_finished", 7000),
  ];
  assert.equal(priorWallMs(mixed), 7000);
});
