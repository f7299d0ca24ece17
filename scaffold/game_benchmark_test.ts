import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { osError } from "../core/fs_port.ts";
import { InfrastructureError } from "../core/infra_fault.ts";
import { createRng } from "../core/rng.ts";
import { NoMemoryProvider } from "../memory/no_memory.ts";
import { createGameBenchmark } from "./game_benchmark.ts";

Deno.test("a disk fault while a game task runs stops the run as an infrastructure fault instead of failing the task", async () => {
  const bench = createGameBenchmark("tiny", { seed: 1, episodes: 1 });
  const provider = new NoMemoryProvider();
  provider.beginTask = () => Promise.reject(osError("ENOSPC", "/scratch/game"));
  const [task] = bench.tasks();
  await assert.rejects(
    bench.runTask(task, provider, { clock: logicalClock(), rng: createRng("t") }),
    (e) => e instanceof InfrastructureError && /ENOSPC/.test(e.message),
  );
});
