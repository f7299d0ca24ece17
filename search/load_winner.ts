/**
 * {@linkcode loadWinner}: the architecture a finished search chose, read from its run directory's
 * `summary.json`, ready for `createMemory({ spec: winner.spec, dir })`.
 *
 * @module
 */
import type { ArchitectureSpec } from "../core/spec.ts";
import { SummarySchema } from "./artifacts.ts";
import { SearchError } from "./errors.ts";
import { readArtifact, RunDir } from "../run_dir/run_dir.ts";

/** A search's winner. */
export interface Winner {
  /** The winning architecture spec. */
  spec: ArchitectureSpec;
  /** Its fingerprint (stable id of the spec). */
  fingerprint: string;
  /** Score on the validation split, when the run had one. */
  validationScore: number | null;
  /** Score on the held-out test split, when the run measured it. */
  testScore: number | null;
}

/**
 * Reads the winner of the search in `runDir` (e.g. `runs/demo` after `deno task demo`). Throws a
 * `SearchError`: `run_missing` without `summary.json`, `corrupt_state` when it does not parse,
 * `no_winner` when the run ended without one.
 */
export async function loadWinner(runDir: string): Promise<Winner> {
  const path = new RunDir(runDir).path("summary.json");
  const summary = await readArtifact(path, SummarySchema);
  if (summary === undefined) {
    throw new SearchError("run_missing", `${path} not found: run a search into ${runDir} first`);
  }
  const w = summary.winner;
  if (w.architecture === null || w.fingerprint === null) {
    throw new SearchError(
      "no_winner",
      `${path}: the search ended '${summary.status}' without a winner`,
    );
  }
  return {
    spec: w.architecture,
    fingerprint: w.fingerprint,
    validationScore: w.validation_score,
    testScore: w.test_score,
  };
}
