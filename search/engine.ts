/**
 * `runSearch`: one search run from flags to `summary.json`, as named steps: open the session and
 * prepare the run (`run_session.ts`: lock, benchmark, split, protocol digest, folds), then the
 * baseline, the warm-up, the rounds until a stop rule fires (`runRounds`), the validation runoff
 * and the optional final test (`finishRun`), or `failRun` — each stage checkpointed so
 * `--resume` continues exactly where a run stopped.
 *
 * @module
 */
import { asInfrastructure, InfrastructureError } from "../core/infra_fault.ts";
import { redactUrlsIn } from "../core/redact_url.ts";
import { specLabel } from "../core/spec.ts";
import {
  type BaselineDone,
  type RunSummary,
  SearchStateSchema,
  SummarySchema,
  ValidationResultSchema,
} from "./artifacts.ts";
import type { SearchConfig } from "./config.ts";
import type { SearchDeps } from "./deps.ts";
import { paretoFront } from "./egas/pareto.ts";
import { baselineViews, loadCommitted } from "./engine_state.ts";
import { SearchError } from "./errors.ts";
import { RunDirError } from "../run_dir/errors.ts";
import { ensureBaseline } from "./protocol/baseline.ts";
import { ensureFinalTest } from "./protocol/final_test.ts";
import { runRound } from "./protocol/round.ts";
import { ensureRunoff } from "./protocol/runoff.ts";
import { type RunContext, SearchAborted } from "./protocol/stage.ts";
import { collectUsage, writeViews } from "./protocol/views.ts";
import { ensureWarmup } from "./protocol/warmup.ts";
import { exists, readArtifact, writeArtifact } from "../run_dir/run_dir.ts";
import { finalTestPath, openSession, prepareRun, type RunSession } from "./run_session.ts";
import type { SearchServices } from "./service_port.ts";
import { type StopReason, stopReason } from "./stop_rules.ts";

/**
 * Runs (or resumes) a search over the given services (see `run_search.ts` for the default
 * wiring). Resolves with the summary — status `interrupted` when `signal` was aborted
 * (everything is checkpointed and the lock released). Throws {@linkcode RunDirError} when the
 * run directory refuses (`run_exists`, `run_missing`, `locked`) or is corrupt, and
 * {@linkcode SearchError} for the other refusals (`protocol_mismatch`, …) and failed runs.
 */
export async function runSearchWith(
  config: SearchConfig,
  deps: SearchDeps,
  base: SearchServices,
): Promise<RunSummary> {
  const run = await openSession(config, deps, base);
  try {
    const prepared = await prepareRun(run);
    if ("done" in prepared) return prepared.done;
    const { ctx, searchPrompt } = prepared;
    const baseline = await ensureBaseline(ctx);
    const view = baselineViews(baseline);
    await ensureWarmup(ctx);
    const reason = await runRounds(run, ctx, view, searchPrompt);
    return await finishRun(run, ctx, view, baseline, reason);
  } catch (error) {
    return await failRun(run, error);
  } finally {
    await run.events.flush().catch(() => {});
    await run.opened.lock.release();
  }
}

/**
 * Runs rounds from the last committed one until a stop rule fires; returns the stop reason
 * (the saved one when the search phase already ended in an earlier invocation).
 */
