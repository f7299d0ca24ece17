/**
 * Module moves: the mapping from an FGMD failure label to a concrete one-layer change of an
 * architecture (the reference's unused `MutationAcquisition`, wired). Shared by the verdict's
 * `recommended_action` and the rules proposer so both always say the same thing.
 *
 * @module
 */
import { GRAPH_STORES, type StoreKind } from "../../core/space.ts";
import { type ArchitectureSpec, fingerprint, specLabel } from "../../core/spec.ts";
import type { MemoryLabel, Move } from "../fgmd/schemas.ts";
import type { Dimension } from "./tracker.ts";
import { MENU } from "./tracker.ts";
import { normaliseArchitecture } from "./validator.ts";

/** How a label changes an architecture: which dimension, how, and the values it prefers. */
export interface MoveRule {
  dim: Dimension;
  op: "add" | "swap" | "set";
  prefer: readonly string[];
}

/** The label → move table (docs/design.md#acquisition acquisition mapping, made concrete). */
export const LABEL_MOVES: Readonly<Record<MemoryLabel, MoveRule>> = {
  extraction_gap: {
    dim: "encode",
    op: "add",
    prefer: ["workflow", "trajectory", "tip", "insight", "shortcut"],
  },
  domain_knowledge_gap: {
    dim: "encode",
    op: "add",
    prefer: ["trajectory", "workflow", "tip", "insight", "shortcut"],
  },
  extraction_low_quality: {
    dim: "encode",
    op: "swap",
    prefer: ["workflow", "insight", "tip", "shortcut", "trajectory"],
  },
  injection_bad: {
    dim: "encode",
    op: "swap",
    prefer: ["shortcut", "workflow", "tip", "insight", "trajectory"],
  },
  store_unreachable: {
    dim: "store",
    op: "set",
    prefer: ["hybrid", "json", "vector", "graph", "llm_graph"],
  },
  retrieval_miss_topk: {
    dim: "retrieve",
    op: "set",
    prefer: ["hybrid", "hyde", "cbr_rerank", "contrastive", "mmr", "graph"],
  },
  judge_rejected_all: {
    dim: "retrieve",
    op: "set",
    prefer: ["cbr_rerank", "hybrid", "contrastive", "mmr", "hyde"],
  },
  retrieval_noise: {
    dim: "retrieve",
    op: "set",
    prefer: ["mmr", "contrastive", "cbr_rerank", "graph"],
  },
  memory_stale: {
    dim: "manage",
    op: "set",
    prefer: ["json_full", "tool_manager", "graph_consolidate"],
  },
};

/** What a move search may use. */
export interface MoveContext {
  /** Fingerprints already evaluated (never proposed again). */
  evaluated: ReadonlySet<string>;
  /**
   * How promising a resulting architecture is (higher first; the surrogate's predicted lift);
   * without it, or on a tie, the rule's preference order decides.
   */
  rank?: (spec: ArchitectureSpec) => number;
  /** Architecture labels on the ledger's active dead-end list. */
  deadEnds?: ReadonlySet<string>;
}

/** Human-readable form of a layer's value. */
export function layerValue(spec: ArchitectureSpec, dim: Dimension): string {
  return dim === "encode" ? `[${spec.encode.join(", ")}]` : spec[dim];
}

/** Applies one change and repairs the result; null when no valid architecture results. */
export function applyChange(
  spec: ArchitectureSpec,
  dim: Dimension,
  op: MoveRule["op"],
  value: string,
  drop?: string,
): ArchitectureSpec | null {
  const next: Record<string, unknown> = { ...spec, encode: [...spec.encode] };
  if (dim === "encode") {
    const enc = [...spec.encode] as string[];
    if (enc.includes(value)) return null;
    if (op === "swap" && enc.length > 0) enc.splice(enc.indexOf(drop ?? enc[0]), 1);
    enc.push(value);
    next.encode = enc;
  } else {
    if (spec[dim] === value) return null;
    next[dim] = value;
    // Leaving a graph store takes graph-only modules with it.
    if (dim === "store" && !GRAPH_STORES.includes(value as StoreKind)) {
      if (spec.retrieve === "graph") next.retrieve = "hybrid";
      if (spec.manage === "graph_consolidate") next.manage = "json_full";
    }
  }
  const r = normaliseArchitecture(next);
  return r.ok ? r.spec : null;
}

function admissible(spec: ArchitectureSpec | null, ctx: MoveContext): spec is ArchitectureSpec {
  return spec !== null && !ctx.evaluated.has(fingerprint(spec)) &&
    !(ctx.deadEnds?.has(specLabel(spec)) ?? false);
}

/**
 * The best admissible single change on `dim`: every value (and, for a swap, every type to
 * drop) is tried, ranked by `ctx.rank` of the result, then by preference order.
 */
export function bestChange(
  spec: ArchitectureSpec,
  dim: Dimension,
  op: MoveRule["op"],
  prefer: readonly string[],
  ctx: MoveContext,
): { move: Move; spec: ArchitectureSpec } | null {
  const order = [...prefer, ...MENU[dim].filter((v) => !prefer.includes(v))];
  const drops = dim === "encode" && op === "swap" ? [...spec.encode] : [undefined];
  const options: { next: ArchitectureSpec; rank: number; i: number }[] = [];
  order.forEach((v, i) => {
    for (const drop of drops) {
      const next = applyChange(spec, dim, op, v, drop);
      if (admissible(next, ctx)) options.push({ next, rank: ctx.rank?.(next) ?? 0, i });
    }
  });
  // Model ratings of moves it knows nothing about tie up to rounding: preference decides then.
  const top =
    options.sort((a, b) => (Math.abs(b.rank - a.rank) > 1e-9 ? b.rank - a.rank : a.i - b.i))[0];
  return top
    ? {
      move: { layer: dim, from: layerValue(spec, dim), to: layerValue(top.next, dim) },
      spec: top.next,
    }
    : null;
}

/** The move a failure label calls for, or null when none is admissible. */
export function suggestMove(
  spec: ArchitectureSpec,
  label: MemoryLabel,
  ctx: MoveContext,
): { move: Move; spec: ArchitectureSpec } | null {
  const rule = LABEL_MOVES[label];
  return bestChange(spec, rule.dim, rule.op, rule.prefer, ctx) ??
    (rule.op === "add" ? bestChange(spec, rule.dim, "swap", rule.prefer, ctx) : null);
}

/** `layer: from → to`, the reference's priority-action wording. */
export function describeMove(move: Move): string {
  return `${move.layer}: ${move.from} → ${move.to}`;
}
