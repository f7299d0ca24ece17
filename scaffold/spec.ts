/**
 * The scaffold spec: everything scaffold evolution may change, as data (never generated code):
 * initial files and their seed content, the ops of each phase, keyed files, prune limits,
 * file-size warnings, prompt templates and extra rules, iteration caps, the fallback action, the
 * code-maintained sensor files, and the per-step context budget. Fingerprinted like an
 * architecture spec.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { canonicalJson, sha256Hex } from "../core/canonical_json.ts";
import { fromZodIssues, type ParseResult } from "../core/issues.ts";
import { MEMORY_OPS, READ_OPS } from "../memory/files/wire.ts";

/** The sensor catalogue: code-maintained status files the scaffold may switch on. */
export const SENSORS = [
  "status_line",
  "inventory",
  "position_visits",
  "last_actions",
  "stairs_seen",
  "stuck_counter",
] as const;

/** One sensor name. */
export type SensorName = typeof SENSORS[number];

/** The prompt templates under `prompts/`. */
export const PROMPT_TEMPLATES = ["scaffold_log_v0", "scaffold_plan_v0"] as const;

const validRegex = (s: string) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
};

/** One memory file of the scaffold. */
export const ScaffoldFileSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, "letters, digits, '_', '.', '-' only"),
  /** Content at the start of every episode. */
  seed: z.string().default(""),
  /** What the file is for (shown in the prompts). */
  purpose: z.string().default(""),
  /** Survives the episode reset when memory persists across episodes. */
  persistent: z.boolean().default(false),
  /** Makes the file keyed: UPSERT keys must match this regular expression. */
  key_pattern: z.string().refine(validRegex, "not a valid regular expression").optional(),
  /** Human description of the key, e.g. `d<level>(x,y)`. */
  key_hint: z.string().optional(),
  /** Pruned after LOG: over `max` lines, the last `keep` are kept. */
  prune: z.strictObject({
    max: z.number().int().min(2),
    keep: z.number().int().min(1),
  }).refine((p) => p.keep < p.max, "keep must be smaller than max").optional(),
  /** Over this many lines the prompts warn that the file is too large. */
  warn_lines: z.number().int().min(1).optional(),
});

/** One scaffold file. */
export type ScaffoldFile = z.infer<typeof ScaffoldFileSchema>;

/** The scaffold spec. */
export const ScaffoldSpecSchema = z.strictObject({
  schema_version: z.literal(1),
  name: z.string().min(1),
  /** Environment id (`tiny`, `nethack`, `crawl`). */
  env: z.string().min(1),
  files: z.array(ScaffoldFileSchema).min(1),
  /** Ops of the LOG phase. */
  log_ops: z.array(z.enum(MEMORY_OPS)).min(1),
  /** Ops of the PLAN phase (read-only). */
  plan_ops: z.array(z.enum(READ_OPS as unknown as [string, ...string[]])).min(1),
  log_prompt: z.enum(PROMPT_TEMPLATES).default("scaffold_log_v0"),
  plan_prompt: z.enum(PROMPT_TEMPLATES).default("scaffold_plan_v0"),
  /** Extra rule lines appended to the LOG prompt. */
  log_rules: z.array(z.string().min(1)).default([]),
  /** Extra rule lines appended to the PLAN prompt. */
  plan_rules: z.array(z.string().min(1)).default([]),
  max_log_iterations: z.number().int().min(1).max(20).default(5),
  max_plan_iterations: z.number().int().min(1).max(20).default(5),
  fallback_action: z.string().min(1),
  sensors: z.array(z.enum(SENSORS)).default([]),
  max_search_results: z.number().int().min(1).default(100),
  /** Characters of prompt and tool results allowed per phase; longer text is cut. */
  context_budget_chars: z.number().int().min(500).default(4000),
  /** LOG must SEARCH or READ a file before writing it (the rule is stated in the prompt). */
  consult_before_write: z.boolean().default(false),
}).superRefine((s, ctx) => {
  const seen = new Set<string>();
  s.files.forEach((f, i) => {
    if (seen.has(f.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["files", i, "name"],
        message: `duplicate file '${f.name}'`,
        params: { code: "duplicate" },
      });
    }
    seen.add(f.name);
  });
  for (const sensor of s.sensors) {
    const file = sensorFile(sensor);
    if (seen.has(file)) {
      ctx.addIssue({
        code: "custom",
        path: ["sensors"],
        message: `sensor '${sensor}' maintains '${file}', which is also a scaffold file`,
        params: { code: "duplicate" },
      });
    }
  }
  if (s.log_ops.includes("UPSERT") && !s.files.some((f) => f.key_pattern)) {
    ctx.addIssue({
      code: "custom",
      path: ["log_ops"],
      message: "UPSERT needs at least one keyed file (key_pattern)",
      params: { code: "inconsistent" },
    });
  }
});

/** A scaffold spec. */
export type ScaffoldSpec = z.infer<typeof ScaffoldSpecSchema>;

/** The file a sensor maintains. */
export function sensorFile(sensor: SensorName): string {
  return `${sensor}.txt`;
}

/** Parses a scaffold spec; every issue is reported. Never throws. */
export function parseScaffoldSpec(input: unknown): ParseResult<ScaffoldSpec> {
  const r = ScaffoldSpecSchema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, issues: fromZodIssues(r.error.issues) };
}

/** Canonical JSON (sorted keys, compact) of a parsed spec. */
export function canonicalScaffoldJson(spec: ScaffoldSpec): string {
  return canonicalJson(spec);
}

/** SHA-256 of the canonical JSON. */
export function scaffoldFingerprint(spec: ScaffoldSpec): string {
  return sha256Hex(canonicalScaffoldJson(spec));
}

/** The initial files of an episode (sensor files start empty). */
export function initialFiles(spec: ScaffoldSpec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of spec.files) out[f.name] = f.seed;
  for (const s of spec.sensors) out[sensorFile(s)] = "";
  return out;
}
