import assert from "node:assert/strict";
import { BenchConfigError, DataUnavailableError } from "./errors.ts";
import { BENCHMARK_NAMES, createBenchmark } from "./registry.ts";

Deno.test("the registry builds world and file benchmarks", async () => {
  const world = await createBenchmark("world", { seed: 1, families: 3, tasksPerFamily: 2 });
  assert.equal(world.id, "world");
  assert.equal(world.tasks().length, 6);
  const file = await createBenchmark("file", {
    infile: new URL("../examples/smoke_tasks.jsonl", import.meta.url).pathname,
    dryRun: true,
  });
  assert.equal(file.synthetic, true);
  assert.equal(file.tasks().length, 7);
  assert.deepEqual([...BENCHMARK_NAMES], [
    "world",
    "locomo",
    "reflexion-hotpotqa",
    "file",
    "gaia",
    "webwalkerqa",
    "xbench-deepsearch",
  ]);
});

Deno.test("unknown names and missing options name the field", async () => {
  const field = async (name: string, opts: Record<string, unknown>) => {
    try {
      await createBenchmark(name, opts);
    } catch (e) {
      if (e instanceof BenchConfigError) return e.field;
      throw e;
    }
    return "no error";
  };
  assert.equal(await field("nethack-ish", {}), "benchmark");
  assert.equal(await field("GAIA", {}), "infile");
  assert.equal(await field("xbench", { infile: "x.csv" }), "webToolkit");
  assert.equal(await field("world", {}), "seed");
  assert.equal(await field("locomo", {}), "dataPath");
  assert.equal(await field("reflexion-hotpotqa", {}), "dataPath");
  assert.equal(await field("file", {}), "infile");
  await assert.rejects(
    () => createBenchmark("locomo", { dataPath: "/nonexistent/x.json" }),
    DataUnavailableError,
  );
});
