/**
 * A round's candidate list: K new proposals from the configured proposer plus, from round 2 on,
 * the champion's re-evaluation as candidate 0 (elitism). Ids are assigned here (`r<t>_c<k>`;
 * model-supplied ids are never trusted) and the list is bound to its results by the manifest
 * sha in `proposals.json`, so a resumed round can never attach old results to new architectures.
 *
 * @module
 */
import { digestOf } from "../../core/canonical_json.ts";
import { createRng } from "../../core/rng.ts";
import { fingerprint, specLabel } from "../../core/spec.ts";
import { meteredModel } from "../../core/usage.ts";
import {
  ARTIFACT_SCHEMA_VERSION,
  type Candidate,
  type ProposalsFile,
  ProposalsFileSchema,
} from "../artifacts.ts";
import { activeDeadEnds } from "../egas/ledger_view.ts";
import { LlmProposer } from "../egas/llm_proposer.ts";
import type { BaselineView } from "../egas/pareto.ts";
import { evaluatedFingerprints } from "../egas/pareto.ts";
import type { LastRoundCandidate, Proposer } from "../egas/proposal.ts";
import { RandomProposer } from "../egas/random_proposer.ts";
import { RulesProposer } from "../egas/rules_proposer.ts";
import { parseBootstrap, withBootstrap } from "../egas/bootstrap.ts";
import type { EngineState } from "../egas/schemas.ts";
import type { DifferentialRow } from "../common_schemas.ts";
import { SearchError } from "../errors.ts";
import { exists, readArtifact, removeIfPresent, writeArtifact } from "../../run_dir/run_dir.ts";
import { usageBlock } from "../usage_report.ts";
import { foldOf } from "./folds.ts";
import { poolStats } from "./pool_files.ts";
import type { PoolFile } from "../artifacts.ts";
import { checkAbort, newLedger, type RunContext, stageOrdinal } from "./stage.ts";
import type { ProposerFactory } from "../run_context.ts";

export type { ProposerFactory };

/** What the proposer learns about the previous round. */
export interface PreviousRound {
  candidates: LastRoundCandidate[];
  differential: DifferentialRow[];
  synthesis: Record<string, unknown> | null;
}

/** The baseline as proposers see it. */
export type ProposerBaseline = BaselineView & {
  score: number;
  n_tasks: number;
  memory_sensitive: number;
};

/**
 * The proposer `--proposer` names: random, llm (needs a search model) or rules (with the parts
 * `--ablate` leaves on), with round 1 from the `--bootstrap` list.
 */
export const configuredProposer: ProposerFactory = (ctx, ledger, template) => {
  const parsed = parseBootstrap(ctx.config.bootstrap);
  if (!parsed.ok) throw new SearchError("invalid_input", parsed.issues[0].message);
  return withBootstrap(baseProposer(ctx, ledger, template), parsed.value);
};

function baseProposer(
  ctx: RunContext,
  ledger: ReturnType<typeof newLedger>,
  template?: string,
): Proposer {
  if (ctx.config.proposer === "random") return new RandomProposer();
  if (ctx.config.proposer === "llm") {
    if (!ctx.models.search) {
      throw new SearchError(
        "missing_model",
        "--proposer llm needs a search model (--search_model)",
      );
    }
    return new LlmProposer(meteredModel(ctx.models.search, ledger, "search"), template);
  }
  return new RulesProposer({
    fgmd: !ctx.config.ablate.includes("fgmd"),
    surrogate: !ctx.config.ablate.includes("surrogate"),
  });
}

/** The round's proposer: the injected factory's, else {@linkcode configuredProposer}'s. */
export function makeProposer(
  ctx: RunContext,
  ledger: ReturnType<typeof newLedger>,
  template?: string,
): Proposer {
  return (ctx.deps.proposerFactory ?? configuredProposer)(ctx, ledger, template);
}

