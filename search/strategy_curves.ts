/**
 * Judging search strategies against a sweep landscape (`automem curves`). Each run's new
 * architectures, in the order it evaluated them (`strategy_sources.ts`), get their landscape
 * scores; the run becomes a best-so-far curve and the number of evaluations it needed to come
 * within `within` of the landscape's best (the best over the whole landscape, completed with
 * every architecture any run visited). Runs are summarised per proposer by medians; curves are
 * also given relative to their landscape's best, so runs on different seeds' landscapes combine.
 * The curve math is pure.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { Benchmark } from "../bench/benchmark_port.ts";
import { fingerprint, specLabel } from "../core/spec.ts";
import { bootstrapList } from "./egas/bootstrap.ts";
import { type ReplayOptions, replaySearch } from "./landscape_replay.ts";
import { SearchError } from "./errors.ts";
import { r6 } from "./protocol/metrics.ts";
import {
  completeLandscape,
  type CompletionDeps,
  type Landscape,
  loadLandscape,
  readRunVisits,
  type RecordedSummary,
  requireTaskSet,
  type RunVisits,
} from "./strategy_sources.ts";
import { LandscapeEntrySchema } from "./sweep.ts";

// Scores are rounded to 6 decimals; a threshold like 0.98 · 0.8 must not miss by float noise.
const EPS = 1e-9;

function checkWithin(pct: number): void {
  if (!(pct >= 0 && pct < 1)) {
    throw new SearchError("invalid_input", `within must be in [0, 1), got ${pct}`, {
      field: "within",
    });
  }
}

/** Best score after each evaluation: `out[n-1] = max(scores[0..n-1])`. */
export function bestSoFar(scores: readonly number[]): number[] {
  const out: number[] = [];
  for (const s of scores) out.push(out.length ? Math.max(out[out.length - 1], s) : s);
  return out;
}

/** First `n` (1-based) whose best-so-far is ≥ `(1 − pct) · best`; null when never reached. */
export function evalsToWithin(curve: readonly number[], best: number, pct: number): number | null {
  checkWithin(pct);
  const i = curve.findIndex((v) => v >= (1 - pct) * best - EPS);
  return i < 0 ? null : i + 1;
}

/**
 * Median evaluations uniform random search needs to hit one of `hits` good architectures among
 * `n` (sampling without replacement): the smallest m with P(a hit within m) ≥ ½. Null when
 * there is no hit. A sweep's sample is uniform, so its share of near-best entries gives random
 * search's expectation without the luck of single runs.
 */
export function randomMedianEvals(hits: number, n: number): number | null {
  if (hits <= 0 || n <= 0) return null;
  let miss = 1;
  for (let m = 1; m <= n; m++) {
    miss *= (n - hits - (m - 1)) / (n - (m - 1));
    if (1 - miss >= 0.5 - 1e-12) return m;
  }
  return n;
}

/**
 * Median where null means "never" (ranks above every number); null when the median falls on a
 * never, or for an empty list. Even counts average the two middle values.
 */
export function median(values: readonly (number | null)[]): number | null {
  if (!values.length) return null;
  const s = values.map((v) => v ?? Infinity).sort((a, b) => a - b);
  const m = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return Number.isFinite(m) ? m : null;
}

/** Pointwise median of curves, n = 1..longest; a run that stopped early holds its last value. */
export function medianCurve(curves: readonly (readonly number[])[]): number[] {
  const live = curves.filter((c) => c.length > 0);
  const n = Math.max(0, ...live.map((c) => c.length));
  return Array.from(
    { length: n },
    (_, i) => median(live.map((c) => c[Math.min(i, c.length - 1)]))!,
  );
}

/** One run's curve against its landscape. */
export const RunCurveSchema = z.object({
  run_dir: z.string(),
  run_name: z.string(),
  proposer: z.string(),
  seed: z.number().nullable(),
  landscape: z.string(),
  /** False when the run's dataset differs from the landscape's (scores still come from it). */
  dataset_match: z.boolean(),
  landscape_best: z.number(),
  n_evaluations: z.number().int(),
  /** Champion re-evaluations and repeats (not counted as evaluations). */
  repeats: z.number().int(),
  labels: z.array(z.string()),
  scores: z.array(z.number()),
  best_so_far: z.array(z.number()),
  /** `best_so_far / landscape_best`. */
  relative: z.array(z.number()),
  evals_to_within: z.number().int().nullable(),
  /** The run's bootstrap (`none`, `fixed`, `random:SEED`) and how many visits were its list. */
  bootstrap: z.string(),
  n_bootstrap: z.number().int(),
  /** Evaluations to within counted from the first non-bootstrap candidate (0: the list hit). */
  evals_after_bootstrap: z.number().int().nullable(),
  /** Task tokens spent up to the hit: landscape cost per task × tasks, summed over the visits. */
  tokens_to_within: z.number().nullable(),
  final_best: z.number().nullable(),
});
/** A run's curve. */
export type RunCurve = z.infer<typeof RunCurveSchema>;

