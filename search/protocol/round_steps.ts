/**
 * The steps of a round's selection that write their own artifacts before the commit: the
 * canonical pool (merge and curation), the ledger delta and the round synthesis. Model prose in
 * the last two is persisted and reused on replay, so a resumed round reaches the same state.
 *
 * @module
 */
import { join } from "node:path";
import type { BenchTask } from "../../bench/benchmark_port.ts";
import { meteredModel } from "../../core/usage.ts";
import {
  type CandidateResult,
  LedgerDeltaFileSchema,
  type PoolFile,
  type ProposalsFile,
  RoundSynthesisFileSchema,
} from "../artifacts.ts";
import type { DifferentialRow, UsageBlock } from "../common_schemas.ts";
import { applyLedgerDelta, computeLedgerDelta } from "../egas/ledger.ts";
import { phraseDelta } from "../egas/ledger_prose.ts";
import type { EngineState } from "../egas/schemas.ts";
import { MEMORY_LABELS, RoundReplySchema } from "../fgmd/schemas.ts";
import { renderTemplate, SEARCH_PROMPTS } from "../prompts.ts";
import { readArtifact, removeIfPresent, writeArtifact } from "../../run_dir/run_dir.ts";
import { addBlocks, usageBlock } from "../usage_report.ts";
import type { ChampionDecision, RoundRow } from "./champion.ts";
import { poolFromSnapshot, snapshotOf } from "./pool_files.ts";
import { poolIo } from "./pool_io.ts";
import type { ProposerBaseline } from "./proposals.ts";
import { checkAbort, newLedger, type RunContext, stageOrdinal } from "./stage.ts";

/** Everything the selection reads. */
export interface SelectInput {
  round: number;
  fold: number;
  tasks: readonly BenchTask[];
  state: EngineState;
  proposals: ProposalsFile;
  results: readonly CandidateResult[];
  startPool: PoolFile;
  baseline: ProposerBaseline;
}

/** The rules' round synthesis: the best candidate, the layer to focus on, the verdict counts. */
function roundSynthesisRules(
  rows: readonly RoundRow[],
  results: readonly CandidateResult[],
  diff: readonly DifferentialRow[],
): Record<string, unknown> {
  const best = [...rows].sort((a, b) => b.metrics.score - a.metrics.score)[0];
  const layers: Record<string, number> = { encode: 0, store: 0, retrieve: 0, manage: 0 };
  const map: Record<string, string> = MEMORY_LABELS;
  for (const r of results) {
    for (const [label, n] of Object.entries(r.attribution_summary?.breakdown ?? {})) {
      if (map[label]) layers[map[label]] += n;
    }
  }
  const focus = Object.entries(layers).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  return {
    source: "rules",
    key_finding: best
      ? `best this round: ${best.label} (score ${best.metrics.score.toFixed(3)}, lift ${
        best.metrics.lift.toFixed(3)
      })`
      : "no candidate succeeded",
    next_round_focus: focus && focus[1] > 0
      ? `${focus[0]} (${focus[1]} memory-addressable failures)`
      : "explore: no memory-addressable failures",
    differential: `${diff.filter((d) => d.verdict === "confirmed").length} confirmed, ${
      diff.filter((d) => d.verdict === "refuted").length
    } refuted, ${
      diff.filter((d) => d.verdict === "stalled" || d.verdict === "inconclusive").length
    } unclear`,
  };
}

/**
 * The canonical pool after round `input.round`: the champion's memory (when the decision merges
 * one) folded into the round-start snapshot, then curated by the maintenance pass in a scratch
 * directory, and written.
 */
export async function commitRoundPool(
  ctx: RunContext,
  input: SelectInput,
  decision: ChampionDecision,
  ordinal: number,
): Promise<void> {
  const { round, startPool } = input;
  const roundDir = ctx.dir.path(`round_${round}`);
  const pools = await poolIo(ctx.benchmark);
  let merged = snapshotOf(startPool);
  const merges = [...startPool.merges];
  if (decision.merge) {
    const winner = await pools.read(
      join(ctx.dir.candidate(round, decision.merge.candidate), "pool_final.json"),
    );
    if (!winner) throw new Error(`pool_final.json of ${decision.merge.config_id} is missing`);
    merged = ctx.services.mergePools(merged, snapshotOf(winner), {
      clock: ctx.stageClock(ordinal + 0.5),
    });
    merges.push(`round:${round}:candidate:${decision.merge.config_id}`);
  }
  const scratch = await pools.workDir(join(roundDir, "maintenance"));
  await removeIfPresent(scratch.path);
  await Deno.mkdir(scratch.path, { recursive: true });
  let curated;
  try {
    curated = await ctx.services.maintainPool(merged, {
      embedder: ctx.deps.embedder,
      clock: ctx.stageClock(ordinal + 0.5),
      dir: scratch.path,
    });
  } finally {
    await scratch.dispose();
  }
  await pools.write(
    ctx.dir.canonical,
    poolFromSnapshot(curated, merges, [...startPool.maintained_rounds, round]),
  );
}

