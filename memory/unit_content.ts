/**
 * Content schemas per encode type (reference-memory-core §2.3) and {@linkcode makeUnit}, the one
 * place a validated content object becomes a {@linkcode MemoryUnit}.
 *
 * Unlike the reference (§10.8), content is validated: a tip needs a `principle`, an insight needs
 * `root_cause_conclusion` and `corrective_strategy`, a trajectory at least one step, a workflow
 * at least one `agent_workflow` step, a shortcut a `name` and a non-empty `action_sequence`.
 * Empty or invalid content is rejected with typed issues and never stored. Unknown keys are
 * dropped so stored content always has the documented shape; key order follows the schema, so
 * signatures do not depend on the order a model wrote its keys in.
 *
 * @module
 */
import { z } from "zod";
import { isoUtc } from "../core/clock.ts";
import { fromZodIssues, type Issue } from "../core/issues.ts";
import type { Clock } from "../core/ports.ts";
import type { EncodeType } from "../core/space.ts";
import type { TaskContext, TaskOutcome } from "../core/trajectory.ts";
import {
  contentText,
  type MemoryUnit,
  MemoryUnitSchema,
  storageTokens,
  unitSignature,
} from "../core/unit.ts";

/** The 12-label failure vocabulary of insights (reference §2.3). */
export const FAILURE_PATTERNS = [
  "wrong_entity",
  "wrong_value",
  "format_error",
  "incomplete_search",
  "tool_misuse",
  "logic_error",
  "hallucination",
  "timeout",
  "scope_error",
  "disambiguation_error",
  "file_parse_error",
  "multimodal_failure",
] as const;

/** One failure label. */
export type FailurePattern = typeof FAILURE_PATTERNS[number];

/** Tip categories: the reference's four arrays, plus `fact` for conversation statements. */
export const TIP_CATEGORIES = [
  "planning_and_decision",
  "tool_and_search",
  "answer_format",
  "file_handling",
  "fact",
] as const;

const text = z.string().trim();
const required = z.string().trim().min(1, { error: "must be a non-empty string" });
/** A trigger list; a lone string is wrapped, as the reference does. */
const triggers = z.preprocess(
  (v) => typeof v === "string" ? (v.trim() ? [v] : []) : v,
  z.array(required).max(8),
);
const tags = z.array(required).max(12);
const leakage = z.enum(["low", "medium", "high"]);
const score = z.number().min(0).max(1);

/** Lower-cases and joins runs of whitespace or hyphens with `_` (reference normalisation). */
export function normalizeLabel(value: string): string {
  return value.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

/** Tip content (reference §2.3 item fields; `speaker`/`date`/`context` for conversation facts). */
export const TipContentSchema = z.object({
  category: z.enum(TIP_CATEGORIES).optional(),
  topic: text.optional(),
  principle: required,
  micro_example: text.optional(),
  counterfactual: text.optional(),
  applicability: text.optional(),
  speaker: text.optional(),
  date: text.optional(),
  context: text.optional(),
  task_type_tags: tags.optional(),
  use_when: triggers.optional(),
  avoid_when: triggers.optional(),
  leakage_risk: leakage.optional(),
  quality_self_score: score.optional(),
});

/** Insight content; `failure_pattern` is normalised, labels outside the vocabulary are kept. */
export const InsightContentSchema = z.object({
  failure_pattern: z.string().trim().min(1).transform(normalizeLabel).optional(),
  root_cause_conclusion: required,
  corrective_strategy: required,
  detection_signal: text.optional(),
  divergence_point: text.optional(),
  state_mismatch_analysis: text.optional(),
  applicability: text.optional(),
  task_type_tags: tags.optional(),
  use_when: triggers.optional(),
  avoid_when: triggers.optional(),
  leakage_risk: leakage.optional(),
  quality_self_score: score.optional(),
});

const TrajectoryStepContent = z.object({
  step_id: z.number().int().min(0),
  action: required,
  observation: text.default(""),
  error: z.boolean().optional(),
});

/** Trajectory content; a bare list is read as `steps`, as the reference does. */
export const TrajectoryContentSchema = z.preprocess(
  (v) => Array.isArray(v) ? { steps: v } : v,
  z.object({
    steps: z.array(TrajectoryStepContent).min(1, { error: "needs at least one step" }),
    key_decision: text.default(""),
    tool_strategy: text.default(""),
    critical_observation: text.default(""),
    reusable_anchor: text.optional(),
    date: text.optional(),
    task_type_tags: tags.optional(),
    use_when: triggers.optional(),
    avoid_when: triggers.optional(),
    leakage_risk: leakage.optional(),
    quality_self_score: score.optional(),
  }),
);

/** Workflow content (success only). */
export const WorkflowContentSchema = z.object({
  agent_workflow: z.array(z.object({
    step: z.number().int().min(1),
    action: required,
    rationale: text.default(""),
    generalized_execution: text.default(""),
  })).min(1, { error: "needs at least one agent_workflow step" }),
  search_workflow: z.array(z.object({
    step: z.number().int().min(1),
    query_formulation: required,
    validation_criteria: text.default(""),
  })).optional(),
  chain_type: z.enum(["web", "file", "multimodal", "hybrid"]).optional(),
  final_format_check: text.optional(),
  task_type_tags: tags.optional(),
  use_when: triggers.optional(),
  avoid_when: triggers.optional(),
  leakage_risk: leakage.optional(),
  quality_self_score: score.optional(),
});

const snakeName = z.string().transform((v) =>
  v.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "")
).pipe(z.string().min(1, { error: "must contain letters or digits" }));

