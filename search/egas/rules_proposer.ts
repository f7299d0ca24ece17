/**
 * The rules proposer (`--proposer rules`, the offline default): a deterministic search strategy
 * built from the reference's unused acquisition and scheduler ideas. Each round it fills the
 * slots in this order, skipping anything evaluated, duplicated or on the dead-end list:
 * 1. exploit — the move the champion's FGMD verdict calls for (label → module dimension; the
 *    value of highest predicted lift, the label's preference order on a tie);
 * 2. model — of a seeded sample of unevaluated architectures, the one of highest predicted
 *    lift (the surrogate's recombination of what every evaluation so far says about each
 *    coordinate);
 * 3. explore — of the same sample, the highest optimistic bounds (predicted lift + κ·sd, κ small), each
 *    pick counted as measured before the next so a batch spreads over the space;
 * 4. sample — seeded uniform draws when nothing else is admissible.
 * With an empty archive there is nothing to fit, so round 1 is uniform draws; the engine puts the
 * bootstrap list in front (`bootstrap.ts`, `--bootstrap`). The model is `surrogate.ts`, fitted to
 * the archive's pooled lifts in code, so a resumed run proposes the same. The ablations of
 * {@linkcode RulesOptions} switch off the FGMD slot, the surrogate, or both (both off: random
 * search).
 *
 * @module
 */
import { sample } from "../../core/rng.ts";
import { type ArchitectureSpec, fingerprint, specLabel } from "../../core/spec.ts";
import { MEMORY_LABELS, type MemoryLabel } from "../fgmd/schemas.ts";
import { describeMove, suggestMove } from "./moves.ts";
import {
  Admission,
  type ProposalContext,
  type ProposalOutcome,
  type Proposed,
  type Proposer,
} from "./proposal.ts";
import { admissibleSpecs, sampleUnseen } from "./random_proposer.ts";
import { acquireBatch, Surrogate } from "./surrogate.ts";
import { bestRecord } from "./tracker.ts";

/**
 * Exploration weight κ of the optimistic bound `mean + κ·sd`. 2.5 until issue 25: replays of
 * the LoCoMo and world landscapes on seeds 1–5 (docs/benchmarks.md) reached the near-best set
 * sooner with 0.5 — at budgets of ~32 evaluations, spreading a batch by hallucinated
 * measurements explores enough.
 */
export const KAPPA = 0.5;
/** Size of the seeded candidate sample the model ranks each round. */
export const ACQUISITION_SAMPLE = 200;

/** Ablations of the rules proposer (`--ablate`); both default to on. */
export interface RulesOptions {
  /** The exploit slot: the move the champion's FGMD verdict calls for. */
  fgmd?: boolean;
  /** The surrogate: ranking of the exploit move's values and the two model slots. */
  surrogate?: boolean;
}

/** The deterministic rules proposer. */
export class RulesProposer implements Proposer {
  /** Proposer kind. */
  readonly kind = "rules" as const;
  readonly #fgmd: boolean;
  readonly #surrogate: boolean;

  /** A proposer with the given parts switched on (default: all). */
  constructor(opts: RulesOptions = {}) {
    this.#fgmd = opts.fgmd ?? true;
    this.#surrogate = opts.surrogate ?? true;
  }

  /** Fills `ctx.k` slots in the documented order. */
  propose(ctx: ProposalContext): Promise<ProposalOutcome> {
    const admission = new Admission(ctx);
    const out: Proposed[] = [];
    const push = (
      s: ArchitectureSpec,
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
    if (ctx.pareto.archive.length > 0) {
      const model = Surrogate.fit(ctx.pareto.archive);
      const base = ctx.champion?.architecture ?? bestRecord(ctx.pareto)!.architecture;
      const baseLabel = specLabel(base);
      const champRow = ctx.lastRound.find((c) => fingerprint(c.architecture) === fingerprint(base));
      const v = champRow?.verdict;
      if (
        this.#fgmd && v && !v.out_of_scope_for_memory && v.confidence !== "low" &&
        v.primary_signal in MEMORY_LABELS
      ) {
        const m = suggestMove(base, v.primary_signal as MemoryLabel, {
          evaluated: admission.blocked,
          // Without the surrogate the label's own preference order picks the value.
          rank: (s) => (this.#surrogate ? model.mean(s) : 0),
          deadEnds: ctx.deadEnds,
        });
        if (m) {
          model.hallucinate(m.spec);
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
      const fit = `fitted to ${model.n} evaluated architectures`;
      if (this.#surrogate) {
        this.#modelSlots(ctx, model, admission, push, () => ctx.k - out.length, fit);
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

  // The surrogate's two slots: its best prediction, then optimistic bounds.
  #modelSlots(
    ctx: ProposalContext,
    model: Surrogate,
    admission: Admission,
    push: (s: ArchitectureSpec, role: string, hypothesis: string, rationale: string) => void,
    room: () => number,
    fit: string,
  ): void {
    // The model ranks a seeded sample of the unseen space, not all of it: over the whole space
    // its optimum sits at the extremes (every uncertain value at once), and a random candidate
    // set keeps successive picks diverse (the random-candidate acquisition of SMAC-style
    // optimisers).
    const candidates = sample(
      ctx.rng.fork("candidates"),
      admissibleSpecs(admission),
      ACQUISITION_SAMPLE,
    );
    const greedy = candidates.reduce<ArchitectureSpec | null>(
      (a, b) => (a === null || model.mean(b) > model.mean(a) + 1e-12 ? b : a),
      null,
    );
    if (greedy && room() > 0) {
      push(
        greedy,
        "exploit_model",
        "The coordinates with the best estimated effects combine well.",
        `Highest predicted lift (${
          model.mean(greedy).toFixed(3)
        }) of the surrogate model ${fit}, among ${candidates.length} sampled candidates.`,
      );
      model.hallucinate(greedy);
    }
    const left = candidates.filter((s) => admission.reason(s) === null);
    for (const s of acquireBatch(model, left, room(), KAPPA)) {
      push(
        s,
        "explore_model",
        "An uncertain region of the space may hold a better architecture.",
        `Highest optimistic bound (predicted lift ${model.mean(s).toFixed(3)} ± ${
          model.sd(s).toFixed(3)
        }) of the surrogate model ${fit}, among ${candidates.length} sampled candidates.`,
      );
    }
  }
}
