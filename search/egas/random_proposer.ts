/**
 * Random search (docs/design.md#proposers, `--random_search`): seeded uniform sampling over the
 * valid, not yet evaluated architectures of the space. The baseline every smarter proposer must
 * beat.
 *
 * @module
 */
import type { Rng } from "../../core/ports.ts";
import { sample } from "../../core/rng.ts";
import { validCoordinates } from "../../core/space.ts";
import { type ArchitectureSpec, parseSpec } from "../../core/spec.ts";
import {
  Admission,
  type ProposalContext,
  type ProposalOutcome,
  type Proposer,
} from "./proposal.ts";

let cached: readonly ArchitectureSpec[] | undefined;

/** Every valid architecture of the space, in enumeration order (built once). */
export function allSpecs(): readonly ArchitectureSpec[] {
  if (!cached) {
    const out: ArchitectureSpec[] = [];
    for (const c of validCoordinates()) {
      const r = parseSpec({ schema_version: "1", ...c });
      if (r.ok) out.push(r.value);
    }
    cached = out;
  }
  return cached;
}

/** Every architecture of the space the batch may still take, in enumeration order. */
export function admissibleSpecs(admission: Admission): ArchitectureSpec[] {
  return allSpecs().filter((s) => admission.reason(s) === null);
}

/** `k` distinct admissible architectures drawn uniformly with `rng`. */
export function sampleUnseen(admission: Admission, k: number, rng: Rng): ArchitectureSpec[] {
  const out = sample(rng, admissibleSpecs(admission), k);
  for (const s of out) admission.take(s);
  return out;
}

/** The random proposer. */
export class RandomProposer implements Proposer {
  /** Proposer kind. */
  readonly kind = "random" as const;

  /** Samples `ctx.k` unseen architectures. */
  propose(ctx: ProposalContext): Promise<ProposalOutcome> {
    const admission = new Admission(ctx);
    const specs = sampleUnseen(admission, ctx.k, ctx.rng);
    return Promise.resolve({
      candidates: specs.map((architecture, i) => ({
        architecture,
        hypothesis: "A uniformly sampled architecture (random-search control).",
        diversity_role: `random_${i}`,
        rationale:
          "Random search: sampled uniformly from the valid, not yet evaluated architectures.",
        source: "random" as const,
        repairs: [],
      })),
      attempts: 1,
      rejected: [],
      topped_up: 0,
    });
  }
}