/** Shortcut content: a replayable macro or a verified task → answer mapping. */
export const ShortcutContentSchema = z.object({
  name: snakeName,
  description: text.optional(),
  precondition: text.optional(),
  task_signature: text.optional(),
  verified_answer: text.optional(),
  input_schema: z.array(z.object({
    name: required,
    type: text.default("string"),
    description: text.default(""),
  })).optional(),
  output_schema: z.object({ type: text.default("string"), description: text.default("") })
    .optional(),
  test_invocation: z.record(z.string(), z.unknown()).optional(),
  assumptions: z.array(required).optional(),
  failure_diagnosis: z.string().nullable().optional(),
  action_sequence: z.array(z.object({
    step: z.number().int().min(1),
    intent: text.default(""),
    tool_call: z.object({
      tool_name: required,
      args_pattern: z.union([z.string(), z.record(z.string(), z.unknown())]),
    }),
  })).min(1, { error: "needs at least one action" }),
  task_type_tags: tags.optional(),
  use_when: triggers.optional(),
  avoid_when: triggers.optional(),
  leakage_risk: leakage.optional(),
  quality_self_score: score.optional(),
}).superRefine((c, ctx) => {
  if (!c.input_schema || !c.test_invocation) return;
  const names = c.input_schema.map((i) => i.name).sort();
  const keys = Object.keys(c.test_invocation).sort();
  if (names.join("\u0000") !== keys.join("\u0000")) {
    ctx.addIssue({
      code: "custom",
      path: ["test_invocation"],
      message: `test_invocation keys [${keys}] must equal the input_schema names [${names}]`,
      params: { code: "invocation_mismatch" },
    });
  }
});

/** The content schema of each encode type. */
export const CONTENT_SCHEMAS: Record<EncodeType, z.ZodType<Record<string, unknown>>> = {
  tip: TipContentSchema,
  insight: InsightContentSchema,
  trajectory: TrajectoryContentSchema,
  workflow: WorkflowContentSchema,
  shortcut: ShortcutContentSchema,
};

/** Tip content. */
export type TipContent = z.infer<typeof TipContentSchema>;
/** Insight content. */
export type InsightContent = z.infer<typeof InsightContentSchema>;
/** Trajectory content. */
export type TrajectoryContent = z.infer<typeof TrajectoryContentSchema>;
/** Workflow content. */
export type WorkflowContent = z.infer<typeof WorkflowContentSchema>;
/** Shortcut content. */
export type ShortcutContent = z.infer<typeof ShortcutContentSchema>;

/** Validates `content` as the content of a `type` unit; issue paths start at the content. */
export function parseContent(
  type: EncodeType,
  content: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; issues: Issue[] } {
  const parsed = CONTENT_SCHEMAS[type].safeParse(content);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, issues: fromZodIssues(parsed.error.issues) };
}

const CONFIDENCE_SIGNALS = [
  "use_when",
  "key_decision",
  "principle",
  "critical_observation",
  "reusable_anchor",
];
const DEGENERATE_MARKERS = [
  "no raw action trace",
  "only the final answer",
  "raw trajectory log is empty",
  "no recoverable retrieval",
  "raw trajectory contains no",
];

function filled(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "string") return v.trim() !== "";
  if (v && typeof v === "object") return Object.keys(v).length > 0;
  return Boolean(v);
}

