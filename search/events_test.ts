import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { EventLog, parseEventLines, readEvents, type RunEvent } from "./events.ts";

const phase = { type: "phase_started", phase: "baseline", n_tasks: 3 } as const;

Deno.test("events are numbered, timestamped, written and passed to the listener", async () => {
  const dir = await Deno.makeTempDir();
  const seen: RunEvent[] = [];
  const log = await EventLog.open(join(dir, "events.jsonl"), {
    run: "r",
    clock: logicalClock(0),
    onEvent: (e) => seen.push(e),
  });
  await log.emit(phase);
  await log.emit({
    type: "phase_finished",
    phase: "baseline",
    n_tasks: 3,
    score: 0.5,
    reused: false,
  });
  const events = await readEvents(join(dir, "events.jsonl"));
  assert.deepEqual(events.map((e) => e.seq), [1, 2]);
  assert.equal(events[0].at, "1970-01-01T00:00:00.000Z");
  assert.equal(events[1].run, "r");
  assert.deepEqual(seen, events);
  assert.deepEqual((await readEvents(join(dir, "events.jsonl"), 1)).map((e) => e.seq), [2]);
});

Deno.test("seq continues across reopen and a torn last line is dropped", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "events.jsonl");
  const a = await EventLog.open(path, { run: "r", clock: logicalClock() });
  await a.emit(phase);
  await Deno.writeTextFile(path, '{"seq":2,"type":"phase_sta', { append: true });
  assert.equal((await readEvents(path)).length, 1);
  const b = await EventLog.open(path, { run: "r", clock: logicalClock() });
  await b.emit(phase);
  const events = await readEvents(path);
  assert.deepEqual(events.map((e) => e.seq), [1, 2]);
  assert.ok((await Deno.readTextFile(path)).endsWith("}\n"));
});

Deno.test("invalid events are rejected on emit and skipped on read", async () => {
  const dir = await Deno.makeTempDir();
  const log = await EventLog.open(join(dir, "e.jsonl"), { run: "r", clock: logicalClock() });
  // @ts-expect-error: the payload lacks n_tasks
  assert.throws(() => log.emit({ type: "phase_started", phase: "baseline" }));
  assert.deepEqual(parseEventLines('{"nope":1}\nnot json\n'), []);
});
