/**
 * Read-only views of the experience ledger: the active dead-end list proposers must avoid, and
 * the Markdown block the proposer prompt shows (reference `render_for_prompt`).
 *
 * @module
 */
import type { Ledger, Principle } from "./schemas.ts";

/** Labels of active dead ends (never proposed again while active). */
export function activeDeadEnds(ledger: Ledger | null): Set<string> {
  return new Set((ledger?.dead_ends ?? []).filter((d) => d.active).map((d) => d.combo));
}

/** The ledger as the proposer sees it (reference `render_for_prompt`). */
export function renderLedger(ledger: Ledger | null, disabled: boolean): string {
  if (disabled) return "(the experience ledger is disabled for this run)";
  if (
    !ledger ||
    (!ledger.principles.length && !ledger.dead_ends.length && !ledger.open_questions.length)
  ) {
    return "(the experience ledger is empty: no validated principles yet)";
  }
  const round = ledger.last_updated_round;
  const weight = (p: Principle) => p.confidence * (1 - 0.2 * (round - p.last_validated_round));
  const active = ledger.principles.filter((p) => p.status === "active" && p.confidence >= 0.3)
    .sort((a, b) => weight(b) - weight(a));
  const line = (p: Principle) =>
    `- [${p.id} conf=${p.confidence.toFixed(2)} n_ev=${p.evidence.length}] ${p.claim}`;
  const out = [
    `Ledger after round ${round} (${ledger.principles.length - active.length} dormant principles).`,
  ];
  const high = active.filter((p) => p.confidence >= 0.5);
  const tentative = active.filter((p) => p.confidence < 0.5).slice(0, 10);
  if (high.length) out.push("High-confidence principles:", ...high.map(line));
  if (tentative.length) out.push("Tentative principles:", ...tentative.map(line));
  const open = ledger.open_questions.filter((q) => q.status === "untested").slice(0, 10);
  if (open.length) {
    out.push(
      "Open questions:",
      ...open.map((q) => `- [${q.id}] ${q.question} Test: ${q.recommended_test}`),
    );
  }
  const dead = ledger.dead_ends.filter((d) => d.active);
  if (dead.length) {
    out.push(
      "Dead ends (do NOT propose):",
      ...dead.map((d) => `- ${d.combo}: ${d.outcome} (round ${d.evidence_round})`),
    );
  }
  if (ledger.component_performance.length) {
    out.push(
      "Component statistics (computed from the archive):",
      ...ledger.component_performance.map((c) =>
        `- ${c.component}=${c.value}: n=${c.n_evaluations} score=${c.mean_score.toFixed(3)} lift=${
          c.mean_lift.toFixed(3)
        } cost=${Math.round(c.mean_cost)}`
      ),
    );
  }
  return out.join("\n");
}
