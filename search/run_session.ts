/**
 * The first steps of a search run: opening the session (models capped by `--token_budget`, the
 * locked run directory, the event log, the wall clock across invocations) and preparing it
 * (benchmark, split, protocol digest with its refusal on mismatch, folds, `run_started`). The
 * remaining steps (rounds, finish, failure) are in `engine.ts`.
 *
 * @module
 */
import { defaultDataPath } from "../bench/data_paths.ts";
import { stopwatch, systemClock } from "../core/clock.ts";
import { FaultTracker, guardEmbedder, guardModel } from "../core/infra_fault.ts";
import { createRng } from "../core/rng.ts";
import { tokenCapped } from "../core/token_cap.ts";
import { type RunSummary, SummarySchema } from "./artifacts.ts";
import type { SearchConfig } from "./config.ts";
import { logicalStageClock, type SearchDeps, type SearchModels } from "./deps.ts";
import type { EngineState } from "./egas/schemas.ts";
import { initialState, priorWallMs } from "./engine_state.ts";
import { SearchError } from "./errors.ts";
import { EventLog, readEvents } from "./events.ts";
import { checkProtocol, currentProtocol, ensureFolds, ensureSplit } from "./protocol/setup.ts";
import type { RunContext } from "./protocol/stage.ts";
import { type OpenedRun, openRunDir } from "../run_dir/open.ts";
import { exists, readArtifact, type RunDir } from "../run_dir/run_dir.ts";
import type { SearchServices } from "./service_port.ts";

/** What every step of a run shares: its inputs, directory, event log, clock and progress. */
export interface RunSession {
  config: SearchConfig;
  deps: SearchDeps;
  services: SearchServices;
  /** Models in effect, capped by `--token_budget` (none in a dry run). */
  models: SearchModels;
  opened: OpenedRun;
  events: EventLog;
  /** Wall time of the run across invocations. */
  wallMs: () => number;
  /** True once `run_started` was emitted; before that a failure is simply thrown. */
  started: boolean;
  /** Faults of guarded ports: one that survives its retries stops the run. */
  faults: FaultTracker;
  ctx?: RunContext;
  state: EngineState;
  completed: number;
}

/** A prepared run: the context, or the summary of a finished run being resumed. */
export type Prepared = { ctx: RunContext; searchPrompt?: string } | { done: RunSummary };

/** Caps the models, opens and locks the run directory and its event log. */
export async function openSession(
  config: SearchConfig,
  deps: SearchDeps,
  base: SearchServices,
): Promise<RunSession> {
  const clock = deps.clock ?? systemClock;
  // Every port is guarded: a fault that survives its retries stops the run instead of scoring 0.
  const faults = new FaultTracker();
  deps = { ...deps, embedder: guardEmbedder(deps.embedder, faults) };
  // `--token_budget` caps every model call of the run, whatever the role.
  const models: SearchModels = config.dry_run ? {} : Object.fromEntries(
    Object.entries(deps.models).map((
      [role, m],
    ) => [role, m && guardModel(tokenCapped(m, config.token_budget), role, faults)]),
  );
  const opened = await openRunDir({
    outputDir: config.output_dir,
    runName: config.run_name,
    resume: config.resume,
    forceNew: config.force_new,
    clock,
  });
  try {
    // Budgets run on the monotonic clock, carried across resumes as elapsed time in the events.
    const prior = priorWallMs(await readEvents(opened.dir.events));
    const watch = stopwatch(clock);
    const wallMs = () => prior + watch();
    const events = await EventLog.open(opened.dir.events, {
      run: config.run_name,
      clock,
      onEvent: deps.onEvent,
      elapsedMs: wallMs,
    });
    return {
      config,
      deps,
      services: { ...base, ...deps.services },
      models,
      opened,
      events,
      wallMs,
      started: false,
      faults,
      state: initialState(config),
      completed: 0,
    };
  } catch (error) {
    await opened.lock.release();
    throw error;
  }
}

/**
 * Builds the benchmark, split, protocol digest (refusing a mismatch) and folds; returns the
 * previous summary when a finished run is resumed with nothing left to do, else emits
 * `run_started` and the run's context.
 */
export async function prepareRun(run: RunSession): Promise<Prepared> {
  const { config, deps, services, models, events } = run;
  const { dir } = run.opened;
  const benchmark = await services.createBenchmark(config.benchmark, {
    seed: config.seed,
    // Only the locomo benchmark reads a data path.
    dataPath: config.data_path ?? defaultDataPath(config.benchmark),
    conversations: config.conversations ?? undefined,
    infile: config.infile ?? undefined,
    dryRun: config.dry_run,
  });
  const tasks = benchmark.tasks();
  const ids = new Set(tasks.map((t) => t.id));
  if (ids.size !== tasks.length) {
    throw new SearchError("invalid_input", `benchmark ${benchmark.id} has duplicate task ids`);
  }
  const searchPrompt = config.search_prompt
    ? await Deno.readTextFile(config.search_prompt).catch((e) => {
      throw new SearchError(
        "invalid_input",
        `cannot read --search_prompt ${config.search_prompt}: ${e.message}`,
        {},
        { cause: e },
      );
    })
    : undefined;
  const split = await ensureSplit(dir, config, benchmark);
  await checkProtocol(
    dir,
    currentProtocol(config, models, deps.embedder.id, benchmark, split, searchPrompt),
  );
  const folds = await ensureFolds(dir, config, split, (i) => tasks[i].level);
  const previous = await readArtifact(dir.path("summary.json"), SummarySchema).catch(() =>
    undefined
  );
  if (
    run.opened.resumed && previous?.status === "finished" &&
    (!config.final_validation || await exists(finalTestPath(dir)))
  ) {
    return { done: previous };
  }
  await events.emit({
    type: "run_started",
    resumed: run.opened.resumed,
    run_dir: dir.root,
    benchmark: benchmark.id,
    proposer: config.proposer,
    dry_run: config.dry_run,
    synthetic: benchmark.synthetic,
    max_rounds: config.max_rounds,
    num_candidates: config.num_candidates,
    split: {
      warmup: split.profile_indices.length,
      search: split.optimization_indices.length,
      validation: split.validation_indices.length,
      test: split.final_test_indices.length,
    },
  });
  run.started = true;
  run.ctx = {
    config,
    dir,
    benchmark,
    tasks,
    taskById: new Map(tasks.map((t) => [t.id, t])),
    split,
    folds,
    deps,
    services,
    events,
    models,
    stageClock: deps.stageClock ?? logicalStageClock,
    rng: createRng(`search:${config.seed}`),
    signal: deps.signal,
    faults: run.faults,
  };
  return { ctx: run.ctx, searchPrompt };
}

/** Where the final test result lives. */
export function finalTestPath(dir: RunDir): string {
  return dir.path("final_validation", "validation_result.json");
}