async function runRounds(
  run: RunSession,
  ctx: RunContext,
  view: ReturnType<typeof baselineViews>,
  searchPrompt: string | undefined,
): Promise<StopReason | null> {
  const { dir } = ctx;
  const loaded = await loadCommitted(dir, ctx.config);
  run.state = loaded.state;
  run.completed = loaded.completed;
  let lastDone = loaded.lastDone;
  if (await exists(dir.path("final_runoff", "runoff_result.json"))) {
    // Once the runoff exists the search phase is over; its stop reason was saved before it.
    const saved = await readArtifact(dir.path("search_state.json"), SearchStateSchema);
    return (saved?.stop_reason ?? null) as StopReason | null;
  }
  await writeViews(ctx, run.state, view, {
    phase: "rounds",
    nextRound: run.completed + 1,
    completedRounds: run.completed,
    stopReason: null,
  });
  while (true) {
    const reason = await stopReason(ctx, run.completed + 1, run.state, run.wallMs);
    if (reason) return reason;
    lastDone = await runRound(ctx, {
      round: run.completed + 1,
      state: run.state,
      lastDone,
      baseline: view,
      searchPrompt,
    });
    run.state = lastDone.state;
    run.completed++;
    const usage = await collectUsage(ctx, run.state);
    await ctx.events.emit({
      type: "round_finished",
      round: run.completed,
      best_score: lastDone.aggregates.best_score,
      mean_score: lastDone.aggregates.mean_score,
      best_lift: lastDone.aggregates.best_lift,
      champion: run.state.champion?.config_id ?? null,
      front_size: paretoFront(run.state.pareto, view).length,
      merged: lastDone.merged_config_id,
      evaluations: run.state.evaluations,
      usage: { tokens: usage.total_tokens, cost_usd: usage.cost_usd },
    });
  }
}

/** The validation runoff, the optional final test, `summary.json` and `run_finished`. */
async function finishRun(
  run: RunSession,
  ctx: RunContext,
  view: ReturnType<typeof baselineViews>,
  baseline: BaselineDone,
  reason: StopReason | null,
): Promise<RunSummary> {
  const { state, completed } = run;
  const viewsAt = (phase: "runoff" | "finished") =>
    writeViews(ctx, state, view, {
      phase,
      nextRound: completed + 1,
      completedRounds: completed,
      stopReason: reason,
    });
  await viewsAt("runoff");
  const runoff = await ensureRunoff(ctx, state, view.scores);
  const final = ctx.config.final_validation
    ? await ensureFinalTest(ctx, runoff)
    : await readArtifact(finalTestPath(ctx.dir), ValidationResultSchema);
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
    synthetic: ctx.benchmark.synthetic,
  };
  await viewsAt("finished");
  await writeArtifact(ctx.dir.path("summary.json"), SummarySchema, summary);
  await ctx.events.emit({
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
    wall_ms: run.wallMs(),
  });
  return summary;
}

/**
 * A run that threw: before `run_started` the error is rethrown as is; an interruption writes a
 * partial summary and resolves `interrupted`; anything else writes it, emits `run_failed` and
 * rejects with a {@linkcode SearchError} (a {@linkcode RunDirError} passes through).
 */
async function failRun(run: RunSession, thrown: unknown): Promise<RunSummary> {
  const { ctx, state, completed } = run;
  // An I/O or endpoint fault anywhere (even one a stage swallowed) is the run's real failure.
  const error = run.faults.first ?? asInfrastructure(thrown);
  const interrupted = !(error instanceof InfrastructureError) &&
    (error instanceof SearchAborted || (run.deps.signal?.aborted ?? false));
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
  if (!run.started) throw error;
  const { dir } = run.opened;
  await writeArtifact(dir.path("summary.json"), SummarySchema, partial).catch(() => {});
  if (interrupted) {
    await run.events.emit({
      type: "run_finished",
      status: "interrupted",
      stop_reason: "signal",
      winner: null,
      rounds: completed,
      evaluations: state.evaluations,
      usage: partial.usage,
      wall_ms: run.wallMs(),
    });
    return partial;
  }
  const message = redactUrlsIn(
    error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  );
  await run.events.emit({ type: "run_failed", error: message, wall_ms: run.wallMs() }).catch(
    () => {},
  );
  if (error instanceof InfrastructureError) {
    throw new SearchError(
      "infrastructure",
      `the search stopped on an infrastructure fault (${error.component}): ${error.message}; ` +
        `nothing was scored from the failing work; fix the cause and run again with --resume`,
      { component: error.component },
      { cause: error },
    );
  }
  throw error instanceof SearchError || error instanceof RunDirError
    ? error
    : new SearchError("run_failed", `the search failed: ${message}`, {}, { cause: error });
}
