/**
 * The shapes a search run is made of, in one place because they refer to each other: the run
 * context holds the search's dependencies, and the dependencies' strategy points (unit
 * executor, proposer factory, stop rules) take the run context. The files that implement them
 * (`deps.ts`, `protocol/stage.ts`, `queue/executor.ts`, `protocol/proposals.ts`,
 * `stop_rules.ts`) import these types instead of each other.
 *
 * @module
 */
import type { Benchmark, BenchTask, TaskResult } from "../bench/benchmark_port.ts";
import type { FaultTracker } from "../core/infra_fault.ts";
import type { ChatModel, Clock, Embedder, Rng } from "../core/ports.ts";
import type { ArchitectureSpec } from "../core/spec.ts";
import type { PriceTable, UsageLedger } from "../core/usage.ts";
import type { RunDir } from "../run_dir/run_dir.ts";
import type { StoreSnapshot } from "../stores/store_port.ts";
import type { DataSplit, Folds, PoolFile } from "./artifacts.ts";
import type { SearchConfig } from "./config.ts";
import type { Proposer } from "./egas/proposal.ts";
import type { EngineState } from "./egas/schemas.ts";
import type { EventLog, RunEvent } from "./events.ts";
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
  /** Clock of one stage's memory and benchmark (default: `logicalStageClock` of `deps.ts`). */
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

/** Stage names as events and artifacts spell them. */
export type Stage = "baseline" | "warmup" | "round" | "runoff" | "final_test";

/** Everything the stages share. */
export interface RunContext {
  config: SearchConfig;
  dir: RunDir;
  benchmark: Benchmark;
  tasks: readonly BenchTask[];
  taskById: ReadonlyMap<string, BenchTask>;
  split: DataSplit;
  folds: Folds;
  deps: SearchDeps;
  services: SearchServices;
  events: EventLog;
  /** Models in effect (none in a dry run). */
  models: SearchModels;
  stageClock: (stage: number) => Clock;
  rng: Rng;
  signal?: AbortSignal;
  /** Infrastructure faults seen by any port of the run; checked before work is committed. */
  faults: FaultTracker;
}

/** Where a stage's task files go and how its events are labelled. */
export interface TaskSink {
  stage: Stage;
  round: number | null;
  candidate: number | null;
  configId: string | null;
  tasksDir: string;
}

/** One architecture to run over a task list. */
export interface ArchJob {
  sink: TaskSink;
  stage: Stage;
  ordinal: number;
  /** Id prefix and rng label, unique per run (`r3c1`, `warmup`, `runoff2`, `final`). */
  label: string;
  spec: ArchitectureSpec;
  dir: string;
  tasks: readonly BenchTask[];
  /** The pool the memory starts from (null: empty). */
  seedPool: PoolFile | null;
  ledger: UsageLedger;
}

/**
 * Builds a round's proposer. `ledger` meters its model calls (role `search`); `template` is the
 * `--search_prompt` text, when given. Inject one through `SearchDeps.proposerFactory`.
 */
export type ProposerFactory = (
  ctx: RunContext,
  ledger: UsageLedger,
  template?: string,
) => Proposer;

/** Why the round loop stopped: a built-in reason, or `rule:<name>` from an injected rule. */
export type StopReason =
  | "max_rounds"
  | "stop_file"
  | "patience"
  | "max_tokens"
  | "max_cost_usd"
  | "max_wall_s"
  | `rule:${string}`;

/** What a stop rule sees before round `round`. */
export interface StopInput {
  ctx: RunContext;
  round: number;
  state: EngineState;
  /** Wall time of the run so far, across invocations. */
  wallMs: () => number;
}

/** One stop rule: the reason to stop before `input.round`, or null to go on. */
export type StopRule = (input: StopInput) => StopReason | null | Promise<StopReason | null>;

/** Runs a search's units of work somewhere other than this process. */
export interface UnitExecutor {
  /** One architecture over its ordered tasks; records each task as the in-process path does. */
  architecture(
    ctx: RunContext,
    job: ArchJob,
  ): Promise<{ results: TaskResult[]; pool: StoreSnapshot }>;
  /** One task without memory; its usage goes into `ledger`. */
  noMemoryTask(
    ctx: RunContext,
    stage: Stage,
    task: BenchTask,
    ledger: UsageLedger,
  ): Promise<TaskResult>;
}
