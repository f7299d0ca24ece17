/**
 * `runSweep`: the ground truth for judging search strategies offline. Every valid architecture
 * (or a seeded sample) runs the same tasks from an empty memory; each result is appended to
 * `landscape.jsonl` as soon as it exists (so a killed sweep resumes by skipping fingerprints
 * already there) and, at the end, the file is rewritten in enumeration order and
 * `sweep_summary.json` gets the best entry, score quantiles and per-coordinate marginal effects.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../core/zod.ts";
import type { Benchmark, BenchTask, TaskResult } from "../bench/benchmark_port.ts";
import { writeFileAtomic, writeJsonAtomic } from "../core/atomic_write.ts";
import { fsPort } from "../core/fs_port.ts";
import { compileSpec } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import {
  asInfrastructure,
  FaultTracker,
  guardEmbedder,
  guardMethods,
  guardModel,
} from "../core/infra_fault.ts";
import { createRng, sample } from "../core/rng.ts";
import { type ArchitectureSpec, ArchitectureSpecSchema, fingerprint } from "../core/spec.ts";
import { idGenerator, logicalStageClock, type SearchModels } from "./deps.ts";
import { allSpecs } from "./egas/random_proposer.ts";
import { DIMENSIONS, MENU, valuesOf } from "./egas/tracker.ts";
import { mean, r6 } from "./protocol/metrics.ts";
import { pooled } from "./protocol/stage.ts";
import { stratifiedSplit } from "./protocol/split.ts";
import { removeIfPresent } from "../run_dir/run_dir.ts";
import { VerdictSchema } from "./fgmd/schemas.ts";
import { sweepVerdict } from "./sweep_verdict.ts";
import type { SearchServices } from "./service_port.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";
import { redactSecretValues } from "../core/secret_values.ts";

/** What a sweep hands its executor for one architecture. */
export interface SweepUnitRequest {
  spec: ArchitectureSpec;
  task_ids: string[];
  seed: number;
}

/** One line of `landscape.jsonl`. */
export const LandscapeEntrySchema = z.object({
  fingerprint: z.string(),
  architecture: ArchitectureSpecSchema,
  score: z.number(),
  cost: z.number(),
  /** The FGMD verdict of the run (rule attribution); absent in sweeps written before it was kept. */
  verdict: VerdictSchema.optional(),
});
/** A landscape entry. */
export type LandscapeEntry = z.infer<typeof LandscapeEntrySchema>;

/** Which tasks a sweep runs. */
export type SweepSplit = "warmup" | "search" | "validation" | "test" | "all";

/** Options of {@linkcode runSweep}. */
export interface SweepOptions {
  /** The benchmark (build it with `createBenchmark`). */
  benchmark: Benchmark;
  /** Tasks of this split of the seeded stratified split (sizes below), or all tasks. */
  split: SweepSplit;
  sizes?: { warmup: number; search: number; validation: number; test: number };
  /** Evaluate a seeded sample of this many architectures instead of all. */
  sample?: number;
  parallel: number;
  seed: number;
  /** Output directory (created). */
  out: string;
}

/** Dependencies of a sweep. */
export interface SweepDeps {
  embedder: Embedder;
  models?: SearchModels;
  services: Pick<SearchServices, "openMemory">;
  stageClock?: (stage: number) => Clock;
  signal?: AbortSignal;
  /** Called after each architecture. */
  onProgress?: (done: number, total: number, entry: LandscapeEntry) => void;
  /** Evaluates architectures elsewhere (a job queue; see `queue/`); absent: in this process. */
  executor?: (req: SweepUnitRequest) => Promise<LandscapeEntry>;
}

/** `sweep_summary.json`. */
export const SweepSummarySchema = z.object({
  benchmark: z.string(),
  split: z.enum(["warmup", "search", "validation", "test", "all"]),
  n_tasks: z.number().int(),
  n_architectures: z.number().int(),
  best: LandscapeEntrySchema.nullable(),
  /** Score quantiles over the architectures (`min`, `p10` … `max`). */
  quantiles: z.record(z.string(), z.number()),
  /** Seed, dataset, task ids and embedder of the task set, so later entries can join it. */
  seed: z.number().int().optional(),
  dataset_hash: z.string().optional(),
  task_ids: z.array(z.string()).optional(),
  embedder: z.string().optional(),
  /** Per dimension and value: how many architectures, their mean score, and minus the overall mean. */
  marginal: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({ n: z.number().int(), mean_score: z.number(), effect: z.number() }),
    ),
  ),
});
/** Sweep summary content. */
export type SweepSummary = z.infer<typeof SweepSummarySchema>;

