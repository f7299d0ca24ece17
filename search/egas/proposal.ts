/**
 * The proposer port and what every proposer is given. A proposer returns exactly `k` valid,
 * unseen architectures (or fewer only when the space is exhausted); the engine injects the
 * champion itself.
 *
 * @module
 */
import type { Rng } from "../../core/ports.ts";
import { type ArchitectureSpec, fingerprint, specLabel } from "../../core/spec.ts";
import type { DifferentialRow, Metrics } from "../common_schemas.ts";
import type { Verdict } from "../fgmd/schemas.ts";
import type { BaselineView } from "./pareto.ts";
import type { ChampionState, Ledger, ObsGraph, ParetoState } from "./schemas.ts";

/** Last round's outcome for one candidate, as proposers see it. */
export interface LastRoundCandidate {
  config_id: string;
  label: string;
  architecture: ArchitectureSpec;
  source: string;
  diversity_role: string;
  metrics: Metrics | null;
  verdict: Verdict | null;
  added_to_front: boolean;
}

/** Everything a proposer may read. */
export interface ProposalContext {
  round: number;
  maxRounds: number;
  /** How many new architectures to return. */
  k: number;
  benchmarkName: string;
  champion: ChampionState | null;
  pareto: ParetoState;
  baseline: BaselineView & { score: number; n_tasks: number; memory_sensitive: number };
  lastRound: LastRoundCandidate[];
  differential: DifferentialRow[];
  roundSynthesis: Record<string, unknown> | null;
  ledger: Ledger | null;
  ledgerDisabled: boolean;
  obsGraph: ObsGraph | null;
  poolStats: { total_units: number; by_type: Record<string, number> };
  /** Fingerprints never to propose (evaluated architectures and the champion). */
  excluded: ReadonlySet<string>;
  /** Labels on the ledger's active dead-end list. */
  deadEnds: ReadonlySet<string>;
  /** Seeded per round. */
  rng: Rng;
  signal?: AbortSignal;
}

/** One proposed architecture. */
export interface Proposed {
  architecture: ArchitectureSpec;
  hypothesis: string;
  diversity_role: string;
  rationale: string;
  source: "llm" | "rules" | "random" | "top_up";
  repairs: string[];
}

/** A proposer's answer for one round. */
export interface ProposalOutcome {
  candidates: Proposed[];
  attempts: number;
  rejected: { attempt: number; reason: string }[];
  topped_up: number;
}

/** The proposer port. */
export interface Proposer {
  readonly kind: "llm" | "rules" | "random";
  propose(ctx: ProposalContext): Promise<ProposalOutcome>;
}

/** Tracks fingerprints taken in one batch so no architecture is proposed twice. */
export class Admission {
  readonly #taken = new Set<string>();
  readonly #ctx: Pick<ProposalContext, "excluded" | "deadEnds">;

  /** Starts an empty batch. */
  constructor(ctx: Pick<ProposalContext, "excluded" | "deadEnds">) {
    this.#ctx = ctx;
  }

  /** Why `spec` cannot join the batch, or null when it can. */
  reason(spec: ArchitectureSpec): string | null {
    const fp = fingerprint(spec);
    if (this.#ctx.excluded.has(fp)) return `${specLabel(spec)} was already evaluated`;
    if (this.#taken.has(fp)) return `${specLabel(spec)} is proposed twice`;
    if (this.#ctx.deadEnds.has(specLabel(spec))) return `${specLabel(spec)} is a ledger dead end`;
    return null;
  }

  /** Takes `spec` if admissible; returns whether it was taken. */
  take(spec: ArchitectureSpec): boolean {
    if (this.reason(spec) !== null) return false;
    this.#taken.add(fingerprint(spec));
    return true;
  }

  /** Fingerprints excluded plus taken, for move searches. */
  get blocked(): Set<string> {
    return new Set([...this.#ctx.excluded, ...this.#taken]);
  }
}
