/**
 * Assembles `GET /api/runs/:id` from the artifacts the reader found: protocol summary, split
 * sizes, progress, champion and the budget used against its limits. Pure, so the precedence
 * rules (a file's value over an event's, which limits exist) are tested without files.
 *
 * @module
 */
import type {
  BaselineDone,
  ChampionState,
  DataSplit,
  EvalProtocol,
  RunSummary,
  SearchState,
} from "../search/artifacts.ts";
import type { RunDetail, RunListItem } from "./api_schemas.ts";
import type { ProgressState } from "./progress_state.ts";
import { isProtectedRun } from "./redact.ts";

/** Everything the detail view is built from; absent artifacts are null. */
export interface DetailInputs {
  item: RunListItem;
  state: ProgressState;
  /** Wall seconds used so far (all sessions). */
  wall_s: number;
  protocol: EvalProtocol | null;
  split: DataSplit | null;
  champion: ChampionState | null;
  search: SearchState | null;
  baseline: BaselineDone | null;
  summary: RunSummary | null;
  warnings: RunDetail["warnings"];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}

/**
 * A budget limit as the search recorded it: the protocol's `recorded` settings first, then its
 * hashed flags. Absent or non-positive means "no limit".
 */
export function recordedLimit(protocol: EvalProtocol | null, key: string): number | null {
  if (!protocol) return null;
  for (
    const source of [protocol.recorded, record(protocol.components.flags), protocol.components]
  ) {
    const v = source[key];
    if (typeof v === "number" && Number.isFinite(v) && v > 0) return v;
  }
  return null;
}

function protocolView(p: EvalProtocol | null): RunDetail["protocol"] {
  if (!p) return null;
  const c = p.components;
  const models: Record<string, string | null> = {};
  for (const [role, model] of Object.entries(record(c.models))) {
    models[role] = typeof model === "string" ? model : null;
  }
  return {
    digest: p.digest,
    models,
    dataset_hash: typeof c.dataset_hash === "string" ? c.dataset_hash : null,
    seed: typeof c.seed === "number" && Number.isInteger(c.seed) ? c.seed : null,
    code_version: typeof c.code_version === "string" ? c.code_version : null,
    flags: record(c.flags),
  };
}

function championView(
  file: ChampionState | null,
  search: SearchState | null,
): RunDetail["champion"] {
  const c = file ?? search?.champion ?? null;
  if (!c) return null;
  return {
    config_id: c.config_id,
    label: c.label,
    fingerprint: c.fingerprint,
    architecture: c.architecture,
    since_round: c.since_round,
    mode: c.mode,
    promoted_over: c.promoted_over,
    test: c.test,
    history: c.history,
  };
}

/** Builds the run detail view. */
export function buildDetail(d: DetailInputs): RunDetail {
  const v = d.state.view;
  const maxRounds = recordedLimit(d.protocol, "max_rounds") ?? d.item.rounds_planned;
  const nCandidates = d.state.num_candidates ?? recordedLimit(d.protocol, "num_candidates");
  const evaluations = Math.max(v.evaluations, d.search?.evaluations ?? 0);
  return {
    run: d.item,
    protocol: protocolView(d.protocol),
    split: d.split
      ? {
        method: d.split.method,
        seed: d.split.seed,
        n_tasks: d.split.n_tasks,
        warmup: d.split.profile_indices.length,
        search: d.split.optimization_indices.length,
        validation: d.split.validation_indices.length,
        test: d.split.final_test_indices.length,
      }
      : null,
    progress: { ...v, evaluations },
    champion: championView(d.champion, d.search),
    budget: {
      tokens: { used: d.item.tokens, limit: recordedLimit(d.protocol, "max_tokens") },
      cost_usd: { used: d.item.cost_usd, limit: recordedLimit(d.protocol, "max_cost_usd") },
      wall_s: { used: d.wall_s, limit: recordedLimit(d.protocol, "max_wall_s") },
      rounds: { used: d.item.rounds_done, limit: maxRounds },
      evaluations: {
        used: evaluations,
        limit: maxRounds !== null && nCandidates !== null ? maxRounds * nCandidates : null,
      },
    },
    baseline: d.baseline
      ? { score: d.baseline.score, n_tasks: d.baseline.n_tasks, synthetic: d.baseline.synthetic }
      : null,
    summary: d.summary,
    protected: isProtectedRun(d.item.benchmark, d.protocol),
    warnings: d.warnings,
  };
}