/**
 * Initial confidence (reference §2.4): a self-reported quality in [0, 1] or 0.65, scaled by how
 * many signal fields are filled, adjusted by step count for trajectories and workflows, and
 * clamped to [0.05, 1].
 */
export function initialConfidence(type: EncodeType, content: Record<string, unknown>): number {
  const base = ["quality_self_score", "confidence", "quality"].map((k) => content[k])
    .find((v): v is number => typeof v === "number" && v >= 0 && v <= 1) ?? 0.65;
  const present = CONFIDENCE_SIGNALS.filter((k) => k in content);
  const completeness = present.length === 0
    ? 1
    : 0.6 + 0.4 * present.filter((k) => filled(content[k])).length / present.length;
  let conf = base * completeness;
  const dump = JSON.stringify(content).toLowerCase();
  const marked = DEGENERATE_MARKERS.some((m) => dump.includes(m));
  if (type === "trajectory") {
    const n = Array.isArray(content.steps) ? content.steps.length : 0;
    conf = n <= 1 || marked ? Math.min(conf, 0.2) : conf * (1 + 0.08 * Math.min(n, 6) / 6);
  } else if (type === "workflow") {
    const agent = Array.isArray(content.agent_workflow) ? content.agent_workflow : [];
    const search = Array.isArray(content.search_workflow) ? content.search_workflow : [];
    const n = agent.length > 0 ? agent.length : search.length;
    conf = n === 0 || marked ? Math.min(conf, 0.3) : conf * (1 + 0.1 * Math.min(n, 5) / 5);
  }
  return Math.min(1, Math.max(0.05, conf));
}

/** Everything {@linkcode makeUnit} needs. */
export interface MakeUnitInput {
  type: EncodeType;
  /** Raw content; validated here. */
  content: unknown;
  task: TaskContext;
  /** Absent for ingested material (conversations) and op-synthesised units. */
  outcome?: TaskOutcome;
  /** Ids of the steps or turns the unit came from; at least one. */
  source_refs: readonly string[];
  clock: Clock;
  id: string;
  /** Model id, or `offline:rules` for the deterministic encoders. */
  extraction_model: string;
}

/** Result of {@linkcode makeUnit}. */
export type MakeUnitResult = { ok: true; unit: MemoryUnit } | { ok: false; issues: Issue[] };

/**
 * Builds a unit from raw content: validates it, computes signature, storage tokens, triggers,
 * task-type tags, the negative-example flag, initial confidence and `created_at`.
 */
export function makeUnit(input: MakeUnitInput): MakeUnitResult {
  const issues: Issue[] = [];
  if (input.id.trim() === "") {
    issues.push({ code: "missing_field", path: ["id"], message: "id must be non-empty" });
  }
  const refs = [...new Set(input.source_refs.map((r) => r.trim()).filter((r) => r !== ""))];
  if (refs.length === 0) {
    issues.push({
      code: "missing_source_refs",
      path: ["source_refs"],
      message: "a unit needs at least one source ref (the steps or turns it came from)",
    });
  }
  const parsed = parseContent(input.type, input.content);
  if (!parsed.ok) {
    issues.push(...parsed.issues.map((i) => ({ ...i, path: ["content", ...i.path] })));
  }
  if (!parsed.ok || issues.length > 0) return { ok: false, issues };

  const content = parsed.value;
  const list = (key: string): string[] =>
    Array.isArray(content[key]) ? (content[key] as string[]) : [];
  const outcome = input.outcome === undefined ? "" : input.outcome.success ? "success" : "failure";
  const use_when = list("use_when");
  const draft = {
    id: input.id,
    type: input.type,
    signature: unitSignature(content),
    content,
    source_task_id: input.task.id,
    source_task_query: input.task.text,
    task_outcome: outcome,
    source_refs: refs,
    extraction_model: input.extraction_model,
    confidence: initialConfidence(input.type, content),
    created_at: isoUtc(input.clock.now()),
    storage_tokens: storageTokens(contentText({ type: input.type, content, use_when })),
    applicable_task_types: [...new Set(list("task_type_tags"))],
    use_when,
    avoid_when: list("avoid_when"),
    is_negative_example: input.type === "insight" ||
      (input.type === "trajectory" && outcome === "failure"),
  };
  const unit = MemoryUnitSchema.safeParse(draft);
  if (!unit.success) return { ok: false, issues: fromZodIssues(unit.error.issues) };
  return { ok: true, unit: unit.data };
}
