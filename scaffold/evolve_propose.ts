/**
 * One proposal of scaffold evolution: the rules proposer over the episodes' statistics, or the
 * SEARCH-role model given the statistics, the episodes, the history and (for a continuation) the
 * rejected attempt it builds on.
 *
 * @module
 */
import type { ChatModel } from "../core/ports.ts";
import type { EpisodeRecord } from "./evaluate.ts";
import type { AttemptRecord, EvolveConfig, EvolveState, EvolveStore } from "./evolve_store.ts";
import { modelProposal } from "./model_proposer.ts";
import { rulesProposal } from "./rules_proposer.ts";
import { poolStats } from "./trace_stats.ts";

/** What a proposal reads of the run's options. */
export interface ProposeOptions {
  config: EvolveConfig;
  /** The SEARCH-role model (needed by the model proposer). */
  searchModel?: ChatModel;
  signal?: AbortSignal;
}

/**
 * The next proposal for state `s`: the rules proposer's, or the model's (given the episodes of
 * the current scaffold, the history and, for a continuation, the `failed` attempt it builds on).
 * A proposal without a spec says why in `reason`.
 */
export async function propose(
  opts: ProposeOptions,
  store: EvolveStore,
  s: EvolveState,
  current: readonly EpisodeRecord[],
  failed: AttemptRecord | undefined,
) {
  const cfg = opts.config;
  const stats = poolStats(current.map((r) => r.stats));
  const nextName = `${cfg.env}_v${s.history.filter((h) => h.accepted).length + 1}`;
  if (cfg.proposer === "rules") {
    const p = rulesProposal(s.current, stats, new Set(s.tried), nextName, failed?.changes);
    return p ? { ...p, reason: "proposed" } : {
      spec: null,
      analysis: "",
      description: "",
      changes: [],
      reason: "no rule applies to the statistics any more",
    };
  }
  const history = s.history.map((h) =>
    `iter ${h.iteration} ${h.kind} [${h.changes.join(", ")}]: ${h.score ?? "-"} vs ${h.baseline} ${
      h.accepted ? "accepted" : "rejected"
    } (${h.reason})`
  ).join("\n");
  const episodes = current.map((r) =>
    `${r.result.seed}: ${r.result.progression} ${r.result.steps} ${r.result.end_reason}`
  ).join("\n");
  let continuation: string | undefined;
  if (failed) {
    const prev = await store.proposal(failed.iteration, failed.slot);
    continuation = prev
      ? `${prev.description}\nscore ${failed.score} vs ${failed.baseline}`
      : undefined;
  }
  const r = await modelProposal(opts.searchModel!, {
    spec: s.current,
    stats,
    episodes,
    history,
    continuation,
    nextName,
    signal: opts.signal,
  });
  return r.ok
    ? { ...r.proposal, reason: "proposed" }
    : { spec: null, analysis: "", description: "", changes: [], reason: r.reason };
}
