/**
 * The final runoff, on the validation split (fixing docs/design.md#fix-runoff: the reference
 * selected on search data). Contenders are the champion plus the best other architectures by pooled
 * lift; each runs the validation tasks from one immutable snapshot of the final canonical pool, and
 * the best validation score wins. Without a validation split the champion (else the best pooled
 * lift) wins unevaluated. Resumes contender by contender.
 *
 * @module
 */
import { join } from "node:path";
import {
  ARTIFACT_SCHEMA_VERSION,
  type Contender,
  ContenderSchema,
  type RunoffResult,
  RunoffResultSchema,
} from "../artifacts.ts";
import { byLift } from "../egas/pareto.ts";
import type { EngineState } from "../egas/schemas.ts";
import { SearchError } from "../errors.ts";
import { exists, readArtifact, removeIfPresent, writeArtifact } from "../../run_dir/run_dir.ts";
import { usageBlock } from "../usage_report.ts";
import { computeMetrics, perTaskOf } from "./metrics.ts";
import { poolSha } from "./pool_files.ts";
import { poolIo } from "./pool_io.ts";
import {
  checkAbort,
  newLedger,
  pooled,
  rethrowUnmeasured,
  runArchitecture,
  type RunContext,
  stageOrdinal,
} from "./stage.ts";

/** Contenders in the runoff: the champion and the next best distinct architectures. */
export const RUNOFF_CONTENDERS = 3;

type Pick = Omit<Contender, "status" | "error" | "metrics" | "per_task" | "usage">;

/** The contenders: champion first, then the best pooled lifts. */
export function pickContenders(state: EngineState): Pick[] {
  const out: Pick[] = [];
  const champ = state.champion;
  const champRec = champ
    ? state.pareto.archive.find((r) => r.fingerprint === champ.fingerprint)
    : undefined;
  if (champ) {
    out.push({
      contender: 0,
      config_id: champ.config_id,
      fingerprint: champ.fingerprint,
      label: champ.label,
      architecture: champ.architecture,
      source: "champion",
      search_lift: champRec?.lift ?? 0,
    });
  }
  for (const r of [...state.pareto.archive].sort(byLift)) {
    if (out.length >= RUNOFF_CONTENDERS) break;
    if (out.some((c) => c.fingerprint === r.fingerprint)) continue;
    out.push({
      contender: out.length,
      config_id: r.config_ids[r.config_ids.length - 1],
      fingerprint: r.fingerprint,
      label: r.label,
      architecture: r.architecture,
      source: "history",
      search_lift: r.lift,
    });
  }
  return out;
}

/**
 * The winner among contenders that ran (non-empty): on validation tasks the best score, then
 * lift, lower cost, search lift and contender order; without validation tasks nothing was
 * measured, so the first contender (the champion) wins.
 */
export function runoffWinner(ok: readonly Contender[], measured: boolean): Contender {
  if (!measured) return ok[0];
  return [...ok].sort((a, b) =>
    b.metrics!.score - a.metrics!.score || b.metrics!.lift - a.metrics!.lift ||
    a.metrics!.cost - b.metrics!.cost ||
    b.search_lift - a.search_lift || a.contender - b.contender
  )[0];
}

