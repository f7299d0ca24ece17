/**
 * Landscape replay: a search strategy run against a sweep's recorded scores instead of new
 * evaluations, so many seeds and ablations cost no evaluation at all (the tabular-benchmark method
 * of comparing optimisers). Each round the real proposer (`RulesProposer` with its ablations, or
 * `RandomProposer`, behind the same `--bootstrap` list) proposes `k` architectures; each gets its
 * landscape score and the FGMD verdict the sweep stored for it. What differs from a live search,
 * and is reported as such:
 * - the space is the landscape's architectures: everything else counts as already evaluated, so
 *   no proposer can pick an architecture without a recorded score;
 * - every evaluation sees the same task set (a live search with `--folds 1` and
 *   `--no_canonical_import` does too), the baseline is taken as 0, so lift = score, and the
 *   champion is the best architecture so far (a live search promotes by a paired test);
 * - the champion's verdict is its sweep verdict, computed without an earlier verdict of the
 *   same architecture; landscapes written without verdicts give the rules proposer no FGMD move.
 *
 * @module
 */
import { createRng } from "../core/rng.ts";
import { type ArchitectureSpec, specLabel } from "../core/spec.ts";
import type { Metrics } from "./common_schemas.ts";
import type { Ablation } from "./egas/ablation.ts";
import { type Bootstrap, bootstrapText, withBootstrap } from "./egas/bootstrap.ts";
import { addEvaluation, emptyPareto } from "./egas/pareto.ts";
import type { LastRoundCandidate, Proposer } from "./egas/proposal.ts";
import { allSpecs, RandomProposer } from "./egas/random_proposer.ts";
import { RulesProposer } from "./egas/rules_proposer.ts";
import type { ParetoState } from "./egas/schemas.ts";
import { bestRecord } from "./egas/tracker.ts";
import type { LandscapeEntry } from "./sweep.ts";
import type { Landscape, RunVisits, Visit } from "./strategy_sources.ts";
import { fingerprint } from "../core/spec.ts";

/** One replayed strategy. */
export interface ReplayOptions {
  proposer: "rules" | "random";
  bootstrap: Bootstrap;
  /** Rules parts switched off. */
  ablate: readonly Ablation[];
  rounds: number;
  k: number;
  /** Seeds the proposer (rules: `replay:<seed>`; random: `random:<seed + round>`, as a search). */
  seed: number;
}

/** The strategy's name in reports: proposer, ablations and bootstrap kind (seed left out). */
export function replayName(o: Pick<ReplayOptions, "proposer" | "ablate" | "bootstrap">): string {
  const parts = o.proposer === "rules" && o.ablate.length
    ? `rules w/o ${o.ablate.length === 2 ? "both" : o.ablate[0] === "fgmd" ? "FGMD" : "surrogate"}`
    : o.proposer;
  return `${parts} | bootstrap ${o.bootstrap.kind}`;
}

const BASELINE = { scores: { landscape: 0 }, tokens: { landscape: 0 } };

function metricsOf(e: LandscapeEntry, nTasks: number): Metrics {
  return {
    n_tasks: nTasks,
    score: e.score,
    success_rate: e.score,
    baseline_score: 0,
    lift: e.score,
    cost: e.cost,
    memory_tokens_per_task: 0,
    empty_retrieval_rate: 0,
    hit_rate: 0,
    token_eff: 0,
    latency_eff: 0,
    fitness: e.score,
    by_level: {},
  };
}

function proposerOf(o: ReplayOptions, universe: readonly ArchitectureSpec[]): Proposer {
  const inner = o.proposer === "random" ? new RandomProposer() : new RulesProposer({
    fgmd: !o.ablate.includes("fgmd"),
    surrogate: !o.ablate.includes("surrogate"),
  });
  return withBootstrap(inner, o.bootstrap, universe);
}

/** Replays one strategy on a landscape; the result reads like a run's visits. */
export async function replaySearch(landscape: Landscape, o: ReplayOptions): Promise<RunVisits> {
  const byFp = new Map(landscape.entries.map((e) => [e.fingerprint, e]));
  const universe = [...byFp.values()].map((e) => e.architecture);
  const outside = allSpecs().map(fingerprint).filter((fp) => !byFp.has(fp));
  const proposer = proposerOf(o, universe);
  const rng = createRng(`replay:${o.seed}`);
  const nTasks = landscape.summary.n_tasks;
  let pareto: ParetoState = emptyPareto();
  let previous: LastRoundCandidate[] = [];
  const visits: Visit[] = [];
  for (let round = 1; round <= o.rounds; round++) {
    const excluded = new Set([...outside, ...pareto.archive.map((r) => r.fingerprint)]);
    if (excluded.size >= allSpecs().length) break;
    const best = bestRecord(pareto);
    const { candidates } = await proposer.propose({
      round,
      maxRounds: o.rounds,
      k: o.k,
      benchmarkName: landscape.summary.benchmark,
      champion: null,
      pareto,
      baseline: { ...BASELINE, score: 0, n_tasks: nTasks, memory_sensitive: 0 },
      lastRound: best
        ? [...previous, rowOf(byFp.get(best.fingerprint)!, "r0_champion", nTasks)]
        : [],
      differential: [],
      roundSynthesis: null,
      ledger: null,
      ledgerDisabled: true,
      obsGraph: null,
      poolStats: { total_units: 0, by_type: {} },
      excluded,
      deadEnds: new Set(),
      rng: o.proposer === "random"
        ? createRng(`random:${o.seed + round}`)
        : rng.fork(`proposer:${round}`),
    });
    previous = [];
    candidates.forEach((c, k) => {
      const fp = fingerprint(c.architecture);
      const entry = byFp.get(fp)!;
      const config_id = `r${round}_c${k + 1}`;
      pareto = addEvaluation(pareto, {
        round,
        candidate: k + 1,
        config_id,
        source: c.source,
        architecture: c.architecture,
        fingerprint: fp,
        label: specLabel(c.architecture),
        metrics: metricsOf(entry, nTasks),
        per_task: { landscape: { score: entry.score, tokens: entry.cost } },
      }, BASELINE);
      previous.push(rowOf(entry, config_id, nTasks, c.source, c.diversity_role));
      visits.push({
        round,
        candidate: k + 1,
        config_id,
        fingerprint: fp,
        architecture: c.architecture,
        source: c.source,
        status: "ok",
      });
    });
  }
  return {
    run_dir: `replay:${replayName(o)} seed ${o.seed}`,
    run_name: `${replayName(o)} seed ${o.seed}`,
    proposer: replayName(o),
    seed: o.seed,
    dataset_hash: landscape.summary.dataset_hash ?? "",
    visits,
    repeats: 0,
    bootstrap: bootstrapText(o.bootstrap),
  };
}

function rowOf(
  e: LandscapeEntry,
  configId: string,
  nTasks: number,
  source = "champion",
  role = "champion",
): LastRoundCandidate {
  return {
    config_id: configId,
    label: specLabel(e.architecture),
    architecture: e.architecture,
    source,
    diversity_role: role,
    metrics: metricsOf(e, nTasks),
    verdict: e.verdict ?? null,
    added_to_front: false,
  };
}
