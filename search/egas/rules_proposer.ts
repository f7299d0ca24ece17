/**
 * The rules proposer (`--proposer rules`, the offline default): a deterministic search strategy
 * built from the reference's unused acquisition and scheduler ideas. Each round it fills the
 * slots in this order, skipping anything evaluated, duplicated or on the dead-end list:
 * 1. exploit — the move the champion's FGMD verdict calls for (label → module move);
 * 2. recombine — the champion with each coordinate set to its best value by mean lift (component
 *    statistics from the archive);
 * 3. repair — the verdict move of another candidate on the Pareto front, applied to it;
 * 4. explore — the champion's best single-coordinate change by an optimistic bound (mean lift +
 *    `c/√(1+n)`), visiting the most promising dimension first;
 * 5. sample — seeded uniform draws from the rest of the space.
 * Round 1 (empty archive) uses a fixed, dimension-spanning bootstrap list.
 *
 * @module
 */
import { type ArchitectureSpec, fingerprint, parseSpec, specLabel } from "../../core/spec.ts";
import { MEMORY_LABELS, type MemoryLabel } from "../fgmd/schemas.ts";
import { bestChange, describeMove, type MoveContext, suggestMove } from "./moves.ts";
import {
  Admission,
  type ProposalContext,
  type ProposalOutcome,
  type Proposed,
  type Proposer,
} from "./proposal.ts";
import { sampleUnseen } from "./random_proposer.ts";
import {
  bestRecord,
  componentStats,
  type Dimension,
  DIMENSIONS,
  MENU,
  upperBounds,
} from "./tracker.ts";
import { normaliseArchitecture } from "./validator.ts";

/** Round-1 seeds: each spans a different region of every dimension. */
export const BOOTSTRAP: readonly {
  role: string;
  arch: Omit<ArchitectureSpec, "schema_version">;
  why: string;
}[] = [
  {
    role: "baseline",
    arch: { encode: ["tip"], store: "json", retrieve: "hybrid", manage: "lightweight" },
    why: "a simple, low-threshold reference point",
  },
  {
    role: "explore_extract",
    arch: {
      encode: ["trajectory", "workflow"],
      store: "hybrid",
      retrieve: "hybrid",
      manage: "lightweight",
    },
    why: "procedural memory (literal steps and generalised workflows)",
  },
  {
    role: "explore_retrieval",
    arch: { encode: ["tip", "insight"], store: "vector", retrieve: "mmr", manage: "json_full" },
    why: "rules and failure lessons, retrieved with diversity",
  },
  {
    role: "explore_storage",
    arch: { encode: ["workflow"], store: "graph", retrieve: "graph", manage: "graph_consolidate" },
    why: "graph-linked workflows with consolidation",
  },
  {
    role: "explore_manage",
    arch: {
      encode: ["shortcut", "trajectory"],
      store: "json",
      retrieve: "contrastive",
      manage: "tool_manager",
    },
    why: "replayable shortcuts with promotion and validation",
  },
];

/** Exploration weight of the optimistic bound. */
export const EXPLORE_C = 0.1;

function spec(arch: Omit<ArchitectureSpec, "schema_version">): ArchitectureSpec {
  const r = parseSpec({ schema_version: "1", ...arch });
  if (!r.ok) throw new Error(`invalid built-in architecture ${JSON.stringify(arch)}`);
  return r.value;
}

/** The champion with every coordinate set to its best value by mean lift (ties keep the champion's). */
export function recombine(ctx: ProposalContext, base: ArchitectureSpec): ArchitectureSpec | null {
  const stats = componentStats(ctx.pareto);
  const best = (dim: Dimension, current: string) => {
    const rows = stats.filter((s) => s.component === dim);
    const cur = rows.find((s) => s.value === current);
    const top =
      [...rows].sort((a, b) => b.mean_lift - a.mean_lift || (a.value < b.value ? -1 : 1))[0];
    return top && (!cur || top.mean_lift > cur.mean_lift + 1e-9) ? top.value : current;
  };
  const encStats = stats.filter((s) => s.component === "encode");
  const own = encStats.filter((s) => base.encode.includes(s.value as never));
  const ownMean = own.length ? own.reduce((s, x) => s + x.mean_lift, 0) / own.length : 0;
  const extra =
    encStats.filter((s) => !base.encode.includes(s.value as never) && s.mean_lift > ownMean + 1e-9)
      .sort((a, b) => b.mean_lift - a.mean_lift)[0];
  const r = normaliseArchitecture({
    schema_version: "1",
    encode: extra ? [...base.encode, extra.value] : [...base.encode],
    store: best("store", base.store),
    retrieve: best("retrieve", base.retrieve),
    manage: best("manage", base.manage),
  });
  return r.ok ? r.spec : null;
}