/** Score quantiles (nearest rank) of a landscape. */
export function quantiles(scores: readonly number[]): Record<string, number> {
  const s = [...scores].sort((a, b) => a - b);
  const q = (
    p: number,
  ) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] : 0);
  return {
    min: s[0] ?? 0,
    p10: q(0.1),
    p25: q(0.25),
    p50: q(0.5),
    p75: q(0.75),
    p90: q(0.9),
    max: s[s.length - 1] ?? 0,
  };
}

/** Mean score of the architectures holding each coordinate value, and its effect vs the mean. */
export function marginalEffects(entries: readonly LandscapeEntry[]): SweepSummary["marginal"] {
  const overall = mean(entries.map((e) => e.score));
  const out: SweepSummary["marginal"] = {};
  for (const d of DIMENSIONS) {
    out[d] = {};
    for (const v of MENU[d]) {
      const hit = entries.filter((e) => valuesOf(e.architecture, d).includes(v));
      if (hit.length) {
        out[d][v] = {
          n: hit.length,
          mean_score: r6(mean(hit.map((e) => e.score))),
          effect: r6(mean(hit.map((e) => e.score)) - overall),
        };
      }
    }
  }
  return out;
}

function tasksOf(opts: SweepOptions): BenchTask[] {
  const tasks = opts.benchmark.tasks();
  if (opts.split === "all") return [...tasks];
  const sizes = opts.sizes ?? { warmup: 19, search: 100, validation: 30, test: 15 };
  const split = stratifiedSplit(tasks.map((t) => t.level), sizes, opts.seed);
  const key = {
    warmup: "profile_indices",
    search: "optimization_indices",
    validation: "validation_indices",
    test: "final_test_indices",
  }[opts.split] as
    | "profile_indices"
    | "optimization_indices"
    | "validation_indices"
    | "final_test_indices";
  return split[key].map((i) => tasks[i]);
}

/** Reads a `landscape.jsonl` (missing file: empty; torn or invalid lines are skipped). */
export async function readLandscape(path: string): Promise<LandscapeEntry[]> {
  const text = (await readTextIfExists(path)) ?? "";
  const out: LandscapeEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const parsed = LandscapeEntrySchema.safeParse(JSON.parse(line));
      if (parsed.success) out.push(parsed.data);
    } catch {
      // A torn last line from a killed sweep: that architecture simply runs again.
    }
  }
  return out;
}

/** The task set of a sweep: every architecture runs these tasks, in order, from an empty memory. */
export interface SweepTaskSet {
  benchmark: Benchmark;
  tasks: readonly BenchTask[];
  /** Seeds the per-task rng (`sweep:<seed>` forked by task id). */
  seed: number;
  /** Sweep directory; the architecture's store lives in `stores/` only while it runs. */
  out: string;
}

/**
 * Scores one architecture on a sweep's task set exactly as {@linkcode runSweep} does (same
 * clock, ids and rng), so entries computed later are interchangeable with the sweep's own.
 */