/** Runs (or reuses) the runoff and writes `final_runoff/runoff_result.json`. */
export async function ensureRunoff(
  ctx: RunContext,
  state: EngineState,
  baselineScores: Readonly<Record<string, number>>,
): Promise<RunoffResult> {
  const dir = ctx.dir.path("final_runoff");
  const path = join(dir, "runoff_result.json");
  const saved = await readArtifact(path, RunoffResultSchema);
  const tasks = ctx.split.validation_indices.map((i) => ctx.tasks[i]);
  if (saved) {
    await ctx.events.emit({
      type: "phase_finished",
      phase: "runoff",
      n_tasks: tasks.length,
      score: saved.winner.validation_score,
      reused: true,
    });
    return saved;
  }
  const picks = pickContenders(state);
  if (!picks.length) {
    throw new SearchError(
      "run_failed",
      "no architecture was evaluated successfully, so there is nothing to select",
    );
  }
  const snapPath = join(dir, "runoff_start_pool.json");
  const pools = await poolIo(ctx.benchmark);
  if (!(await exists(snapPath))) {
    const canonical = await pools.read(ctx.dir.canonical);
    await pools.write(snapPath, canonical!);
  }
  const snapshot = (await pools.read(snapPath))!;
  await ctx.events.emit({
    type: "phase_started",
    phase: "runoff",
    n_tasks: tasks.length * picks.length,
  });
  const ordinal = stageOrdinal(ctx, "runoff");
  const contenders: Contender[] = await pooled(picks, ctx.config.parallel, async (p) => {
    const cdir = join(dir, `contender_${p.contender}`);
    const rpath = join(cdir, "result.json");
    const prior = await readArtifact(rpath, ContenderSchema).catch(() => undefined);
    if (prior && prior.fingerprint === p.fingerprint) return prior;
    if (!tasks.length) {
      return { ...p, status: "ok", error: null, metrics: null, per_task: {}, usage: {} };
    }
    await removeIfPresent(cdir);
    await ctx.events.emit({
      type: "candidate_started",
      stage: "runoff",
      round: null,
      candidate: p.contender,
      config_id: p.config_id,
      label: p.label,
      fingerprint: p.fingerprint,
      n_tasks: tasks.length,
    });
    const ledger = newLedger(ctx, ctx.stageClock(ordinal));
    let c: Contender;
    try {
      const run = await runArchitecture(ctx, {
        sink: {
          stage: "runoff",
          round: null,
          candidate: p.contender,
          configId: p.config_id,
          tasksDir: join(cdir, "tasks"),
        },
        stage: "runoff",
        ordinal,
        label: `runoff${p.contender}`,
        spec: p.architecture,
        dir: cdir,
        tasks,
        seedPool: snapshot,
        ledger,
      });
      checkAbort(ctx);
      c = {
        ...p,
        status: "ok",
        error: null,
        metrics: computeMetrics(
          run.results,
          baselineScores,
          ctx.config.token_cap_per_task,
          ctx.config.latency_cap_per_task,
        ),
        per_task: perTaskOf(run.results),
        usage: usageBlock(ledger, run.results),
      };
    } catch (error) {
      // An interrupt or fault as a contender starts is not the contender failing.
      rethrowUnmeasured(ctx, error);
      c = {
        ...p,
        status: "failed",
        error: (error as Error).message,
        metrics: null,
        per_task: {},
        usage: usageBlock(ledger),
      };
    }
    await writeArtifact(rpath, ContenderSchema, c);
    await ctx.events.emit({
      type: "candidate_finished",
      stage: "runoff",
      round: null,
      candidate: p.contender,
      config_id: p.config_id,
      label: p.label,
      status: c.status,
      error: c.error,
      metrics: c.metrics,
    });
    return c;
  });
  const ok = contenders.filter((c) => c.status === "ok");
  if (!ok.length) throw new SearchError("run_failed", "every runoff contender failed");
  const w = runoffWinner(ok, tasks.length > 0);
  const result: RunoffResult = {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    selection: tasks.length ? "validation" : "search_pooled",
    task_ids: tasks.map((t) => t.id),
    baseline_score: tasks.length
      ? Math.round(
        tasks.reduce((s, t) => s + (baselineScores[t.id] ?? 0), 0) / tasks.length * 1e6,
      ) / 1e6
      : null,
    contenders,
    winner: {
      config_id: w.config_id,
      fingerprint: w.fingerprint,
      architecture: w.architecture,
      validation_score: w.metrics?.score ?? null,
    },
    canonical_sha256: poolSha(snapshot),
  };
  await writeArtifact(path, RunoffResultSchema, result);
  await ctx.events.emit({
    type: "phase_finished",
    phase: "runoff",
    n_tasks: tasks.length,
    score: result.winner.validation_score,
    reused: false,
  });
  return result;
}