/** The deterministic rules proposer. */
export class RulesProposer implements Proposer {
  /** Proposer kind. */
  readonly kind = "rules" as const;

  /** Fills `ctx.k` slots in the documented order. */
  propose(ctx: ProposalContext): Promise<ProposalOutcome> {
    const admission = new Admission(ctx);
    const out: Proposed[] = [];
    const push = (
      s: ArchitectureSpec | null,
      role: string,
      hypothesis: string,
      rationale: string,
    ) => {
      if (s && out.length < ctx.k && admission.take(s)) {
        out.push({
          architecture: s,
          hypothesis,
          diversity_role: role,
          rationale,
          source: "rules",
          repairs: [],
        });
      }
    };
    const bounds = upperBounds(ctx.pareto, EXPLORE_C);
    const moveCtx = (): MoveContext => ({
      evaluated: admission.blocked,
      bounds,
      deadEnds: ctx.deadEnds,
    });
    if (ctx.pareto.archive.length === 0) {
      for (const b of BOOTSTRAP) {
        push(
          spec(b.arch),
          b.role,
          `Bootstrap: ${b.why}.`,
          "Round 1 seeds span every dimension of the space.",
        );
      }
    } else {
      const base = ctx.champion?.architecture ?? bestRecord(ctx.pareto)!.architecture;
      const baseLabel = specLabel(base);
      const champRow = ctx.lastRound.find((c) => fingerprint(c.architecture) === fingerprint(base));
      const v = champRow?.verdict;
      if (
        v && !v.out_of_scope_for_memory && v.confidence !== "low" &&
        v.primary_signal in MEMORY_LABELS
      ) {
        const m = suggestMove(base, v.primary_signal as MemoryLabel, moveCtx());
        if (m) {
          push(
            m.spec,
            "exploit",
            `Fixing the champion's ${v.primary_signal} (${
              Math.round(v.share * 100)
            }% of failures) improves it.`,
            `Inherits ${baseLabel}; mutates ${
              describeMove(m.move)
            } as the verdict recommends (evidence: ${v.evidence_task_ids.join(", ") || "none"}).`,
          );
        }
      }
      push(
        recombine(ctx, base),
        "exploit_b",
        "Each coordinate's best-performing value combines well.",
        `Recombines ${baseLabel} with the values of highest mean lift in the archive.`,
      );
      const frontIds = new Set(
        ctx.lastRound.filter((c) => c.added_to_front).map((c) => c.config_id),
      );
      for (
        const c of [...ctx.lastRound].sort((a, b) =>
          (b.metrics?.lift ?? -1) - (a.metrics?.lift ?? -1)
        )
      ) {
        const cv = c.verdict;
        if (!frontIds.has(c.config_id) || fingerprint(c.architecture) === fingerprint(base)) {
          continue;
        }
        if (!cv || cv.out_of_scope_for_memory || !(cv.primary_signal in MEMORY_LABELS)) continue;
        const m = suggestMove(c.architecture, cv.primary_signal as MemoryLabel, moveCtx());
        if (m) {
          push(
            m.spec,
            "exploit_c",
            `Fixing ${c.label}'s ${cv.primary_signal} makes it competitive.`,
            `Inherits ${c.label} (on the front); mutates ${describeMove(m.move)}.`,
          );
        }
      }
      const dims = [...DIMENSIONS].map((d) => {
        const current = d === "encode" ? [...base.encode] : [base[d]];
        const alt = MENU[d].filter((v) => !current.includes(v as never)).map((v) => bounds[d][v]);
        return { d, best: alt.length ? Math.max(...alt) : -Infinity };
      }).sort((a, b) => b.best - a.best);
      for (let pass = 0; pass < 2 && out.length < ctx.k; pass++) {
        for (const { d } of dims) {
          if (out.length >= ctx.k) break;
          const op = d === "encode"
            ? (base.encode.length < 3 && pass === 0 ? "add" : "swap")
            : "set";
          const m = bestChange(base, d, op, [], moveCtx());
          if (m) {
            push(
              m.spec,
              `explore_${d}`,
              `An under-explored ${d} value helps the champion.`,
              `Inherits ${baseLabel}; explores ${describeMove(m.move)} (optimistic bound).`,
            );
          }
        }
      }
    }
    for (const s of sampleUnseen(admission, ctx.k - out.length, ctx.rng)) {
      out.push({
        architecture: s,
        hypothesis: "A distant region of the space may hold a better architecture.",
        diversity_role: "explore_random",
        rationale: "No rule produced a further unseen architecture; sampled uniformly.",
        source: "rules",
        repairs: [],
      });
    }
    return Promise.resolve({ candidates: out, attempts: 1, rejected: [], topped_up: 0 });
  }
}