export async function evaluateArchitecture(
  spec: ArchitectureSpec,
  set: SweepTaskSet,
  deps: Omit<SweepDeps, "onProgress">,
): Promise<LandscapeEntry> {
  const fp = fingerprint(spec);
  const dir = join(set.out, "stores", fp.slice(0, 16));
  await removeIfPresent(dir);
  const clock = (deps.stageClock ?? logicalStageClock)(0);
  const plan = compileSpec(spec, { baseDir: dir, embeddingDim: deps.embedder.dim });
  // A fault of the machinery (endpoint, disk, damaged store) that a benchmark folds into a
  // failed task must stop the sweep, never become this architecture's score.
  const faults = new FaultTracker();
  const guard = (m: ChatModel | undefined, role: string) => m && guardModel(m, role, faults);
  const provider = guardMethods(
    await deps.services.openMemory(plan, {
      embedder: guardEmbedder(deps.embedder, faults),
      clock,
      newId: idGenerator(`s${fp.slice(0, 8)}`),
      model: guard(deps.models?.memory, "memory"),
      signal: deps.signal,
    }).catch((e) => Promise.reject(asInfrastructure(e, "storage"))),
    "storage",
    faults,
  );
  const results: TaskResult[] = [];
  let verdict;
  try {
    const rng = createRng(`sweep:${set.seed}`);
    for (const task of set.tasks) {
      const r = await set.benchmark.runTask(task, provider, {
        model: guard(deps.models?.task, "task"),
        judge: guard(deps.models?.judge, "judge"),
        clock,
        rng: rng.fork(task.id),
        signal: deps.signal,
      });
      faults.check();
      results.push(r);
    }
    verdict = await sweepVerdict(spec, set.tasks, results, (await provider.exportPool()).units);
  } finally {
    await provider.close().catch(() => {});
    await removeIfPresent(dir);
  }
  return {
    fingerprint: fp,
    architecture: spec,
    score: r6(mean(results.map((r) => r.score))),
    cost: r6(mean(results.map((r) => r.total_tokens))),
    verdict,
  };
}

/** Runs (or resumes) a sweep; resolves with the summary it wrote. */
export async function runSweep(opts: SweepOptions, deps: SweepDeps): Promise<SweepSummary> {
  await Deno.mkdir(opts.out, { recursive: true });
  const landscapePath = join(opts.out, "landscape.jsonl");
  const tasks = tasksOf(opts);
  const all = allSpecs();
  const chosen = opts.sample !== undefined
    ? sample(createRng(`sweep:${opts.seed}`), all, opts.sample)
    : all;
  const order = new Map(all.map((s, i) => [fingerprint(s), i]));
  const have = new Map((await readLandscape(landscapePath)).map((e) => [e.fingerprint, e]));
  const todo = chosen.filter((s) => !have.has(fingerprint(s)));
  let chain = Promise.resolve();
  let done = chosen.length - todo.length;
  await pooled(todo, opts.parallel, async (spec) => {
    if (deps.signal?.aborted) throw new Error("the sweep was interrupted");
    const entry = deps.executor
      ? await deps.executor({ spec, task_ids: tasks.map((t) => t.id), seed: opts.seed })
      : await evaluateArchitecture(spec, {
        benchmark: opts.benchmark,
        tasks,
        seed: opts.seed,
        out: opts.out,
      }, deps);
    have.set(entry.fingerprint, entry);
    const line = new TextEncoder().encode(redactSecretValues(JSON.stringify(entry)) + "\n");
    chain = chain.then(() => fsPort().appendFile(landscapePath, line));
    await chain;
    deps.onProgress?.(++done, chosen.length, entry);
  });
  await removeIfPresent(join(opts.out, "stores"));
  const entries = chosen.map((s) => have.get(fingerprint(s))!).sort((a, b) =>
    order.get(a.fingerprint)! - order.get(b.fingerprint)!
  );
  await writeFileAtomic(
    landscapePath,
    entries.map((e) => JSON.stringify(e)).join("\n") + (entries.length ? "\n" : ""),
  );
  const best =
    [...entries].sort((a, b) =>
      b.score - a.score || a.cost - b.cost || order.get(a.fingerprint)! - order.get(b.fingerprint)!
    )[0] ?? null;
  const summary: SweepSummary = {
    benchmark: opts.benchmark.id,
    split: opts.split,
    n_tasks: tasks.length,
    n_architectures: entries.length,
    best,
    seed: opts.seed,
    dataset_hash: opts.benchmark.datasetHash,
    task_ids: tasks.map((t) => t.id),
    embedder: deps.embedder.id,
    quantiles: quantiles(entries.map((e) => e.score)),
    marginal: marginalEffects(entries),
  };
  await writeJsonAtomic(join(opts.out, "sweep_summary.json"), SweepSummarySchema.parse(summary));
  return summary;
}
