/**
 * `runSearch`: one search run from flags to `summary.json`. Opens and locks the run directory,
 * builds the benchmark, split, protocol digest and folds, then runs the baseline, the warm-up,
 * the rounds (until a stop rule fires), the validation runoff and the optional final test —
 * each stage checkpointed so `--resume` continues exactly where a run stopped.
 *
 * @module
 */
import { DEFAULT_LOCOMO_PATH } from "../bench/locomo/default_path.ts";
import { systemClock } from "../core/clock.ts";
import {
  asInfrastructure,
  FaultTracker,
  guardEmbedder,
  guardModel,
  InfrastructureError,
} from "../core/infra_fault.ts";
import { redactUrlsIn } from "../core/redact_url.ts";
import { createRng } from "../core/rng.ts";
import { specLabel } from "../core/spec.ts";
import { tokenCapped } from "../core/token_cap.ts";
import {
  type RunSummary,
  SearchStateSchema,
  SummarySchema,
  ValidationResultSchema,
} from "./artifacts.ts";
import type { SearchConfig } from "./config.ts";
import { logicalStageClock, type SearchDeps, type SearchModels } from "./deps.ts";
import { paretoFront } from "./egas/pareto.ts";
import { SearchError } from "./errors.ts";
import { EventLog, readEvents } from "./events.ts";
import {
  baselineViews,
  initialState,
  loadCommitted,
  priorWallMs,
  stopReason,
} from "./engine_state.ts";
import { ensureBaseline } from "./protocol/baseline.ts";
import { ensureFinalTest } from "./protocol/final_test.ts";
import { runRound } from "./protocol/round.ts";
import { ensureRunoff } from "./protocol/runoff.ts";
import { checkProtocol, currentProtocol, ensureFolds, ensureSplit } from "./protocol/setup.ts";
import { type RunContext, SearchAborted } from "./protocol/stage.ts";
import { collectUsage, writeViews } from "./protocol/views.ts";
import { ensureWarmup } from "./protocol/warmup.ts";
import { exists, openRunDir, readArtifact, writeArtifact } from "./run_dir.ts";
import type { SearchServices } from "./service_port.ts";

/**
 * Runs (or resumes) a search over the given services (see `run_search.ts` for the default
 * wiring). Resolves with the summary — status `interrupted` when `signal` was aborted
 * (everything is checkpointed and the lock released). Throws {@linkcode SearchError} for
 * refusals (`run_exists`, `locked`, `protocol_mismatch`, …) and for failed runs.
 */
