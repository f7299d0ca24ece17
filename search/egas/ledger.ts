/**
 * The experience ledger (docs/design.md#ledger, docs/design.md#fix-ledger): principles, dead ends
 * and open questions are derived in code from differential validation; component statistics come
 * from the Pareto archive; confidence moves, caps and decay are the reference's. A diagnosis model,
 * when configured, only phrases claims and questions (see `ledger_prose.ts`). Dead ends expire.
 *
 * @module
 */
import type { DifferentialRow } from "../common_schemas.ts";
import { r6 } from "../protocol/metrics.ts";
import { changeKey } from "./differential.ts";
import type { DeadEnd, Ledger, LedgerDelta, ParetoState, Principle, Question } from "./schemas.ts";

export type { LedgerDelta } from "./schemas.ts";
import { componentStats } from "./tracker.ts";

/** Reference caps. */
export const LEDGER_LIMITS = {
  newPrinciplesPerRound: 3,
  principles: 20,
  newDeadEndsPerRound: 5,
  questions: 10,
  deadEndTtlRounds: 4,
  decayPerRound: 0.05,
  verifyBoost: 0.10,
  refutePenalty: 0.30,
  initialConfidence: 0.3,
  thinEvidenceCap: 0.49,
  deadEndDelta: -0.05,
} as const;

/** An empty ledger. */
export function emptyLedger(): Ledger {
  return {
    version: 0,
    last_updated_round: 0,
    principles: [],
    dead_ends: [],
    open_questions: [],
    component_performance: [],
    archived: [],
  };
}

function domainOf(key: string): Principle["domain"] {
  if (key.includes(" & ")) return "general";
  const dim = key.split(":")[0];
  return ({
    encode: "extract",
    store: "storage",
    retrieve: "retrieval",
    manage: "management",
  } as const)[
    dim as "encode"
  ] ?? "general";
}

/** Template claim for a change key, used when no model phrases it. */
export function templateClaim(key: string, delta: number, n: number): string {
  const sign = delta >= 0 ? "+" : "";
  return `Changing ${key} raised the score (${sign}${delta.toFixed(3)} on ${n} common tasks).`
    .slice(0, 300);
}

/** Derives the round's ledger delta from differential validation (pure). */
export function computeLedgerDelta(
  ledger: Ledger,
  round: number,
  rows: readonly DifferentialRow[],
  labelOf: (configId: string) => string,
): LedgerDelta {
  const delta: LedgerDelta = {
    round,
    new_principles: [],
    evidence_updates: [],
    new_dead_ends: [],
    new_questions: [],
    answered: [],
    claims: {},
  };
  const active = new Map(
    ledger.principles.filter((p) => p.status === "active").map((p) => [p.key, p]),
  );
  const fresh: { key: string; row: DifferentialRow }[] = [];
  for (const row of rows) {
    const key = changeKey(row.changed);
    // Memory-versus-none (round 1, or no champion row) teaches nothing about a component change.
    if (!key || row.parent === "baseline") continue;
    const evidence = {
      round,
      config_id: row.config_id,
      delta: row.delta_score,
      n_common: row.n_common,
      supports: row.delta_score > 0,
    };
    if (row.verdict === "confirmed" || row.verdict === "refuted") {
      if (active.has(key)) delta.evidence_updates.push({ key, evidence });
      else if (row.verdict === "confirmed") fresh.push({ key, row });
      const q = ledger.open_questions.find((x) => x.key === key && x.status === "untested");
      if (q) {
        delta.answered.push({
          key,
          answer: `${row.verdict} (Δ ${row.delta_score.toFixed(3)} on ${row.n_common} tasks)`,
        });
      }
      if (row.verdict === "refuted" && row.delta_score <= LEDGER_LIMITS.deadEndDelta) {
        delta.new_dead_ends.push({
          combo: labelOf(row.config_id).slice(0, 200),
          outcome: `Δscore ${
            row.delta_score.toFixed(3)
          } vs ${row.parent} on ${row.n_common} tasks (${key})`.slice(0, 200),
        });
      }
    } else if (!active.has(key) && !ledger.open_questions.some((x) => x.key === key)) {
      delta.new_questions.push({
        key,
        question: `Does ${key} help? Round ${round} measured Δ ${
          row.delta_score.toFixed(3)
        } on ${row.n_common} tasks (${row.verdict}).`.slice(0, 300),
        recommended_test: `Re-evaluate ${
          labelOf(row.config_id)
        } against the champion on the other fold.`.slice(0, 300),
      });
    }
  }
  fresh.sort((a, b) => b.row.delta_score - a.row.delta_score || (a.key < b.key ? -1 : 1));
  const seen = new Set<string>();
  for (const { key, row } of fresh) {
    if (seen.has(key) || delta.new_principles.length >= LEDGER_LIMITS.newPrinciplesPerRound) {
      continue;
    }
    seen.add(key);
    delta.new_principles.push({
      key,
      domain: domainOf(key),
      evidence: {
        round,
        config_id: row.config_id,
        delta: row.delta_score,
        n_common: row.n_common,
        supports: true,
      },
    });
    delta.claims[key] = templateClaim(key, row.delta_score, row.n_common);
  }
  return delta;
}

