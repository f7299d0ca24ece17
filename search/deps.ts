/**
 * What `runSearch` and `runSweep` are given: models per role, the embedder, clocks, the event
 * callback and the abort signal, plus injectable services and strategy points (the proposer
 * factory and the stop rules). Offline determinism comes from stage
 * clocks: every stage (baseline, warm-up, round t, runoff, final test) gets a logical clock whose
 * start depends only on the stage, so artifacts never depend on how often, or in which
 * process, time was read before.
 *
 * @module
 */
import { logicalClock } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import type { SearchDeps, SearchModels } from "./run_context.ts";

export type { SearchDeps, SearchModels };

/** Start of the logical timeline of offline runs. */
export const LOGICAL_EPOCH = Date.UTC(2026, 0, 1);
/** Logical time between two stages (one day, so decay and staleness ops see time pass). */
export const STAGE_SPAN_MS = 86_400_000;

/** A fresh logical clock for stage ordinal `stage` (baseline 0, warm-up 1, round t → t + 1...). */
export function logicalStageClock(stage: number): Clock {
  return logicalClock(LOGICAL_EPOCH + stage * STAGE_SPAN_MS, 1000);
}

/** A deterministic unit-id generator for one stage (`u-<label>-000001`, ...). */
export function idGenerator(label: string): () => string {
  let n = 0;
  return () => `u-${label}-${String(++n).padStart(6, "0")}`;
}
