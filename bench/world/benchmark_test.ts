import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { createRng } from "../../core/rng.ts";
import { BenchTaskSchema } from "../benchmark_port.ts";
import { BenchConfigError } from "../errors.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { createWorldBenchmark } from "./benchmark.ts";

Deno.test("the dataset hash is stable per config and changes with it", () => {
  const a = createWorldBenchmark({ seed: 1 });
  assert.equal(a.datasetHash, createWorldBenchmark({ seed: 1 }).datasetHash);
  assert.match(a.datasetHash, /^[0-9a-f]{64}$/);
  assert.notEqual(a.datasetHash, createWorldBenchmark({ seed: 2 }).datasetHash);
  assert.notEqual(a.datasetHash, createWorldBenchmark({ seed: 1, drift: false }).datasetHash);
  assert.notEqual(a.datasetHash, createWorldBenchmark({ seed: 1, tasksPerFamily: 14 }).datasetHash);
});

Deno.test("tasks are valid, uniquely identified and carry analysis metadata", () => {
  const b = createWorldBenchmark({ seed: 1 });
  const tasks = b.tasks();
  assert.equal(new Set(tasks.map((t) => t.identity)).size, tasks.length);
  tasks.forEach((t, row) => {
    assert.equal(BenchTaskSchema.safeParse(t).success, true);
    assert.equal(t.identity, `${b.datasetHash}:${row}`);
    assert.equal(t.metadata.procedure_length, b.worldTask(t.id)!.procedure.length);
  });
  assert.equal(b.synthetic, false);
  assert.equal(b.id, "world");
});

Deno.test("runs are deterministic: the same task gives the same result twice", async () => {
  const b = createWorldBenchmark({ seed: 3 });
  for (const t of b.tasks().slice(0, 5)) {
    const r1 = await b.runTask(t, new CannedProvider(), {
      clock: logicalClock(),
      rng: createRng(1),
    });
    const r2 = await b.runTask(t, new CannedProvider(), {
      clock: logicalClock(),
      rng: createRng(99),
    });
    assert.deepEqual(r1, r2);
  }
});

Deno.test("unknown tasks and bad options are rejected with typed errors", async () => {
  const b = createWorldBenchmark({ seed: 1 });
  await assert.rejects(
    () =>
      b.runTask({ ...b.tasks()[0], id: "nope" }, new CannedProvider(), {
        clock: logicalClock(),
        rng: createRng(1),
      }),
    RangeError,
  );
  assert.throws(() => createWorldBenchmark({ seed: 1, families: 99 }), BenchConfigError);
});

Deno.test("max steps caps the agent's calls below the task's own budget, never above it", async () => {
  const b = createWorldBenchmark({ seed: 3 });
  const t = b.tasks().find((x) => b.worldTask(x.id)!.procedure.length >= 4)!;
  const run = (maxSteps?: number) =>
    b.runTask(t, new CannedProvider(), { clock: logicalClock(), rng: createRng(1), maxSteps });
  const capped = await run(2);
  assert.equal(capped.success, false);
  assert.ok(capped.steps <= 2, `${capped.steps} steps`);
  assert.equal(capped.metrics?.budget, 2);
  assert.match(String(capped.answer), /incomplete/);
  // A cap above the task's budget changes nothing.
  assert.deepEqual(await run(1000), await run());
});