function capThin(p: Principle): Principle {
  return p.evidence.length < 2 && p.confidence >= 0.5
    ? { ...p, confidence: LEDGER_LIMITS.thinEvidenceCap }
    : p;
}

/** Applies a delta with the reference's caps, decay and eviction (pure; idempotent per round). */
export function applyLedgerDelta(ledger: Ledger, delta: LedgerDelta, pareto: ParetoState): Ledger {
  if (ledger.last_updated_round >= delta.round) return ledger;
  const round = delta.round;
  const L = LEDGER_LIMITS;
  let principles = ledger.principles.map((p) => structuredClone(p));
  const validated = new Set<string>();
  for (const u of delta.evidence_updates) {
    const p = principles.find((x) => x.key === u.key && x.status === "active");
    if (!p) continue;
    p.evidence.push(u.evidence);
    p.confidence = r6(
      Math.min(
        1,
        Math.max(0, p.confidence + (u.evidence.supports ? L.verifyBoost : -L.refutePenalty)),
      ),
    );
    p.last_validated_round = round;
    if (p.confidence <= 0.1) p.status = "refuted";
    validated.add(p.id);
  }
  let next = principles.length + ledger.archived.length;
  for (const n of delta.new_principles) {
    const id = `P${String(++next).padStart(3, "0")}`;
    principles.push({
      id,
      key: n.key,
      claim: (delta.claims[n.key] ?? templateClaim(n.key, n.evidence.delta, n.evidence.n_common))
        .slice(0, 300),
      domain: n.domain,
      evidence: [n.evidence],
      confidence: L.initialConfidence,
      status: "active",
      first_introduced_round: round,
      last_validated_round: round,
    });
    validated.add(id);
  }
  principles = principles.map((p) =>
    p.status === "active" && !validated.has(p.id)
      ? { ...p, confidence: r6(Math.max(0, p.confidence - L.decayPerRound)) }
      : p
  ).map(capThin);
  const archived = [...ledger.archived];
  const weight = (p: Principle) => p.confidence * (1 - 0.2 * (round - p.last_validated_round));
  while (principles.length > L.principles) {
    const worst = [...principles].sort((a, b) =>
      weight(a) - weight(b) || (a.id < b.id ? -1 : 1)
    )[0];
    principles = principles.filter((p) => p !== worst);
    archived.push({ ...worst, archived_at_round: round });
  }
  const deadEnds: DeadEnd[] = ledger.dead_ends.map((d) => ({
    ...d,
    active: d.active && round < d.expires_round,
  }));
  for (const d of delta.new_dead_ends.slice(0, L.newDeadEndsPerRound)) {
    const existing = deadEnds.find((x) => x.combo === d.combo);
    const entry = {
      ...d,
      evidence_round: round,
      expires_round: round + L.deadEndTtlRounds,
      active: true,
    };
    if (existing) Object.assign(existing, entry);
    else deadEnds.push(entry);
  }
  let questions: Question[] = ledger.open_questions.map((q) => {
    const a = delta.answered.find((x) => x.key === q.key);
    return a && q.status === "untested"
      ? { ...q, status: "answered" as const, answer: a.answer, answered_round: round }
      : q;
  });
  let qn = questions.reduce((m, q) => Math.max(m, Number(q.id.slice(1)) || 0), 0);
  for (const q of delta.new_questions.slice(0, L.questions)) {
    questions.push({
      id: `Q${String(++qn).padStart(3, "0")}`,
      ...q,
      raised_round: round,
      status: "untested",
      answer: "",
      answered_round: null,
    });
  }
  while (questions.length > L.questions) {
    const drop = questions.find((q) => q.status === "answered") ?? questions[0];
    questions = questions.filter((q) => q !== drop);
  }
  return {
    version: ledger.version + 1,
    last_updated_round: round,
    principles,
    dead_ends: deadEnds,
    open_questions: questions,
    component_performance: componentStats(pareto),
    archived,
  };
}