/** Medians over the runs of one proposer. */
export const ProposerSummarySchema = z.object({
  proposer: z.string(),
  runs: z.number().int(),
  /** Runs that came within the margin at all. */
  reached: z.number().int(),
  /** Null when the median run never came within the margin. */
  median_evals_to_within: z.number().nullable(),
  median_evals_after_bootstrap: z.number().nullable(),
  median_tokens_to_within: z.number().nullable(),
  median_final_relative: z.number().nullable(),
  median_relative_curve: z.array(z.number()),
});
/** A proposer's summary. */
export type ProposerSummary = z.infer<typeof ProposerSummarySchema>;

/** What `automem curves --json` prints. */
export const CurvesReportSchema = z.object({
  within: z.number(),
  landscapes: z.array(z.object({
    dir: z.string(),
    /** Architectures the sweep itself evaluated. */
    n_swept: z.number().int(),
    /** Visited architectures the sweep had not sampled, scored later and appended. */
    n_added: z.number().int(),
    n_entries: z.number().int(),
    best: LandscapeEntrySchema,
    threshold: z.number(),
    /** Swept (uniformly sampled) architectures within the margin of the best. */
    n_swept_within: z.number().int(),
    /** {@linkcode randomMedianEvals} over the swept sample. */
    random_median_evals: z.number().int().nullable(),
  })),
  runs: z.array(RunCurveSchema),
  proposers: z.array(ProposerSummarySchema),
});
/** The curves report. */
export type CurvesReport = z.infer<typeof CurvesReportSchema>;

/** A landscape with the runs judged against it. */
export interface JudgedLandscape {
  landscape: Landscape;
  runs: RunVisits[];
}

/** Builds the report from complete landscapes (every visited architecture present). */
export function buildCurvesReport(
  groups: readonly JudgedLandscape[],
  within: number,
): CurvesReport {
  const landscapes: CurvesReport["landscapes"] = [];
  const runs: RunCurve[] = [];
  for (const { landscape, runs: judged } of groups) {
    if (!landscape.entries.length) {
      throw new SearchError("invalid_input", `${landscape.dir}: landscape.jsonl has no entries`, {
        field: "landscape",
      });
    }
    const byFp = new Map(landscape.entries.map((e) => [e.fingerprint, e]));
    const best = landscape.entries.reduce((a, b) => (b.score > a.score ? b : a));
    const swept = landscape.entries.slice(0, landscape.summary.n_architectures);
    const nWithin = swept.filter((e) => e.score >= (1 - within) * best.score - EPS).length;
    landscapes.push({
      dir: landscape.dir,
      n_swept: landscape.summary.n_architectures,
      n_added: Math.max(0, landscape.entries.length - landscape.summary.n_architectures),
      n_entries: landscape.entries.length,
      best,
      threshold: r6((1 - within) * best.score),
      n_swept_within: nWithin,
      random_median_evals: randomMedianEvals(nWithin, swept.length),
    });
    for (const run of judged) {
      const scores = run.visits.map((v) => {
        const e = byFp.get(v.fingerprint);
        if (!e) {
          throw new SearchError(
            "invalid_input",
            `${landscape.dir}: no landscape entry for ${v.config_id} of ${run.run_dir}`,
            { field: "landscape" },
          );
        }
        return e.score;
      });
      const curve = bestSoFar(scores);
      const hit = evalsToWithin(curve, best.score, within);
      const nBoot = run.bootstrap === "none" ? 0 : run.visits.filter((v) => v.round === 1).length;
      const nTasks = landscape.summary.n_tasks;
      runs.push({
        run_dir: run.run_dir,
        run_name: run.run_name,
        proposer: run.proposer,
        seed: Number.isFinite(run.seed) ? run.seed : null,
        landscape: landscape.dir,
        dataset_match: run.dataset_hash === landscape.summary.dataset_hash,
        landscape_best: best.score,
        n_evaluations: scores.length,
        repeats: run.repeats,
        labels: run.visits.map((v) => specLabel(v.architecture)),
        scores,
        best_so_far: curve,
        relative: curve.map((v) => r6(best.score > 0 ? v / best.score : 0)),
        evals_to_within: hit,
        bootstrap: run.bootstrap,
        n_bootstrap: nBoot,
        evals_after_bootstrap: hit === null ? null : Math.max(0, hit - nBoot),
        tokens_to_within: hit === null ? null : Math.round(
          run.visits.slice(0, hit).reduce((t, v) => t + byFp.get(v.fingerprint)!.cost * nTasks, 0),
        ),
        final_best: curve.length ? curve[curve.length - 1] : null,
      });
    }
  }
  const proposers = [...new Set(runs.map((r) => r.proposer))].sort().map((proposer) => {
    const mine = runs.filter((r) => r.proposer === proposer);
    const finals = mine.map((r) => r.relative[r.relative.length - 1] ?? null);
    return {
      proposer,
      runs: mine.length,
      reached: mine.filter((r) => r.evals_to_within !== null).length,
      median_evals_to_within: median(mine.map((r) => r.evals_to_within)),
      median_evals_after_bootstrap: median(mine.map((r) => r.evals_after_bootstrap)),
      median_tokens_to_within: median(mine.map((r) => r.tokens_to_within)),
      median_final_relative: finals.some((f) => f === null) ? null : median(finals),
      median_relative_curve: medianCurve(mine.map((r) => r.relative)).map(r6),
    };
  });
  return CurvesReportSchema.parse({ within, landscapes, runs, proposers });
}

