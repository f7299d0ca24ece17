/**
 * Test helpers for building architectures and measurements tersely.
 *
 * @module
 */
import { type ArchitectureSpec, fingerprint, parseSpec, specLabel } from "../../core/spec.ts";
import type { Metrics, PerTask } from "../common_schemas.ts";
import { emptyPareto, type Evaluation } from "../egas/pareto.ts";
import type { ProposalContext } from "../egas/proposal.ts";
import { createRng } from "../../core/rng.ts";

/** A spec from `encode/store/retrieve/manage` shorthand, e.g. `tip+workflow/json/hybrid/lightweight`. */
export function spec(label: string): ArchitectureSpec {
  const [enc, store, retrieve, manage] = label.split("/");
  const r = parseSpec({ schema_version: "1", encode: enc.split("+"), store, retrieve, manage });
  if (!r.ok) {
    throw new Error(`invalid test spec ${label}: ${r.issues.map((i) => i.message).join("; ")}`);
  }
  return r.value;
}

/** Per-task outcomes from `{task: [score, tokens]}`. */
export function perTask(x: Record<string, [number, number]>): PerTask {
  return Object.fromEntries(
    Object.entries(x).map(([k, [score, tokens]]) => [k, { score, tokens }]),
  );
}

/** A measurement of `label` with the given per-task outcomes (metrics derived from them). */
export function evaluation(
  label: string,
  round: number,
  candidate: number,
  per: PerTask,
  baseline: Record<string, number> = {},
): Evaluation {
  const s = spec(label);
  const ids = Object.keys(per);
  const score = ids.reduce((a, id) => a + per[id].score, 0) / ids.length;
  const base = ids.reduce((a, id) => a + (baseline[id] ?? per[id].score), 0) / ids.length;
  const cost = ids.reduce((a, id) => a + per[id].tokens, 0) / ids.length;
  const metrics = {
    n_tasks: ids.length,
    score,
    lift: score - base,
    cost,
    fitness: score,
    empty_retrieval_rate: 0,
  } as Metrics;
  return {
    round,
    candidate,
    config_id: `r${round}_c${candidate}`,
    source: "rules",
    architecture: s,
    fingerprint: fingerprint(s),
    label: specLabel(s),
    metrics,
    per_task: per,
  };
}

/** A proposal context with an empty archive; override what a test needs. */
export function proposalContext(over: Partial<ProposalContext> = {}): ProposalContext {
  return {
    round: 1,
    maxRounds: 4,
    k: 3,
    benchmarkName: "fake",
    champion: null,
    pareto: emptyPareto(),
    baseline: { scores: {}, tokens: {}, score: 0.5, n_tasks: 0, memory_sensitive: 0 },
    lastRound: [],
    differential: [],
    roundSynthesis: null,
    ledger: null,
    ledgerDisabled: true,
    obsGraph: null,
    poolStats: { total_units: 0, by_type: {} },
    excluded: new Set(),
    deadEnds: new Set(),
    rng: createRng("test"),
    ...over,
  };
}
