/**
 * The FGMD verdict of a sweep evaluation, stored beside its score in `landscape.jsonl` so a
 * landscape replay (`landscape_replay.ts`) can give the rules proposer the same diagnosis a
 * search would have computed for that architecture. The sweep runs every architecture from an
 * empty memory, like a search with `--no_canonical_import`, so the pool it is judged against is
 * empty; no diagnosis model is used (rule attribution only) and no earlier verdict exists.
 *
 * @module
 */
import type { BenchTask, TaskResult } from "../bench/benchmark_port.ts";
import type { ArchitectureSpec } from "../core/spec.ts";
import type { MemoryUnit } from "../core/unit.ts";
import { diagnoseCandidate } from "./fgmd/diagnose.ts";
import type { Verdict } from "./fgmd/schemas.ts";

/** The search's default `--max_steps`, which the attribution rules read. */
export const SWEEP_MAX_STEPS = 40;

/** The FGMD verdict of one architecture's run over a sweep's tasks. */
export async function sweepVerdict(
  spec: ArchitectureSpec,
  tasks: readonly BenchTask[],
  results: readonly TaskResult[],
  finalUnits: readonly MemoryUnit[],
): Promise<Verdict> {
  const attribution = await diagnoseCandidate({
    configId: "sweep",
    spec,
    tasks: new Map(tasks.map((t) => [t.id, t])),
    results,
    poolUnits: [],
    finalUnits,
    maxSteps: SWEEP_MAX_STEPS,
    // The recommended move is not stored; the proposer computes its own from its own model.
    moveCtx: { evaluated: new Set(), rank: () => 0, deadEnds: new Set() },
    previousPrimary: null,
  });
  return attribution.verdict;
}
