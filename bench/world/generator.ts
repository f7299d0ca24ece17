/**
 * The seeded generator of `world` task families and tasks.
 *
 * Families come in clusters of three (one per level by default). A cluster fixes a goal tool and
 * a two-call prefix; every family of the cluster starts with that prefix and ends with the goal,
 * so a sibling's memory looks relevant but leads astray after the prefix (different middle steps
 * and a different goal argument). Levels differ in length (level 1: 3–4 calls, level 2: 5–6,
 * level 3: 7–8) and level 3 adds a trap: a flag on a prefix tool that only level 3 requires.
 * Drifting families change their procedure from the drift row on (a new step before the goal and
 * a new goal argument), so memory of the old procedure misleads.
 *
 * @module
 */
import { createRng, sample, shuffle } from "../../core/rng.ts";
import type { Rng } from "../../core/ports.ts";
import { BenchConfigError } from "../errors.ts";
import { CUSTOMERS, REGIONS, SUBJECTS } from "./lexicon.ts";
import { taskText } from "./task_text.ts";
import { type EntityKind, GOAL_TOOLS, type ProcedureStep, toolSpec } from "./tools.ts";

/** Bumped whenever generated tasks change; enters the dataset hash. */
export const WORLD_GENERATOR_VERSION = "world-gen-1";

/** A task family: a goal, a subject and a hidden procedure (plus its post-drift version). */
export interface WorldFamily {
  id: string;
  cluster: number;
  level: 1 | 2 | 3;
  subject: readonly [string, string, string];
  procedure: readonly ProcedureStep[];
  /** The procedure from the drift row on; null for families that never drift. */
  drifted: readonly ProcedureStep[] | null;
}

/** One generated task with its hidden truth. */
export interface WorldTask {
  id: string;
  /** Position in the benchmark's task order. */
  row: number;
  family: string;
  cluster: number;
  level: 1 | 2 | 3;
  text: string;
  entities: Readonly<Partial<Record<EntityKind, string>>>;
  procedure: readonly ProcedureStep[];
  /** True when this task uses its family's post-drift procedure. */
  drifted: boolean;
  /** Calls the agent may make. */
  budget: number;
  /** Which wording was drawn (template, subject synonym, goal phrase), for analysis. */
  variant: string;
}

/** Generator settings (all validated). */
export interface WorldConfig {
  seed: number;
  families: number;
  tasksPerFamily: number;
  levels: readonly (1 | 2 | 3)[];
  /** Fraction of the task order at which drifting families change; false disables drift. */
  drift: number | false;
}

/** Defaults: 12 families (4 clusters x 3 levels), 15 tasks each, drift at half the order. */
export const WORLD_DEFAULTS: Omit<WorldConfig, "seed"> = {
  families: 12,
  tasksPerFamily: 15,
  levels: [1, 2, 3],
  drift: 0.5,
};

/** Calls an agent may make on a procedure of `length` calls at `level`. */
export function budgetFor(length: number, level: 1 | 2 | 3): number {
  return length + 2 + 3 * level;
}

const PREFIXES: readonly (readonly [string, string])[] = [
  ["authenticate", "lookup_account"],
  ["authenticate", "fetch_records"],
  ["lookup_account", "fetch_records"],
  ["open_ticket", "fetch_records"],
  ["authenticate", "open_ticket"],
];

const MIDDLE_TOOLS = [
  "lookup_account",
  "open_ticket",
  "fetch_records",
  "validate_schema",
  "apply_filter",
  "merge_tables",
  "compute_stats",
  "convert_format",
  "sign_payload",
  "verify_checksum",
  "request_approval",
];

const DRIFT_TOOLS = ["request_approval", "verify_checksum", "sign_payload", "convert_format"];

/** Validates raw options into a config; throws {@linkcode BenchConfigError} naming the field. */
export function worldConfig(opts: {
  seed: number;
  families?: number;
  tasksPerFamily?: number;
  levels?: readonly number[];
  drift?: number | false;
}): WorldConfig {
  const int = (field: string, v: number, lo: number, hi: number) => {
    if (!Number.isInteger(v) || v < lo || v > hi) {
      throw new BenchConfigError(field, `must be an integer in [${lo}, ${hi}], got ${v}`);
    }
    return v;
  };
  if (!Number.isFinite(opts.seed)) throw new BenchConfigError("seed", "must be a finite number");
  const families = int("families", opts.families ?? WORLD_DEFAULTS.families, 1, SUBJECTS.length);
  const tasksPerFamily = int(
    "tasksPerFamily",
    opts.tasksPerFamily ?? WORLD_DEFAULTS.tasksPerFamily,
    1,
    500,
  );
  const levels = [...new Set(opts.levels ?? WORLD_DEFAULTS.levels)].sort();
  if (levels.length === 0 || levels.some((l) => l !== 1 && l !== 2 && l !== 3)) {
    throw new BenchConfigError("levels", "must be a non-empty subset of 1, 2, 3");
  }
  const drift = opts.drift ?? WORLD_DEFAULTS.drift;
  if (drift !== false && !(typeof drift === "number" && drift > 0 && drift < 1)) {
    throw new BenchConfigError("drift", `must be a fraction in (0, 1) or false, got ${drift}`);
  }
  return { seed: opts.seed, families, tasksPerFamily, levels: levels as (1 | 2 | 3)[], drift };
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];

function choiceStep(rng: Rng, tool: string): ProcedureStep {
  const choices: Record<string, string> = {};
  for (const a of toolSpec(tool).args) {
    if (a.kind === "choice") choices[a.name] = pick(rng, a.values);
  }
  return { tool, choices, flags: [] };
}