/** The models FGMD's prose and the round synthesis may use (none with the random proposer). */
function diagnosisModel(ctx: RunContext) {
  return ctx.models.diagnosis && ctx.config.proposer !== "random"
    ? ctx.models.diagnosis
    : undefined;
}

/**
 * The ledger after the round's differential validation. The delta (with its model-phrased
 * prose) is persisted before the commit and reused on replay.
 */
export async function roundLedger(
  ctx: RunContext,
  input: SelectInput,
  differential: DifferentialRow[],
  pareto: EngineState["pareto"],
): Promise<{ ledger: EngineState["ledger"]; usage: UsageBlock }> {
  const { round, state } = input;
  const ordinal = stageOrdinal(ctx, "round", round);
  const diagnosis = diagnosisModel(ctx);
  let extraUsage: UsageBlock = {};
  let ledger = state.ledger;
  if (ledger) {
    const path = ctx.dir.path("ledger", `round_${round}_delta.json`);
    let step = await readArtifact(path, LedgerDeltaFileSchema);
    if (!step) {
      const labels = new Map(input.proposals.candidates.map((c) => [c.config_id, c.label]));
      let delta = computeLedgerDelta(ledger, round, differential, (id) => labels.get(id) ?? id);
      const meter = newLedger(ctx, ctx.stageClock(ordinal + 0.5));
      if (diagnosis) {
        delta = (await phraseDelta(
          delta,
          ledger,
          meteredModel(diagnosis, meter, "diagnosis"),
          ctx.signal,
        )).delta;
      }
      step = { delta, usage: usageBlock(meter) };
      await writeArtifact(path, LedgerDeltaFileSchema, step);
    }
    ledger = applyLedgerDelta(ledger, step.delta, pareto);
    extraUsage = addBlocks(extraUsage, step.usage);
  }
  return { ledger, usage: extraUsage };
}

/**
 * The round synthesis: the rules' summary, rephrased by the diagnosis model when there is one
 * (a failed reply is kept as `llm_error`). Persisted before the commit and reused on replay.
 */
export async function roundSynthesis(
  ctx: RunContext,
  input: SelectInput,
  rows: readonly RoundRow[],
  differential: DifferentialRow[],
  decision: ChampionDecision,
) {
  const { round, results } = input;
  const ordinal = stageOrdinal(ctx, "round", round);
  const diagnosis = diagnosisModel(ctx);
  const synthPath = join(ctx.dir.path(`round_${round}`), "round_synthesis.json");
  let synth = await readArtifact(synthPath, RoundSynthesisFileSchema);
  if (!synth) {
    const synthesis = roundSynthesisRules(rows, results, differential);
    const meter = newLedger(ctx, ctx.stageClock(ordinal + 0.5));
    if (diagnosis && rows.length) {
      try {
        const reply = await meteredModel(diagnosis, meter, "diagnosis").chat({
          messages: [{
            role: "user",
            content: renderTemplate(SEARCH_PROMPTS.diagnosis_round, {
              round_id: round,
              candidates_json: rows.map((r) => ({
                config_id: r.config_id,
                label: r.label,
                score: r.metrics.score,
                lift: r.metrics.lift,
                cost: r.metrics.cost,
              })),
              differential_json: differential,
              champion_json: {
                mode: decision.mode,
                champion: decision.champion,
                test: decision.test,
              },
            }),
          }],
          schema: RoundReplySchema,
          schemaName: "round_synthesis",
          purpose: "round_synthesis",
          signal: ctx.signal,
        });
        Object.assign(synthesis, reply.json!, { source: "llm" });
      } catch (error) {
        synthesis.llm_error = (error as Error).message.slice(0, 200);
      }
    }
    checkAbort(ctx);
    synth = { synthesis, usage: usageBlock(meter) };
    await writeArtifact(synthPath, RoundSynthesisFileSchema, synth);
  }

  return synth;
}
