import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { createTaskProgress, type TaskOutcome } from "./task_progress.ts";

function sink(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { write: (t: string) => chunks.push(t), isTTY, columns: 120 } };
}

const OUTCOMES: TaskOutcome[] = ["kept", "correct", "incorrect", "error", "correct"];
const ticks = OUTCOMES.map((outcome, i) => ({
  done: i + 1,
  total: 5,
  outcome,
  line: `[${i + 1}/5] item ${i + 1}: ${outcome === "kept" ? "valid result kept" : outcome}`,
}));

Deno.test("piped, run progress is exactly one plain line per task and no terminal escapes", () => {
  const { chunks, stream } = sink(false);
  const p = createTaskProgress({ stream, isTTY: false, name: "GAIA", total: 5 });
  assert.equal(p.mode, "plain");
  ticks.forEach((t) => p.task(t));
  p.close();
  assert.deepEqual(chunks.join("").split("\n").filter(Boolean), ticks.map((t) => t.line));
  assert.ok(!chunks.join("").includes("\x1b["));
});

Deno.test("quiet run progress prints nothing", () => {
  const { chunks, stream } = sink(true);
  const p = createTaskProgress({ stream, isTTY: true, quiet: true, name: "GAIA", total: 5 });
  ticks.forEach((t) => p.task(t));
  p.close();
  assert.equal(chunks.join(""), "");
});

Deno.test("on a TTY run progress is a bar with outcome counts, ETA, and errors logged above", () => {
  const { chunks, stream } = sink(true);
  // Every clock read advances 3 s: three tasks ran in 3 reads, so 3 s per run task.
  const p = createTaskProgress({
    stream,
    isTTY: true,
    name: "GAIA",
    total: 5,
    clock: logicalClock(0, 3000),
  });
  assert.equal(p.mode, "bars");
  ticks.slice(0, 4).forEach((t) => p.task(t));
  p.close();
  const out = chunks.join("");
  assert.match(out, /GAIA\s+\S+ 4\/5 correct 1 incorrect 1 errors 1 kept 1 \| ETA \d+s/);
  assert.match(out, /\[4\/5\] item 4: error/, "an error is logged above the bar");
  assert.ok(!out.includes("item 2: correct"), "other tasks only move the bar");
});
