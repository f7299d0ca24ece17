/**
 * `SearchConfig`: every flag of `automem search` (the docs/design.md#search-flags flags with their
 * defaults, plus automem's own), validated with the reference's rules. The CLI hands over a plain
 * object of parsed flags; snake_case, kebab-case and camelCase keys are all accepted, and every
 * issue names the flag it is about.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { fromZodIssues, type Issue, type ParseResult } from "../core/issues.ts";
import { webKindOf } from "../bench/web_bench/kinds.ts";
import { bootstrapText, defaultBootstrap, parseBootstrap } from "./egas/bootstrap.ts";
import { type Ablation, parseAblate } from "./egas/ablation.ts";

const positiveInt = (flag: string) =>
  z.number({ error: `--${flag} must be a number` }).int({ error: `--${flag} must be an integer` })
    .positive({ error: `--${flag} must be > 0` });
const naturalInt = (flag: string) =>
  z.number({ error: `--${flag} must be a number` }).int({ error: `--${flag} must be an integer` })
    .min(0, { error: `--${flag} must be >= 0` });
const positiveNum = (flag: string) =>
  z.number({ error: `--${flag} must be a number` }).positive({ error: `--${flag} must be > 0` });
const optString = (flag: string) =>
  z.string({ error: `--${flag} must be a string` }).trim().min(1, {
    error: `--${flag} must not be empty`,
  }).nullable().default(null);
const flag = (name: string) =>
  z.boolean({ error: `--${name} is a switch (true/false)` }).default(false);

function cores(): number {
  const n = typeof navigator !== "undefined" ? navigator.hardwareConcurrency : undefined;
  return typeof n === "number" && n > 0 ? n : 2;
}

/** The benchmarks a search can run. */
export const BENCHMARKS = [
  "world",
  "locomo",
  "reflexion-hotpotqa",
  "file",
  "gaia",
  "webwalkerqa",
  "xbench-deepsearch",
  "tiny",
  "nethack",
  "crawl",
] as const;
/** The proposers. */
export const PROPOSERS = ["llm", "rules", "random"] as const;

/** Default accuracy thresholds of the `rounds_to_discovery` tracker. */
export const DEFAULT_DISCOVERY_THRESHOLDS = "0.55,0.60,0.65,0.70";

/** Rotating folds over the search split unless `--folds` says otherwise (the reference's value). */
export const DEFAULT_FOLDS = 2;

const RawSchema = z.strictObject({
  run_name: z.string({ error: "--run_name is required" }).trim().min(1, {
    error: "--run_name must not be empty",
  }).refine((v) => !/[\\/]/.test(v) && v !== "." && v !== "..", {
    error: "--run_name must be a single directory name (no '/', not '.' or '..')",
  }),
  output_dir: z.string().min(1).default("runs/search"),
  max_rounds: positiveInt("max_rounds").default(8),
  num_candidates: positiveInt("num_candidates").default(3),
  model: optString("model"),
  search_model: optString("search_model"),
  diagnosis_model: optString("diagnosis_model"),
  judge_model: optString("judge_model"),
  warmup_n: naturalInt("warmup_n").default(19),
  search_n: positiveInt("search_n").default(100),
  batch_size: positiveInt("batch_size").default(50),
  folds: positiveInt("folds").max(10, { error: "--folds must be <= 10" }).default(DEFAULT_FOLDS),
  search_batch_seed: z.number().int({ error: "--search_batch_seed must be an integer" }).default(
    42,
  ),
  token_cap_per_task: positiveNum("token_cap_per_task").default(30000),
  latency_cap_per_task: positiveNum("latency_cap_per_task").default(60),
  validation_n: naturalInt("validation_n").default(30),
  test_n: naturalInt("test_n").default(15),
  max_steps: positiveInt("max_steps").default(40),
  token_budget: positiveInt("token_budget").default(8192),
  concurrency: positiveInt("concurrency").default(1),
  infile: optString("infile"),
  eval_script: optString("eval_script"),
  data_split: optString("data_split"),
  baseline_from: optString("baseline_from"),
  search_prompt: optString("search_prompt"),
  benchmark: z.string().trim().toLowerCase().transform((v) => webKindOf(v)?.key ?? v).pipe(
    z.enum(BENCHMARKS, {
      error: `--benchmark must be one of: ${BENCHMARKS.join(", ")}`,
    }),
  ).nullable().default(null),
  data_path: optString("data_path"),
  conversations: optString("conversations"),
  resume: flag("resume"),
  force_new: flag("force_new"),
  dry_run: flag("dry_run"),
  final_validation: flag("final_validation"),
  random_search: flag("random_search"),
  random_search_seed: z.number().int({ error: "--random_search_seed must be an integer" })
    .default(123),
  disable_elitism: flag("disable_elitism"),
  no_canonical_import: flag("no_canonical_import"),
  discovery_thresholds: z.string().default(DEFAULT_DISCOVERY_THRESHOLDS),
  no_ledger: flag("no_ledger"),
  obs_graph_enabled: z.boolean().default(true),
  no_obs_graph: flag("no_obs_graph"),
  seed: z.number().int({ error: "--seed must be an integer" }).default(42),
  parallel: positiveInt("parallel").default(cores),
  max_tokens: positiveNum("max_tokens").nullable().default(null),
  max_cost_usd: positiveNum("max_cost_usd").nullable().default(null),
  max_wall_s: positiveNum("max_wall_s").nullable().default(null),
  patience: positiveInt("patience").nullable().default(null),
  proposer: z.enum(PROPOSERS, { error: `--proposer must be one of: ${PROPOSERS.join(", ")}` })
    .nullable().default(null),
  bootstrap: optString("bootstrap"),
  ablate: optString("ablate"),
  status_port: z.number().int().min(1, { error: "--status_port must be 1..65535" })
    .max(65535, { error: "--status_port must be 1..65535" }).nullable().default(null),
});

