/**
 * The inputs of strategy curves: a search run's evaluation order (from its
 * `round_<t>/candidate_<k>/result.json` files, every new architecture once) and a sweep
 * landscape, completed with the architectures the sweep did not sample, scored on the sweep's
 * own task set by {@linkcode evaluateArchitecture} and appended to `landscape.jsonl`.
 *
 * @module
 */
import { basename, join } from "node:path";
import type { Benchmark } from "../bench/benchmark_port.ts";
import { writeFileAtomic } from "../core/atomic_write.ts";
import { type ArchitectureSpec, fingerprint } from "../core/spec.ts";
import { CandidateResultSchema, EvalProtocolSchema } from "./artifacts.ts";
import { PROPOSERS } from "./config.ts";
import { bootstrapText, defaultBootstrap } from "./egas/bootstrap.ts";
import { SearchError } from "./errors.ts";
import { pooled } from "./protocol/stage.ts";
import { exists, readArtifact, removeIfPresent } from "../run_dir/run_dir.ts";
import {
  evaluateArchitecture,
  type LandscapeEntry,
  LandscapeEntrySchema,
  readLandscape,
  type SweepDeps,
  type SweepSummary,
  SweepSummarySchema,
} from "./sweep.ts";

const VisitSchema = CandidateResultSchema.pick({
  round: true,
  candidate: true,
  config_id: true,
  architecture: true,
  source: true,
  status: true,
});

/** One new architecture a run evaluated, in the run's order. */
export interface Visit {
  round: number;
  candidate: number;
  config_id: string;
  fingerprint: string;
  architecture: ArchitectureSpec;
  source: string;
  status: "ok" | "failed";
}

/** What a run evaluated, read from its directory. */
export interface RunVisits {
  run_dir: string;
  run_name: string;
  /** `rules`, `random` or `llm`, from `eval_protocol.json`. */
  proposer: string;
  seed: number;
  dataset_hash: string;
  /** New architectures in evaluation order (round, then candidate). */
  visits: Visit[];
  /** Evaluations of already-seen architectures (champion re-evaluations, repeats). */
  repeats: number;
  /** The run's `--bootstrap` (`none`, `fixed`, `random:SEED`); round 1 is the list unless `none`. */
  bootstrap: string;
}

/** Reads a search run's evaluation order; result files still missing (a running round) are skipped. */
export async function readRunVisits(runDir: string): Promise<RunVisits> {
  const protocolPath = join(runDir, "eval_protocol.json");
  const protocol = await readArtifact(protocolPath, EvalProtocolSchema);
  if (!protocol) {
    throw new SearchError("invalid_input", `${runDir} is not a search run: no eval_protocol.json`, {
      field: "run_dir",
    });
  }
  const c = protocol.components;
  const flags = c.flags as Record<string, unknown> | undefined;
  const proposer = flags?.proposer;
  if (typeof proposer !== "string" || !(PROPOSERS as readonly string[]).includes(proposer)) {
    throw new SearchError(
      "corrupt_state",
      `${protocolPath}: components.flags.proposer must be one of ${PROPOSERS.join(", ")}`,
      { field: "components.flags.proposer" },
    );
  }
  const seen = new Set<string>();
  const visits: Visit[] = [];
  let repeats = 0;
  for (let t = 1; await exists(join(runDir, `round_${t}`)); t++) {
    for (let k = 0; await exists(join(runDir, `round_${t}`, `candidate_${k}`)); k++) {
      const r = await readArtifact(
        join(runDir, `round_${t}`, `candidate_${k}`, "result.json"),
        VisitSchema,
      );
      if (!r) continue;
      const fp = fingerprint(r.architecture);
      if (seen.has(fp)) {
        repeats++;
        continue;
      }
      seen.add(fp);
      visits.push({ ...r, fingerprint: fp });
    }
  }
  return {
    run_dir: runDir,
    run_name: basename(runDir),
    proposer,
    seed: typeof c.seed === "number" ? c.seed : NaN,
    dataset_hash: typeof c.dataset_hash === "string" ? c.dataset_hash : "",
    visits,
    repeats,
    // Runs from before --bootstrap used the proposer's default list.
    bootstrap: typeof flags?.bootstrap === "string"
      ? flags.bootstrap
      : bootstrapText(defaultBootstrap(proposer)),
  };
}

/** A sweep output: its summary and its landscape entries. */
export interface Landscape {
  dir: string;
  summary: SweepSummary;
  entries: LandscapeEntry[];
}