interface Cluster {
  goal: string;
  prefix: ProcedureStep[];
}

function makeCluster(rng: Rng, index: number, goalOffset: number): Cluster {
  const goal = GOAL_TOOLS[(index + goalOffset) % GOAL_TOOLS.length];
  const options = goal === "close_ticket"
    ? PREFIXES.filter((p) => p.includes("open_ticket"))
    : PREFIXES;
  const prefix = pick(rng, options).map((t) => choiceStep(rng, t));
  return { goal, prefix };
}

function makeFamily(
  rng: Rng,
  id: string,
  cluster: Cluster,
  c: number,
  level: 1 | 2 | 3,
  subject: readonly [string, string, string],
): WorldFamily {
  const used = new Set([...cluster.prefix.map((s) => s.tool), cluster.goal]);
  const middleLen = (level - 1) * 2 + rng.int(2);
  const middleTools = sample(rng, MIDDLE_TOOLS.filter((t) => !used.has(t)), middleLen)
    .sort((a, b) => toolSpec(a).stage - toolSpec(b).stage || a.localeCompare(b));
  // Half the families swap one adjacent pair: a non-conventional order that a tip can teach.
  if (middleTools.length >= 2 && rng.next() < 0.5) {
    const i = rng.int(middleTools.length - 1);
    [middleTools[i], middleTools[i + 1]] = [middleTools[i + 1], middleTools[i]];
  }
  const prefix = cluster.prefix.map((s) => ({ ...s, flags: [] as string[] }));
  if (level === 3) {
    const trapped = prefix.find((s) => toolSpec(s.tool).args.some((a) => a.kind === "flag"));
    if (trapped) {
      const f = toolSpec(trapped.tool).args.find((a) => a.kind === "flag")!;
      trapped.flags = [f.name];
    }
  }
  const procedure = [
    ...prefix,
    ...middleTools.map((t) => choiceStep(rng, t)),
    choiceStep(rng, cluster.goal),
  ];
  return { id, cluster: c, level, subject, procedure, drifted: null };
}

function driftProcedure(rng: Rng, procedure: readonly ProcedureStep[]): ProcedureStep[] {
  const present = new Set(procedure.map((s) => s.tool));
  const tool = pick(rng, DRIFT_TOOLS.filter((t) => !present.has(t)));
  const goal = procedure[procedure.length - 1];
  const goalChoices: Record<string, string> = { ...goal.choices };
  for (const a of toolSpec(goal.tool).args) {
    if (a.kind === "choice") {
      goalChoices[a.name] = pick(
        rng,
        a.values.filter((v) => v !== goal.choices[a.name]),
      );
    }
  }
  const body = procedure.slice(0, -1);
  // Stay within 8 calls: a full-length procedure has its last middle step replaced instead.
  if (procedure.length >= 8) body.pop();
  return [...body, choiceStep(rng, tool), { ...goal, choices: goalChoices }];
}

/** Generates the families of a config (deterministic in the seed). */
export function generateFamilies(config: WorldConfig): WorldFamily[] {
  const root = createRng(`world:${config.seed}`);
  const subjects = shuffle(root.fork("subjects"), SUBJECTS);
  const goalOffset = root.fork("goals").int(GOAL_TOOLS.length);
  const clusters: Cluster[] = [];
  const families: WorldFamily[] = [];
  for (let i = 0; i < config.families; i++) {
    const c = Math.floor(i / 3);
    clusters[c] ??= makeCluster(root.fork(`cluster:${c}`), c, goalOffset);
    const level = config.levels[i % config.levels.length];
    const id = `f${String(i).padStart(2, "0")}`;
    families.push(makeFamily(root.fork(`family:${i}`), id, clusters[c], c, level, subjects[i]));
  }
  if (config.drift !== false) {
    const count = Math.max(1, Math.round(config.families / 3));
    for (const f of sample(root.fork("drift"), families, count)) {
      f.drifted = driftProcedure(root.fork(`drift:${f.id}`), f.procedure);
    }
  }
  return families;
}

function needs(procedure: readonly ProcedureStep[], kind: EntityKind): boolean {
  return procedure.some((s) =>
    toolSpec(s.tool).args.some((a) => a.kind === "entity" && a.entity === kind)
  );
}

/** Generates all tasks of a config, in their fixed order, with unique ids. */
export function generateTasks(
  config: WorldConfig,
  families = generateFamilies(config),
): WorldTask[] {
  const root = createRng(`world:${config.seed}`);
  const draft: { family: WorldFamily; k: number }[] = [];
  for (const family of families) {
    for (let k = 0; k < config.tasksPerFamily; k++) draft.push({ family, k });
  }
  const order = shuffle(root.fork("order"), draft);
  const driftRow = config.drift === false ? Infinity : Math.floor(config.drift * order.length);
  return order.map(({ family, k }, row) => {
    const rng = root.fork(`task:${family.id}:${k}`);
    const drifted = family.drifted !== null && row >= driftRow;
    const procedure = drifted ? family.drifted! : family.procedure;
    const entities: Partial<Record<EntityKind, string>> = { customer: pick(rng, CUSTOMERS) };
    if (needs(procedure, "dataset")) entities.dataset = `DS-${1000 + rng.int(9000)}`;
    if (needs(procedure, "region")) entities.region = pick(rng, REGIONS);
    const { text, variant } = taskText(rng, family.subject, procedure, entities);
    return {
      id: `w-${family.id}-t${String(k).padStart(3, "0")}`,
      row,
      family: family.id,
      cluster: family.cluster,
      level: family.level,
      text,
      entities,
      procedure,
      drifted,
      budget: budgetFor(procedure.length, family.level),
      variant,
    };
  });
}