type Raw = z.infer<typeof RawSchema>;

/** The validated search configuration (snake_case, every default applied and resolved). */
export type SearchConfig =
  & Omit<
    Raw,
    | "benchmark"
    | "proposer"
    | "discovery_thresholds"
    | "conversations"
    | "no_obs_graph"
    | "bootstrap"
    | "ablate"
  >
  & {
    benchmark: typeof BENCHMARKS[number];
    proposer: typeof PROPOSERS[number];
    /** Round 1's list (`none`, `fixed` or `random:SEED`), resolved from the proposer's default. */
    bootstrap: string;
    /** Parts of the rules proposer switched off (`fgmd`, `surrogate`), sorted. */
    ablate: Ablation[];
    discovery_thresholds: number[];
    conversations: number[] | null;
  };

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const IGNORED_KEYS = new Set(["_", "--"]);

function normaliseKey(key: string): string {
  return key.replace(/-/g, "_").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

const TEXT_KEYS = new Set([
  "run_name",
  "output_dir",
  "model",
  "search_model",
  "diagnosis_model",
  "judge_model",
  "infile",
  "eval_script",
  "data_split",
  "baseline_from",
  "search_prompt",
  "benchmark",
  "data_path",
  "conversations",
  "discovery_thresholds",
  "proposer",
  "bootstrap",
  "ablate",
]);

// CLI parsers hand numbers and switches over as strings now and then; text flags stay text.
function coerce(key: string, value: unknown): unknown {
  if (typeof value !== "string" || TEXT_KEYS.has(key)) {
    return TEXT_KEYS.has(key) && typeof value === "number" ? String(value) : value;
  }
  if (NUMERIC.test(value.trim())) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  return value;
}

function parseList(text: string, flagName: string, issues: Issue[]): number[] {
  const out: number[] = [];
  for (const token of text.split(",").map((t) => t.trim()).filter(Boolean)) {
    const n = Number(token);
    if (!NUMERIC.test(token) || !Number.isFinite(n)) {
      issues.push({
        code: "invalid_value",
        path: [flagName],
        message: `--${flagName}: '${token}' is not a number`,
      });
    } else out.push(n);
  }
  return out;
}

function parseConversations(text: string, issues: Issue[]): number[] {
  const out = new Set<number>();
  for (const token of text.split(",").map((t) => t.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(token);
    if (!m || Number(m[1]) < 1 || (m[2] !== undefined && Number(m[2]) < Number(m[1]))) {
      issues.push({
        code: "invalid_value",
        path: ["conversations"],
        message: `--conversations: '${token}' is not a 1-based number or range like 1-5`,
      });
      continue;
    }
    const hi = m[2] === undefined ? Number(m[1]) : Number(m[2]);
    // Checked before expanding, so a huge range is an error, not an allocation.
    if (hi > 10_000) {
      issues.push({
        code: "invalid_value",
        path: ["conversations"],
        message: `--conversations: '${token}' goes beyond 10000`,
      });
      continue;
    }
    for (let i = Number(m[1]); i <= hi; i++) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

function crossChecks(raw: Raw, issues: Issue[]): void {
  const add = (path: string, message: string, code = "invalid_combination") =>
    issues.push({ code, path: [path], message });
  if (raw.final_validation && raw.test_n === 0) {
    add("final_validation", "--final_validation requires --test_n > 0");
  }
  if (raw.concurrency !== 1 && !raw.dry_run) {
    add(
      "concurrency",
      "--concurrency must be 1 unless --dry_run: the tasks of one candidate share an evolving memory",
    );
  }
  if (raw.resume && raw.force_new) add("force_new", "--resume and --force_new exclude each other");
  if (raw.eval_script !== null) {
    add(
      "eval_script",
      "--eval_script is not supported: automem runs benchmarks in-process; choose one with --benchmark",
      "unsupported",
    );
  }
  const bench = raw.benchmark ?? (raw.infile ? "file" : "world");
  const web = webKindOf(bench);
  if ((bench === "file" || web) && !raw.infile) {
    add("infile", `--benchmark ${web?.name ?? bench} requires --infile`);
  }
  if (raw.infile && bench !== "file" && !web) {
    add(
      "infile",
      `--infile only applies to --benchmark file, GAIA, WebWalkerQA or xBench-DeepSearch`,
    );
  }
  if (raw.random_search && raw.proposer !== null && raw.proposer !== "random") {
    add("proposer", "--random_search means --proposer random");
  }
  if (raw.proposer === "llm" && raw.dry_run) add("proposer", "--dry_run uses no models");
  if (raw.proposer === "llm" && !raw.search_model) {
    add("proposer", "--proposer llm requires --search_model");
  }
}

const SIZE_FLAGS = ["warmup_n", "search_n", "validation_n", "test_n"];

/** Parses and validates CLI flags; every issue names its flag. Never throws. */
export function parseSearchConfig(flags: Record<string, unknown>): ParseResult<SearchConfig> {
  const normalised: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags)) {
    if (IGNORED_KEYS.has(key) || value === undefined) continue;
    const k = normaliseKey(key);
    normalised[k] = coerce(k, value);
  }
  const parsed = RawSchema.safeParse(normalised);
  if (!parsed.success) {
    return {
      ok: false,
      issues: fromZodIssues(parsed.error.issues).map((i) =>
        i.code === "unknown_field"
          ? {
            ...i,
            code: "unknown_flag",
            message: i.message.replace("Unrecognized key", "unknown flag"),
          }
          : i
      ),
    };
  }
  const raw = parsed.data;
  const issues: Issue[] = [];
  crossChecks(raw, issues);
  const thresholds = parseList(raw.discovery_thresholds, "discovery_thresholds", issues);
  const conversations = raw.conversations === null
    ? null
    : parseConversations(raw.conversations, issues);
  const proposer = raw.random_search
    ? "random"
    : raw.proposer ?? (raw.search_model && !raw.dry_run ? "llm" : "rules");
  const bootstrap = raw.bootstrap === null
    ? { ok: true as const, value: defaultBootstrap(proposer) }
    : parseBootstrap(raw.bootstrap);
  if (!bootstrap.ok) issues.push(...bootstrap.issues);
  const ablate = parseAblate(raw.ablate, proposer, issues);
  if (issues.length || !bootstrap.ok) return { ok: false, issues };
  const benchmark = raw.benchmark ?? (raw.infile ? "file" : "world");
  const { no_obs_graph, bootstrap: _b, ablate: _a, ...rest } = raw;
  // A web benchmark brings its own split sizes unless any size flag was given (xBench: 10/70/10/10).
  const defaults = webKindOf(benchmark)?.splitDefaults;
  if (defaults && !SIZE_FLAGS.some((k) => k in normalised)) {
    rest.warmup_n = defaults.warmup;
    rest.search_n = defaults.search;
    rest.validation_n = defaults.validation;
    rest.test_n = defaults.test;
  }
  return {
    ok: true,
    value: {
      ...rest,
      benchmark,
      proposer,
      random_search: proposer === "random",
      bootstrap: bootstrapText(bootstrap.value),
      ablate,
      obs_graph_enabled: raw.obs_graph_enabled && !no_obs_graph,
      discovery_thresholds: thresholds,
      conversations,
    },
  };
}
