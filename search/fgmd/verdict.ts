/**
 * From task attributions to the candidate's summary, layer status and verdict — all computed in
 * code (docs/design.md#fix-verdict: the synthesizer's rules were prompt-only). The breakdown covers
 * every failure label, so counts always add up to the failures (docs/design.md#fix-verdict).
 *
 * @module
 */
import type { TaskResult } from "../../bench/benchmark_port.ts";
import type { ArchitectureSpec } from "../../core/spec.ts";
import { describeMove, type MoveContext, suggestMove } from "../egas/moves.ts";
import {
  ATTRIBUTION_LABELS,
  type AttributionSummary,
  type Layer,
  type LayerDiagnosis,
  MEMORY_LABELS,
  type MemoryLabel,
  OUT_OF_SCOPE_LABELS,
  type TaskAttribution,
  type Verdict,
} from "./schemas.ts";

const ADVICE: Record<string, string> = {
  extraction_gap: "the pool lacks relevant knowledge; encode more types",
  extraction_low_quality: "relevant units are weak; encode different types",
  domain_knowledge_gap: "nothing on topic exists; broaden what is encoded",
  injection_bad: "relevant memory is injected but ignored; change what is encoded",
  store_unreachable: "relevant units are stored but unreachable; change the store",
  retrieval_miss_topk: "relevant units exist but are not retrieved; change the retriever",
  judge_rejected_all: "relevant candidates are dropped before injection; change the retriever",
  retrieval_noise: "irrelevant memory is injected; use a diversity or contrastive retriever",
  memory_stale: "stale or conflicting units are injected; use a decaying/consolidating manager",
};

/** True for labels outside memory's reach. */
export function isOutOfScope(label: string): boolean {
  return (OUT_OF_SCOPE_LABELS as readonly string[]).includes(label);
}

/** Aggregates attributions and trace counters into the candidate summary. */
export function summarise(
  per: readonly TaskAttribution[],
  results: readonly TaskResult[],
): AttributionSummary {
  const breakdown: Record<string, number> = Object.fromEntries(
    ATTRIBUTION_LABELS.map((l) => [l, 0]),
  );
  for (const p of per) breakdown[p.attribution] = (breakdown[p.attribution] ?? 0) + 1;
  const failures = per.length - breakdown.success;
  const rate = (n: number) => (failures ? Math.round((n / failures) * 1e4) / 1e4 : 0);
  const dominant = dominantLabel(breakdown);
  const lm = {
    extracted: 0,
    inserted: 0,
    deduped: 0,
    retrieval_calls: 0,
    empty_retrievals: 0,
    injected_units: 0,
    op_runs: 0,
    op_affected: 0,
  };
  for (const r of results) {
    for (const rt of r.trace?.retrievals ?? []) {
      lm.retrieval_calls++;
      if (rt.injected_ids.length === 0) lm.empty_retrievals++;
      lm.injected_units += rt.injected_ids.length;
    }
    const end = r.trace?.end;
    if (end) {
      lm.extracted += end.extracted.reduce((s, e) => s + e.units, 0);
      lm.inserted += end.inserted_ids.length;
      lm.deduped += end.deduped;
      lm.op_runs += end.ops.filter((o) => o.triggered).length;
      lm.op_affected += end.ops.reduce((s, o) => s + o.affected, 0);
    }
  }
  const outOfScope = OUT_OF_SCOPE_LABELS.reduce((s, l) => s + breakdown[l], 0);
  return {
    total_tasks: per.length,
    success_count: breakdown.success,
    failure_count: failures,
    breakdown,
    rates: {
      extractable_failure_rate: rate(breakdown.extraction_gap),
      retrieval_failure_rate: rate(breakdown.retrieval_miss_topk + breakdown.judge_rejected_all),
      store_failure_rate: rate(breakdown.store_unreachable),
      out_of_scope_rate: rate(outOfScope),
    },
    rule_diagnosis: dominant === null
      ? "no failures to attribute"
      : `${Math.round(rate(breakdown[dominant]) * 100)}% of failures are ${dominant}: ${
        isOutOfScope(dominant)
          ? "outside memory's reach — do NOT mutate the architecture for these"
          : ADVICE[dominant]
      }`,
    layer_metrics: lm,
  };
}