export async function runSearchWith(
  config: SearchConfig,
  deps: SearchDeps,
  base: SearchServices,
): Promise<RunSummary> {
  const services: SearchServices = { ...base, ...deps.services };
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
  const { dir, lock } = opened;
  const events = await EventLog.open(dir.events, {
    run: config.run_name,
    clock,
    onEvent: deps.onEvent,
  });
  const began = clock.now();
  const prior = priorWallMs(await readEvents(dir.events));
  const wallMs = () => prior + (clock.now() - began);
  let started = false;
  let ctx: RunContext | undefined;
  let state = initialState(config);
  let completed = 0;
  try {
    const benchmark = await services.createBenchmark(config.benchmark, {
      seed: config.seed,
      // Only the locomo benchmark reads a data path.
      dataPath: config.data_path ?? DEFAULT_LOCOMO_PATH,
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
        );
      })
      : undefined;
    const split = await ensureSplit(dir, config, benchmark);
    await checkProtocol(
      dir,
      currentProtocol(config, models, deps.embedder.id, benchmark, split, searchPrompt),
    );
    const folds = await ensureFolds(dir, config, split, (i) => tasks[i].level);
    const summaryPath = dir.path("summary.json");
    const previous = await readArtifact(summaryPath, SummarySchema).catch(() => undefined);
    const finalPath = dir.path("final_validation", "validation_result.json");
    if (
      opened.resumed && previous?.status === "finished" &&
      (!config.final_validation || await exists(finalPath))
    ) {
      return previous;
    }
    await events.emit({
      type: "run_started",
      resumed: opened.resumed,
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
    started = true;
    ctx = {
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
      faults,
    };
    const baseline = await ensureBaseline(ctx);
    const view = baselineViews(baseline);
    await ensureWarmup(ctx);
    const loaded = await loadCommitted(dir, config);
    state = loaded.state;
    completed = loaded.completed;
    let lastDone = loaded.lastDone;
    const searchDone = await exists(dir.path("final_runoff", "runoff_result.json"));
    // Once the runoff exists the search phase is over; its stop reason was saved before it.
    let reason = searchDone
      ? (await readArtifact(dir.path("search_state.json"), SearchStateSchema))?.stop_reason ?? null
      : null;
    if (!searchDone) {
      await writeViews(ctx, state, view, {
        phase: "rounds",
        nextRound: completed + 1,
        completedRounds: completed,
        stopReason: null,
      });
    }
    while (!searchDone) {
      reason = await stopReason(ctx, completed + 1, state, wallMs);
      if (reason) break;
      lastDone = await runRound(ctx, completed + 1, state, lastDone, view, searchPrompt);
      state = lastDone.state;
      completed++;
      const usage = await collectUsage(ctx, state);
      await events.emit({
        type: "round_finished",
        round: completed,
        best_score: lastDone.aggregates.best_score,
        mean_score: lastDone.aggregates.mean_score,
        best_lift: lastDone.aggregates.best_lift,
        champion: state.champion?.config_id ?? null,
        front_size: paretoFront(state.pareto, view).length,
        merged: lastDone.merged_config_id,
        evaluations: state.evaluations,
        usage: { tokens: usage.total_tokens, cost_usd: usage.cost_usd },
      });
    }
    await writeViews(ctx, state, view, {
      phase: "runoff",
      nextRound: completed + 1,
      completedRounds: completed,
      stopReason: reason,
    });
    const runoff = await ensureRunoff(ctx, state, view.scores);
    const final = config.final_validation
      ? await ensureFinalTest(ctx, runoff)
      : await readArtifact(finalPath, ValidationResultSchema);
    const usage = await collectUsage(ctx, state);
    const summary: RunSummary = {
      status: "finished",
      winner: {
        architecture: runoff.winner.architecture,
        fingerprint: runoff.winner.fingerprint,
        validation_score: runoff.winner.validation_score,
        test_score: final?.metrics.score ?? null,
      },
      baseline: {
        search_score: baseline.by_split.search,
        validation_score: baseline.by_split.validation,
        test_score: final?.baseline_score ?? null,
      },
      rounds: completed,
      evaluations: state.evaluations,
      usage: { tokens: usage.total_tokens, cost_usd: usage.cost_usd },
      synthetic: benchmark.synthetic,
    };
    await writeViews(ctx, state, view, {
      phase: "finished",
      nextRound: completed + 1,
      completedRounds: completed,
      stopReason: reason,
    });
    await writeArtifact(summaryPath, SummarySchema, summary);
    await events.emit({
      type: "run_finished",
      status: "finished",
      stop_reason: reason,
      winner: {
        config_id: runoff.winner.config_id,
        label: specLabel(runoff.winner.architecture),
        fingerprint: runoff.winner.fingerprint,
      },
      rounds: completed,
      evaluations: state.evaluations,
      usage: summary.usage,
      wall_ms: wallMs(),
    });
    return summary;
  } catch (thrown) {
    // An I/O or endpoint fault anywhere (even one a stage swallowed) is the run's real failure.
    const error = faults.first ?? asInfrastructure(thrown);
    const interrupted = !(error instanceof InfrastructureError) &&
      (error instanceof SearchAborted || (deps.signal?.aborted ?? false));
    const usage = ctx ? await collectUsage(ctx, state).catch(() => null) : null;
    const partial: RunSummary = {
      status: interrupted ? "interrupted" : "failed",
      winner: { architecture: null, fingerprint: null, validation_score: null, test_score: null },
      baseline: { search_score: null, validation_score: null, test_score: null },
      rounds: completed,
      evaluations: state.evaluations,
      usage: { tokens: usage?.total_tokens ?? 0, cost_usd: usage?.cost_usd ?? 0 },
      synthetic: ctx?.benchmark.synthetic ?? false,
    };
    if (!started) throw error;
    await writeArtifact(dir.path("summary.json"), SummarySchema, partial).catch(() => {});
    if (interrupted) {
      await events.emit({
        type: "run_finished",
        status: "interrupted",
        stop_reason: "signal",
        winner: null,
        rounds: completed,
        evaluations: state.evaluations,
        usage: partial.usage,
        wall_ms: wallMs(),
      });
      return partial;
    }
    const message = redactUrlsIn(
      error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    );
    await events.emit({ type: "run_failed", error: message, wall_ms: wallMs() }).catch(() => {});
    if (error instanceof InfrastructureError) {
      throw new SearchError(
        "infrastructure",
        `the search stopped on an infrastructure fault (${error.component}): ${error.message}; ` +
          `nothing was scored from the failing work; fix the cause and run again with --resume`,
        { component: error.component },
        { cause: error },
      );
    }
    throw error instanceof SearchError
      ? error
      : new SearchError("run_failed", `the search failed: ${message}`, {}, { cause: error });
  } finally {
    await events.flush().catch(() => {});
    await lock.release();
  }
}
