/**
 * The real services behind {@linkcode SearchServices}: `createBenchmark` from bench/, and
 * `openMemory`, the no-memory provider, `mergePools` and `maintainPool` from memory/.
 *
 * @module
 */
import { createBenchmark } from "../bench/registry.ts";
import { NoMemoryProvider } from "../memory/no_memory.ts";
import { openMemory } from "../memory/open_memory.ts";
import { maintainPool, mergePools } from "../memory/pool.ts";
import { createGameBenchmark, GAME_BENCHMARKS } from "../scaffold/game_benchmark.ts";
import type { SearchServices } from "./service_port.ts";

export type { MemoryDeps, SearchServices } from "./service_port.ts";

/** The real benchmarks and memory core. */
export const defaultServices: SearchServices = {
  createBenchmark: (name, opts) =>
    (GAME_BENCHMARKS as readonly string[]).includes(name)
      ? Promise.resolve(createGameBenchmark(name, { seed: opts.seed ?? 42 }))
      : createBenchmark(name, opts),
  openMemory: (plan, deps) => openMemory(plan, deps),
  noMemory: () => new NoMemoryProvider(),
  mergePools: (canonical, winner, opts) => mergePools(canonical, winner, opts),
  maintainPool: async (pool, deps) => (await maintainPool(pool, deps)).pool,
};