/** Options of {@linkcode strategyCurves}. */
export interface CurvesOptions {
  /** Sweep directories; with several, each run is judged on the one with its dataset. */
  landscapes: readonly string[];
  runs: readonly string[];
  /** Margin, e.g. 0.02 for "within 2 % of the best". */
  within: number;
  /** Strategies replayed on every landscape (`landscape_replay.ts`), judged beside the runs. */
  replays?: readonly ReplayOptions[];
}

/** Dependencies of {@linkcode strategyCurves}. */
export interface CurvesDeps extends Omit<CompletionDeps, "benchmark"> {
  /** Rebuilds a sweep's benchmark; called only when the landscape lacks a visited architecture. */
  benchmarkFor(summary: RecordedSummary): Promise<Benchmark>;
}

/** Reads the runs, completes the landscapes, and builds the report. */
export async function strategyCurves(opts: CurvesOptions, deps: CurvesDeps): Promise<CurvesReport> {
  checkWithin(opts.within);
  const bad = (field: string, reason: string) =>
    new SearchError("invalid_input", `${field}: ${reason}`, { field });
  if (!opts.landscapes.length) throw bad("landscape", "give at least one sweep directory");
  const replays = opts.replays ?? [];
  if (!opts.runs.length && !replays.length) {
    throw bad("runs", "give at least one search run directory or strategy to replay");
  }
  const landscapes = await Promise.all(opts.landscapes.map(loadLandscape));
  const groups: JudgedLandscape[] = landscapes.map((landscape) => ({ landscape, runs: [] }));
  for (const dir of opts.runs) {
    const run = await readRunVisits(dir);
    const group = groups.length === 1
      ? groups[0]
      : groups.find((g) => g.landscape.summary.dataset_hash === run.dataset_hash);
    if (!group) throw bad("runs", `no landscape has the dataset of ${dir} (${run.dataset_hash})`);
    group.runs.push(run);
  }
  for (const g of groups) {
    // A replay can only visit scored architectures, so the fixed list is scored first.
    const fixed = replays.some((r) => r.bootstrap.kind === "fixed")
      ? bootstrapList({ kind: "fixed" }).map((p) => p.architecture)
      : [];
    const specs = [...fixed, ...g.runs.flatMap((r) => r.visits.map((v) => v.architecture))];
    const have = new Set(g.landscape.entries.map((e) => e.fingerprint));
    if (!specs.every((s) => have.has(fingerprint(s)))) {
      const added = await completeLandscape(g.landscape, specs, {
        ...deps,
        benchmark: await deps.benchmarkFor(requireTaskSet(g.landscape)),
      });
      g.landscape = { ...g.landscape, entries: [...g.landscape.entries, ...added] };
    }
    for (const r of replays) g.runs.push(await replaySearch(g.landscape, r));
  }
  return buildCurvesReport(groups, opts.within);
}