/** Loads a sweep directory (`sweep_summary.json` + `landscape.jsonl`). */
export async function loadLandscape(dir: string): Promise<Landscape> {
  const summary = await readArtifact(join(dir, "sweep_summary.json"), SweepSummarySchema);
  if (!summary) {
    throw new SearchError("invalid_input", `${dir} is not a sweep: no sweep_summary.json`, {
      field: "landscape",
    });
  }
  return { dir, summary, entries: await readLandscape(join(dir, "landscape.jsonl")) };
}

/** A sweep summary that records its task set. */
export type RecordedSummary =
  & SweepSummary
  & Required<Pick<SweepSummary, "seed" | "dataset_hash" | "task_ids">>;

/**
 * The landscape's summary, checked to record the task set more architectures must be scored on
 * (sweeps written before `seed`, `dataset_hash` and `task_ids` were recorded cannot be extended).
 */
export function requireTaskSet(landscape: Landscape): RecordedSummary {
  const s = landscape.summary;
  for (const name of ["seed", "dataset_hash", "task_ids"] as const) {
    if (s[name] === undefined) {
      throw new SearchError(
        "invalid_input",
        `${landscape.dir}: sweep_summary.json has no ${name} (written by an older sweep); re-run \`automem sweep\` on it to record the task set`,
        { field: name },
      );
    }
  }
  return s as RecordedSummary;
}

/** What scoring architectures the sweep did not sample needs. */
export interface CompletionDeps extends Omit<SweepDeps, "onProgress"> {
  /** The sweep's benchmark, rebuilt (its dataset hash must match the sweep's). */
  benchmark: Benchmark;
  parallel: number;
  /** Called after each newly scored architecture. */
  onEvaluated?: (entry: LandscapeEntry, done: number, total: number) => void;
}

function linesOf(entries: readonly LandscapeEntry[]): string {
  return entries.map((e) => JSON.stringify(LandscapeEntrySchema.parse(e)) + "\n").join("");
}

/**
 * Scores every architecture of `specs` missing from the landscape on the sweep's own task set
 * and appends it to `landscape.jsonl` (rewritten atomically after each one, so a kill loses at
 * most the architectures in flight; the final order is that of `specs`). Returns the new entries.
 */
export async function completeLandscape(
  landscape: Landscape,
  specs: readonly ArchitectureSpec[],
  deps: CompletionDeps,
): Promise<LandscapeEntry[]> {
  const have = new Set(landscape.entries.map((e) => e.fingerprint));
  const missing = [...new Map(specs.map((s) => [fingerprint(s), s])).entries()]
    .filter(([fp]) => !have.has(fp)).map(([, s]) => s);
  if (!missing.length) return [];
  const summary = requireTaskSet(landscape);
  const field = (name: string, reason: string) =>
    new SearchError("invalid_input", `${landscape.dir}: sweep_summary.json ${name} ${reason}`, {
      field: name,
    });
  if (summary.dataset_hash !== deps.benchmark.datasetHash) {
    throw field("dataset_hash", `differs from the rebuilt ${deps.benchmark.id} benchmark's`);
  }
  if (summary.embedder !== undefined && summary.embedder !== deps.embedder.id) {
    throw field("embedder", `is ${summary.embedder}, but this run uses ${deps.embedder.id}`);
  }
  const byId = new Map(deps.benchmark.tasks().map((t) => [t.id, t]));
  const tasks = summary.task_ids.map((id) => {
    const t = byId.get(id);
    if (!t) throw field("task_ids", `names ${id}, which the benchmark does not have`);
    return t;
  });
  const path = join(landscape.dir, "landscape.jsonl");
  const added: (LandscapeEntry | undefined)[] = new Array(missing.length);
  let chain = Promise.resolve();
  let done = 0;
  const save = () => {
    const next = [...landscape.entries, ...added.filter((e) => e !== undefined)];
    chain = chain.then(() => writeFileAtomic(path, linesOf(next)));
    return chain;
  };
  try {
    await pooled(missing, deps.parallel, async (spec, i) => {
      if (deps.signal?.aborted) {
        throw new Error("scoring the missing architectures was interrupted");
      }
      added[i] = await evaluateArchitecture(spec, {
        benchmark: deps.benchmark,
        tasks,
        seed: summary.seed,
        out: landscape.dir,
      }, deps);
      await save();
      deps.onEvaluated?.(added[i]!, ++done, missing.length);
    });
  } finally {
    await chain.catch(() => {});
    await removeIfPresent(join(landscape.dir, "stores"));
  }
  return added as LandscapeEntry[];
}
