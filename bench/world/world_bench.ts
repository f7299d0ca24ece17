import { logicalClock } from "../../core/clock.ts";
import { createRng } from "../../core/rng.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { createWorldBenchmark } from "./benchmark.ts";

const bench = createWorldBenchmark({ seed: 1 });
const tasks = bench.tasks();
const level3 = tasks.filter((t) => t.level === 3);

Deno.bench("world: generate the default benchmark (180 tasks)", () => {
  createWorldBenchmark({ seed: 2 });
});

Deno.bench("world: one task, scripted agent, no store work", async () => {
  const t = tasks[0];
  await bench.runTask(t, new CannedProvider(), { clock: logicalClock(), rng: createRng(1) });
});

Deno.bench("world: one level-3 task, scripted agent, no store work", async () => {
  await bench.runTask(level3[0], new CannedProvider(), {
    clock: logicalClock(),
    rng: createRng(1),
  });
});
