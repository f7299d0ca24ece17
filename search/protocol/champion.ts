/**
 * Champion succession (docs/design.md#champion) and the merge gate. The champion changes only
 * through the paired sign test against its own re-evaluation on the same tasks; the canonical pool
 * then takes the memory of the post-decision champion's row in this round — not the raw-fitness
 * winner, so a challenger that failed acceptance never leaks its memory into the lineage the
 * champion inherits (docs/design.md#fix-merge-gate).
 *
 * @module
 */
import type { ArchitectureSpec } from "../../core/spec.ts";
import type { Metrics, PerTask, SignTest } from "../common_schemas.ts";
import type { ChampionState } from "../egas/schemas.ts";
import { pairedSignTest } from "./sign_test.ts";

/** One successfully evaluated candidate of the round. */
export interface RoundRow {
  candidate: number;
  config_id: string;
  fingerprint: string;
  label: string;
  architecture: ArchitectureSpec;
  source: string;
  metrics: Metrics;
  per_task: PerTask;
}

/** What the round decided. */
export interface ChampionDecision {
  state: ChampionState | null;
  mode: string;
  champion: string | null;
  challenger: string | null;
  test: SignTest | null;
  changed: boolean;
  /** The row whose memory is merged into the canonical pool, if any. */
  merge: RoundRow | null;
}

/** Raw-fitness order within one round (same fold): fitness, then score, lower cost, index. */
export function byFitness(a: RoundRow, b: RoundRow): number {
  return b.metrics.fitness - a.metrics.fitness || b.metrics.score - a.metrics.score ||
    a.metrics.cost - b.metrics.cost || a.candidate - b.candidate;
}

function install(
  prev: ChampionState | null,
  row: RoundRow,
  round: number,
  mode: ChampionState["mode"],
  over: string | null,
  test: SignTest | null,
): ChampionState {
  return {
    config_id: row.config_id,
    fingerprint: row.fingerprint,
    label: row.label,
    architecture: row.architecture,
    since_round: round,
    mode,
    promoted_over: over,
    test,
    last_applied_round: round,
    history: [...(prev?.history ?? []), { round, config_id: row.config_id, mode }],
  };
}

/** Applies one round's outcome to the champion state (pure; replaying a round is a no-op). */
export function decideChampion(
  prev: ChampionState | null,
  rows: readonly RoundRow[],
  round: number,
): ChampionDecision {
  const none = (mode: string): ChampionDecision => ({
    state: prev,
    mode,
    champion: prev?.config_id ?? null,
    challenger: null,
    test: null,
    changed: false,
    merge: null,
  });
  if (prev && prev.last_applied_round >= round) return none("round_already_applied");
  if (!rows.length) return none("no_successful_candidates");
  const ranked = [...rows].sort(byFitness);
  const champRow = prev
    ? rows.find((r) => r.source === "champion" && r.fingerprint === prev.fingerprint)
    : undefined;
  if (!prev || !champRow) {
    const mode = prev ? "reinit_no_champion_row" : "init";
    const best = ranked[0];
    return {
      state: install(prev, best, round, mode, null, null),
      mode,
      champion: best.config_id,
      challenger: null,
      test: null,
      changed: prev?.fingerprint !== best.fingerprint,
      merge: best,
    };
  }
  const challenger = ranked.find((r) => r !== champRow);
  if (!challenger) {
    return {
      ...none("no_challenger"),
      state: { ...prev, last_applied_round: round },
      merge: champRow,
    };
  }
  const test = pairedSignTest(challenger.per_task, champRow.per_task);
  if (test.promote) {
    return {
      state: install(prev, challenger, round, "paired_promotion", prev.config_id, test),
      mode: "paired_promotion",
      champion: challenger.config_id,
      challenger: challenger.config_id,
      test,
      changed: true,
      merge: challenger,
    };
  }
  return {
    state: { ...prev, last_applied_round: round, test },
    mode: "paired_test_failed",
    champion: prev.config_id,
    challenger: challenger.config_id,
    test,
    changed: false,
    merge: champRow,
  };
}
