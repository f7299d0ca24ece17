/**
 * Distributed evaluation: units of work (an architecture over its ordered tasks, one no-memory
 * task, one sweep architecture) as queue jobs. `queueExecutor` / `sweepQueueExecutor` are the
 * coordinator's side (plug into `SearchDeps.executor` / `SweepDeps.executor`); `runUnit` is a
 * worker's. The queue itself is BullMQ on Redis (`core/redis_queue.ts`).
 *
 * @module
 */
export * from "./executor.ts";
export * from "./run_unit.ts";
export * from "./units.ts";
