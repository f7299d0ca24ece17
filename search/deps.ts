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
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type { PriceTable } from "../core/usage.ts";
import type { RunEvent } from "./events.ts";
import type { UnitExecutor } from "./queue/executor.ts";
import type { ProposerFactory } from "./protocol/proposals.ts";
import type { StopRule } from "./stop_rules.ts";
import type { SearchServices } from "./service_port.ts";

/** Models by role; absent roles run offline. */
export interface SearchModels {
  /** The task agent. */
  task?: ChatModel;
  /** The proposer. */
  search?: ChatModel;
  /** FGMD's LLM stages, round synthesis and ledger prose. */
  diagnosis?: ChatModel;
  judge?: ChatModel;
  /** Memory-side calls (extraction, composer, model-based ops and retrievers). */
  memory?: ChatModel;
}

/** Dependencies of a search. */
export interface SearchDeps {
  models: SearchModels;
  embedder: Embedder;
  /** Stamps events (default: the system clock). Never enters compared artifacts. */
  clock?: Clock;
  /** Clock of one stage's memory and benchmark (default: {@linkcode logicalStageClock}). */
  stageClock?: (stage: number) => Clock;
  /** Called after each event is written (terminal progress, tests). */
  onEvent?: (event: RunEvent) => void;
  /** Aborting checkpoints, releases the lock and resolves with status `interrupted`. */
  signal?: AbortSignal;
  /** USD per 1k tokens per model id, for cost accounting. */
  prices?: PriceTable;
  /** Replaces the real benchmarks / memory core (tests). */
  services?: Partial<SearchServices>;
  /** Runs units of work elsewhere (a job queue; see `queue/`); absent: in this process. */
  executor?: UnitExecutor;
  /** Builds each round's proposer (default: the one `--proposer` names). */
  proposerFactory?: ProposerFactory;
  /** Stop rules checked before every round after the first (default: `DEFAULT_STOP_RULES`). */
  stopRules?: readonly StopRule[];
}

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
