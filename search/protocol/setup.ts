/**
 * Start-up of a run (docs/design.md#startup): the split (persisted, or from `--data_split`, or
 * seeded and stratified), the protocol digest with its refusal on mismatch, and the folds.
 *
 * @module
 */
import type { Benchmark } from "../../bench/benchmark_port.ts";
import { digestOf } from "../../core/canonical_json.ts";
import { RUNTIME_POLICY_DIGEST } from "../../core/runtime_policy.ts";
import {
  type DataSplit,
  DataSplitSchema,
  type EvalProtocol,
  EvalProtocolSchema,
  type Folds,
  FoldsSchema,
} from "../artifacts.ts";
import type { SearchConfig } from "../config.ts";
import type { SearchModels } from "../deps.ts";
import { SearchError } from "../errors.ts";
import { promptDigests } from "../prompts.ts";
import { readArtifact, type RunDir, writeArtifact } from "../../run_dir/run_dir.ts";
import { buildProtocol, diffProtocol, SEARCH_CODE_VERSION } from "./digest.ts";
import { makeFolds, validateFolds } from "./folds.ts";
import { parseDataSplit, SPLIT_KEYS, stratifiedSplit } from "./split.ts";

async function readJsonFile(path: string, what: string): Promise<unknown> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch (error) {
    throw new SearchError(
      "invalid_input",
      `cannot read ${what} ${path}: ${(error as Error).message}`,
      {},
      { cause: error },
    );
  }
}

/** Loads the persisted split, or builds one (from `--data_split` or stratified) and saves it. */
export async function ensureSplit(
  dir: RunDir,
  config: SearchConfig,
  benchmark: Benchmark,
): Promise<DataSplit> {
  const path = dir.path("data_split.json");
  const tasks = benchmark.tasks();
  const saved = await readArtifact(path, DataSplitSchema);
  let fromFile: DataSplit | undefined;
  if (config.data_split) {
    const parsed = parseDataSplit(
      await readJsonFile(config.data_split, "--data_split"),
      tasks.length,
      config.seed,
    );
    if (!parsed.ok) {
      throw new SearchError(
        "invalid_split",
        `--data_split ${config.data_split}: ${parsed.issues.map((i) => i.message).join("; ")}`,
        { issues: parsed.issues },
      );
    }
    fromFile = parsed.value;
  }
  if (saved) {
    if (saved.n_tasks !== tasks.length) {
      throw new SearchError(
        "corrupt_state",
        `data_split.json was made for ${saved.n_tasks} tasks, the benchmark has ${tasks.length}`,
      );
    }
    if (fromFile && SPLIT_KEYS.some((k) => saved[k].join(",") !== fromFile![k].join(","))) {
      throw new SearchError(
        "invalid_split",
        "--data_split differs from the run's persisted data_split.json",
      );
    }
    return saved;
  }
  const split = fromFile ?? stratifiedSplit(tasks.map((t) => t.level), {
    warmup: config.warmup_n,
    search: config.search_n,
    validation: config.validation_n,
    test: config.test_n,
  }, config.seed);
  await writeArtifact(path, DataSplitSchema, split);
  return split;
}

/** The protocol of this invocation. */
export function currentProtocol(
  config: SearchConfig,
  models: SearchModels,
  embedderId: string,
  benchmark: Benchmark,
  split: DataSplit,
  searchPrompt: string | undefined,
): EvalProtocol {
  const id = (m: { id: string } | undefined) => m?.id ?? null;
  return buildProtocol({
    models: {
      task: id(models.task),
      search: id(models.search),
      diagnosis: id(models.diagnosis),
      judge: id(models.judge),
      memory: id(models.memory),
      embedder: embedderId,
    },
    prompts: promptDigests(searchPrompt === undefined ? {} : { architecture_search: searchPrompt }),
    dataset_hash: benchmark.datasetHash,
    split: digestOf(SPLIT_KEYS.map((k) => split[k])),
    seed: config.seed,
    code_version: SEARCH_CODE_VERSION,
    runtime_policy: RUNTIME_POLICY_DIGEST,
    flags: {
      benchmark: benchmark.id,
      mode: config.dry_run ? "dry_run" : "live",
      max_rounds: config.max_rounds,
      num_candidates: config.num_candidates,
      warmup_n: config.warmup_n,
      search_n: config.search_n,
      batch_size: config.batch_size,
      folds: config.folds,
      search_batch_seed: config.search_batch_seed,
      validation_n: config.validation_n,
      test_n: config.test_n,
      max_steps: config.max_steps,
      token_budget: config.token_budget,
      token_cap_per_task: config.token_cap_per_task,
      latency_cap_per_task: config.latency_cap_per_task,
      concurrency: config.concurrency,
      proposer: config.proposer,
      random_search_seed: config.random_search_seed,
      bootstrap: config.bootstrap,
      ablate: config.ablate,
      disable_elitism: config.disable_elitism,
      no_canonical_import: config.no_canonical_import,
      no_ledger: config.no_ledger,
      obs_graph_enabled: config.obs_graph_enabled,
      conversations: config.conversations,
    },
  }, {
    final_validation: config.final_validation,
    max_tokens: config.max_tokens,
    max_cost_usd: config.max_cost_usd,
    max_wall_s: config.max_wall_s,
    patience: config.patience,
    discovery_thresholds: config.discovery_thresholds,
  });
}

/** Writes the protocol, or on resume refuses when the saved digest differs, naming the changes. */
export async function checkProtocol(dir: RunDir, current: EvalProtocol): Promise<void> {
  const path = dir.path("eval_protocol.json");
  const saved = await readArtifact(path, EvalProtocolSchema);
  if (saved && saved.digest !== current.digest) {
    const changes = diffProtocol(saved, current);
    throw new SearchError(
      "protocol_mismatch",
      `cannot resume ${dir.root}: the evaluation protocol changed (${
        changes.join("; ") || "unknown component"
      }); ` +
        "restore the original settings or pass --force_new to start over",
      { changes },
    );
  }
  await writeArtifact(path, EvalProtocolSchema, { ...current, recorded: current.recorded });
}

/** Loads and validates the persisted folds, or builds and saves them. */
export async function ensureFolds(
  dir: RunDir,
  config: SearchConfig,
  split: DataSplit,
  levelOf: (i: number) => number,
): Promise<Folds> {
  const path = dir.path("search_folds.json");
  const pool = split.optimization_indices;
  const saved = await readArtifact(path, FoldsSchema);
  if (saved) {
    validateFolds(saved, pool, config.batch_size, config.search_batch_seed, config.folds);
    return saved;
  }
  const folds = makeFolds(pool, levelOf, config.batch_size, config.search_batch_seed, config.folds);
  await writeArtifact(path, FoldsSchema, folds);
  return folds;
}