/** What a round's proposals are made from. */
export interface ProposalsInput {
  round: number;
  state: EngineState;
  previous: PreviousRound;
  /** The round-start snapshot of the canonical pool. */
  startPool: PoolFile;
  baseline: ProposerBaseline;
  /** `--search_prompt` text, when given. */
  template?: string;
}

/** Loads the round's bound candidate list, or proposes and binds a new one. */
export async function ensureProposals(
  ctx: RunContext,
  input: ProposalsInput,
): Promise<ProposalsFile> {
  const { round, state, previous, startPool, baseline, template } = input;
  const path = ctx.dir.path(`round_${round}`, "proposals.json");
  const saved = await readArtifact(path, ProposalsFileSchema);
  if (saved) {
    if (saved.manifest_sha256 !== digestOf(saved.candidates)) {
      throw new SearchError(
        "corrupt_state",
        `${path}: the candidate list does not match its manifest`,
      );
    }
    return saved;
  }
  // Candidate directories without a bound list cannot be trusted to match new proposals.
  for (let k = 0; await exists(ctx.dir.candidate(round, k)); k++) {
    await removeIfPresent(ctx.dir.candidate(round, k));
  }
  const ordinal = stageOrdinal(ctx, "round", round);
  const ledger = newLedger(ctx, ctx.stageClock(ordinal));
  const proposer = makeProposer(ctx, ledger, template);
  const champion = round > 1 && !ctx.config.disable_elitism ? state.champion : null;
  const excluded = evaluatedFingerprints(state.pareto);
  if (champion) excluded.add(champion.fingerprint);
  const rng = ctx.config.proposer === "random"
    ? createRng(`random:${ctx.config.random_search_seed + round}`)
    : ctx.rng.fork(`proposer:${round}`);
  const outcome = await proposer.propose({
    round,
    maxRounds: ctx.config.max_rounds,
    k: ctx.config.num_candidates,
    benchmarkName: ctx.benchmark.id,
    champion: state.champion,
    pareto: state.pareto,
    baseline,
    lastRound: previous.candidates,
    differential: previous.differential,
    roundSynthesis: previous.synthesis,
    ledger: state.ledger,
    ledgerDisabled: ctx.config.no_ledger,
    obsGraph: state.obs_graph,
    poolStats: poolStats(startPool),
    excluded,
    deadEnds: activeDeadEnds(state.ledger),
    rng,
    signal: ctx.signal,
  });
  const list: Omit<Candidate, "candidate" | "config_id">[] = [];
  if (champion) {
    list.push({
      architecture: champion.architecture,
      fingerprint: champion.fingerprint,
      label: champion.label,
      hypothesis: "The champion, re-evaluated on this round's fold for paired acceptance.",
      diversity_role: "champion",
      rationale: `Champion since round ${champion.since_round} (${champion.config_id}).`,
      source: "champion",
      repairs: [],
    });
  }
  for (const p of outcome.candidates) {
    list.push({
      architecture: p.architecture,
      fingerprint: fingerprint(p.architecture),
      label: specLabel(p.architecture),
      hypothesis: p.hypothesis,
      diversity_role: p.diversity_role,
      rationale: p.rationale,
      source: p.source,
      repairs: p.repairs,
    });
  }
  const candidates: Candidate[] = list.map((c, k) => ({
    ...c,
    candidate: k,
    config_id: `r${round}_c${k}`,
  }));
  const fold = foldOf(round, ctx.folds.n_folds);
  const file: ProposalsFile = {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    round,
    fold,
    task_ids: ctx.folds.folds[fold].map((i) => ctx.tasks[i].id),
    candidates,
    proposer: {
      kind: proposer.kind,
      attempts: outcome.attempts,
      rejected: outcome.rejected,
      topped_up: outcome.topped_up,
      usage: usageBlock(ledger),
    },
    manifest_sha256: digestOf(candidates),
  };
  checkAbort(ctx);
  await writeArtifact(path, ProposalsFileSchema, file);
  return file;
}
