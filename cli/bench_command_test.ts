import assert from "node:assert/strict";
import { COMMANDS } from "./commands.ts";
import { runCli } from "./run_cli.ts";
import { captureIo } from "./testing_io.ts";

Deno.test("bench calls --json: one row per chosen architecture, grouped calls within the budget", async () => {
  const io = captureIo();
  const argv = [
    "bench",
    "calls",
    "--tasks",
    "4",
    "--retrievers",
    "hybrid",
    "--presets",
    "lightweight,json_full",
    "--json",
  ];
  assert.equal(await runCli(argv, io, COMMANDS), 0, io.err.join(""));
  const rows = io.out.join("").trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((r) => `${r.retrieve}/${r.manage}/${r.store}`), [
    "hybrid/lightweight/json",
    "hybrid/json_full/json",
  ]);
  for (const r of rows) {
    assert.equal(r.tasks, 4);
    // Every task ends with exactly one batched extraction call.
    assert.equal(r.per_task.extraction, 1);
    assert.equal(r.per_task.other, 0);
    const sum = Object.values(r.per_task as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - r.calls_per_task) < 0.02, `groups add up for ${r.manage}`);
    assert.ok(r.calls_per_task <= 3, `${r.manage}: ${r.calls_per_task} calls/task`);
    assert.ok(r.prompt_tokens_per_task > 0);
  }
});

Deno.test("bench calls prints a Markdown table; bad --tasks or --retrievers are usage errors", async () => {
  const io = captureIo();
  const argv = [
    "bench",
    "calls",
    "--tasks",
    "2",
    "--retrievers",
    "mmr",
    "--presets",
    "lightweight",
  ];
  assert.equal(await runCli(argv, io, COMMANDS), 0, io.err.join(""));
  const table = io.out.join("");
  assert.match(table, /^\| retrieve \| manage \| store \| planner \|/);
  assert.match(table, /\n\| mmr \| lightweight \| json \| /);
  for (
    const [bad, message] of [
      [["--tasks", "0"], /--tasks: '0' is not a positive integer/],
      [["--retrievers", "hybrid,nope"], /--retrievers: unknown value 'nope'/],
      [["--presets", ""], /--presets is empty/],
    ] as const
  ) {
    const e = captureIo();
    assert.equal(await runCli(["bench", "calls", ...bad], e, COMMANDS), 2, bad.join(" "));
    assert.match(e.err.join(""), message);
  }
});