/** The most frequent failure label (ties: taxonomy order); null without failures. */
export function dominantLabel(breakdown: Readonly<Record<string, number>>): string | null {
  let best: string | null = null;
  for (const l of ATTRIBUTION_LABELS) {
    if (l === "success" || !(breakdown[l] > 0)) continue;
    if (best === null || breakdown[l] > breakdown[best]) best = l;
  }
  return best;
}

/** Per-layer status from the share of failures pointing at each layer. */
export function layerStatus(
  summary: AttributionSummary,
  spec: ArchitectureSpec,
  ctx: MoveContext,
): LayerDiagnosis {
  const out: LayerDiagnosis = {};
  const f = summary.failure_count;
  for (const layer of ["encode", "store", "retrieve", "manage"] as Layer[]) {
    const labels = (Object.keys(MEMORY_LABELS) as MemoryLabel[]).filter((l) =>
      MEMORY_LABELS[l] === layer
    );
    const n = labels.reduce((s, l) => s + summary.breakdown[l], 0);
    const share = f ? n / f : 0;
    const top = labels.filter((l) => summary.breakdown[l] > 0)
      .sort((a, b) => summary.breakdown[b] - summary.breakdown[a])[0];
    const move = top ? suggestMove(spec, top, ctx) : null;
    out[layer] = {
      status: share >= 0.5 ? "critical" : share >= 0.2 ? "warning" : "ok",
      observation: n
        ? `${n} of ${f} failures (${Math.round(share * 100)}%) point at ${layer}: ${
          labels.filter((l) => summary.breakdown[l]).map((l) => `${l}×${summary.breakdown[l]}`)
            .join(", ")
        }`
        : `no failure points at ${layer}`,
      suggestion: move ? describeMove(move.move) : "keep",
    };
  }
  return out;
}

/**
 * The candidate verdict (text gradient): primary signal = dominant failure label, confidence from
 * its share (raised when the previous verdict of the same architecture agreed), the action from
 * the shared move table, evidence = the lowest-scoring tasks with that label.
 */
export function buildVerdict(
  per: readonly TaskAttribution[],
  summary: AttributionSummary,
  spec: ArchitectureSpec,
  ctx: MoveContext,
  previousPrimary: string | null,
): Verdict {
  const primary = dominantLabel(summary.breakdown);
  if (primary === null) {
    return {
      primary_signal: "none",
      layer: null,
      share: 0,
      confidence: "high",
      recommended_action: "keep: every task succeeded",
      suggested_move: null,
      memory_bypass: false,
      out_of_scope_for_memory: false,
      evidence_task_ids: [],
      cross_source_agreement: "rules_only",
      reasoning: "no failures to attribute",
    };
  }
  const f = summary.failure_count;
  const share = summary.breakdown[primary] / f;
  const bypass = summary.breakdown.injection_bad / f >= 0.3;
  const outOfScope = isOutOfScope(primary) || bypass;
  const levels = ["low", "medium", "high"] as const;
  let level = share >= 0.5 && f >= 3 ? 2 : share >= 0.3 ? 1 : 0;
  if (previousPrimary === primary && level < 2) level++;
  const move = !outOfScope ? suggestMove(spec, primary as MemoryLabel, ctx) : null;
  const evidence = per.filter((p) => p.attribution === primary)
    .sort((a, b) => a.score - b.score || (a.task_id < b.task_id ? -1 : 1)).slice(0, 3).map((p) =>
      p.task_id
    );
  const action = bypass
    ? "memory is retrieved but not used: keep retrieval, storage and management; change what is encoded"
    : outOfScope
    ? `failures are outside memory's reach (${primary}): explore diverse architectures rather than mutating this one`
    : move
    ? describeMove(move.move)
    : `${MEMORY_LABELS[primary as MemoryLabel]}: no untested change left for ${primary}`;
  return {
    primary_signal: primary,
    layer: isOutOfScope(primary) ? null : MEMORY_LABELS[primary as MemoryLabel],
    share: Math.round(share * 1e4) / 1e4,
    confidence: levels[level],
    recommended_action: action,
    suggested_move: move?.move ?? null,
    memory_bypass: bypass,
    out_of_scope_for_memory: outOfScope,
    evidence_task_ids: evidence,
    cross_source_agreement: "rules_only",
    reasoning: `${summary.breakdown[primary]} of ${f} failures are ${primary}` +
      (previousPrimary === primary
        ? "; the same signal as this architecture's last evaluation"
        : "") +
      `. ${summary.rule_diagnosis}.`,
  };
}
