/**
 * Round 1's bootstrap list (`--bootstrap none|fixed|random:SEED`), shared by every proposer so
 * that a comparison can give rules and random search the same start, or none:
 * - `fixed`: the dimension-spanning hand-picked list below (the rules proposer's default);
 * - `random:SEED`: `k` architectures drawn uniformly with a seed of their own, independent of the
 *   proposer, so two runs with the same SEED start from the same list;
 * - `none`: no list; round 1 is the proposer's own (random search: uniform draws; rules: uniform
 *   draws too, as it has nothing to fit yet).
 * {@linkcode withBootstrap} wraps a proposer so its first round (empty archive) is the list.
 *
 * @module
 */
import { createRng, sample } from "../../core/rng.ts";
import { type ArchitectureSpec, parseSpec } from "../../core/spec.ts";
import type { Issue, ParseResult } from "../../core/issues.ts";
import {
  Admission,
  type ProposalContext,
  type ProposalOutcome,
  type Proposed,
  type Proposer,
} from "./proposal.ts";
import { allSpecs } from "./random_proposer.ts";

/** A bootstrap choice. */
export type Bootstrap = { kind: "none" } | { kind: "fixed" } | { kind: "random"; seed: number };

/** The hand-picked round-1 list: each entry spans a different region of every dimension. */
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

/** Parses `none`, `fixed` or `random:SEED` (SEED an integer). */
export function parseBootstrap(text: string, path = "bootstrap"): ParseResult<Bootstrap> {
  const t = text.trim();
  if (t === "none" || t === "fixed") return { ok: true, value: { kind: t } };
  const m = /^random:([+-]?\d+)$/.exec(t);
  if (m) return { ok: true, value: { kind: "random", seed: Number(m[1]) } };
  const issue: Issue = {
    code: "invalid_value",
    path: [path],
    message: `--${path} must be none, fixed or random:SEED (an integer seed), got '${text}'`,
  };
  return { ok: false, issues: [issue] };
}

/** The canonical text of a choice (what run configs record). */
export function bootstrapText(b: Bootstrap): string {
  return b.kind === "random" ? `random:${b.seed}` : b.kind;
}

/** The bootstrap a proposer uses when none is given: the fixed list for rules, none otherwise. */
export function defaultBootstrap(proposer: string): Bootstrap {
  return proposer === "rules" ? { kind: "fixed" } : { kind: "none" };
}

function builtIn(arch: Omit<ArchitectureSpec, "schema_version">): ArchitectureSpec {
  const r = parseSpec({ schema_version: "1", ...arch });
  if (!r.ok) throw new Error(`invalid built-in architecture ${JSON.stringify(arch)}`);
  return r.value;
}

/**
 * The bootstrap list, in order, as proposals (empty for `none`). `universe` is the space a
 * random list is drawn from (default: every valid architecture; a landscape replay passes its
 * landscape's architectures).
 */
export function bootstrapList(
  b: Bootstrap,
  universe: readonly ArchitectureSpec[] = allSpecs(),
): Omit<Proposed, "source">[] {
  if (b.kind === "fixed") {
    return BOOTSTRAP.map((e) => ({
      architecture: builtIn(e.arch),
      hypothesis: `Bootstrap: ${e.why}.`,
      diversity_role: e.role,
      rationale: "Round 1 seeds span every dimension of the space.",
      repairs: [],
    }));
  }
  if (b.kind === "none") return [];
  // The whole list is drawn once, so a run with larger K extends a smaller K's list.
  return sample(createRng(`bootstrap:${b.seed}`), universe, Math.min(universe.length, 64)).map((
    architecture,
    i,
  ) => ({
    architecture,
    hypothesis: "Bootstrap: a uniformly drawn starting point.",
    diversity_role: `bootstrap_${i}`,
    rationale: `Round 1: the random bootstrap list of seed ${b.seed}, the same for every proposer.`,
    repairs: [],
  }));
}

/**
 * `inner` with round 1 (empty archive) taken from the bootstrap list; when fewer than `k` list
 * entries are admissible, `inner` fills the rest. Later rounds are `inner`'s.
 */
export function withBootstrap(
  inner: Proposer,
  b: Bootstrap,
  universe?: readonly ArchitectureSpec[],
): Proposer {
  if (b.kind === "none") return inner;
  return {
    kind: inner.kind,
    async propose(ctx: ProposalContext): Promise<ProposalOutcome> {
      if (ctx.pareto.archive.length > 0) return await inner.propose(ctx);
      const admission = new Admission(ctx);
      const out: Proposed[] = [];
      for (const p of bootstrapList(b, universe)) {
        if (out.length >= ctx.k) break;
        if (admission.take(p.architecture)) out.push({ ...p, source: inner.kind });
      }
      if (out.length >= ctx.k) {
        return { candidates: out, attempts: 1, rejected: [], topped_up: 0 };
      }
      const excluded = new Set([...admission.blocked]);
      const rest = await inner.propose({ ...ctx, k: ctx.k - out.length, excluded });
      return { ...rest, candidates: [...out, ...rest.candidates] };
    },
  };
}
