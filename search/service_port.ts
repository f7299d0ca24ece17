/**
 * The lower layers the engine drives, as one injectable interface: benchmarks (bench/), memory
 * providers and pool merge/maintenance (memory/). `services.ts` binds the real modules; tests
 * substitute small fakes from `search/testing/`.
 *
 * @module
 */
import type { Benchmark } from "../bench/benchmark_port.ts";
import type { BenchmarkOptions } from "../bench/registry.ts";
import type { Plan } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type { MemoryProvider } from "../memory/provider_port.ts";
import type { StoreSnapshot } from "../stores/store_port.ts";

/** What opening a candidate's memory needs. */
export interface MemoryDeps {
  embedder: Embedder;
  clock: Clock;
  newId: () => string;
  model?: ChatModel;
  signal?: AbortSignal;
}

/** The services the search engine uses. */
export interface SearchServices {
  createBenchmark(name: string, opts: BenchmarkOptions): Promise<Benchmark>;
  openMemory(plan: Plan, deps: MemoryDeps): Promise<MemoryProvider>;
  noMemory(): MemoryProvider;
  mergePools(
    canonical: StoreSnapshot,
    winner: StoreSnapshot,
    opts: { clock: Clock },
  ): StoreSnapshot;
  maintainPool(
    pool: StoreSnapshot,
    deps: { embedder: Embedder; clock: Clock; dir: string },
  ): Promise<StoreSnapshot>;
}
