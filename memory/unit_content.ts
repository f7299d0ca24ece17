/**
 * Content schemas per encode type (docs/design.md#unit-content); `make_unit.ts` turns validated
 * content into units.
 *
 * Unlike the reference (docs/design.md#fix-content-validation), content is validated: a tip needs a
 * `principle`, an insight needs `root_cause_conclusion` and `corrective_strategy`, a trajectory at
 * least one step, a workflow at least one `agent_workflow` step, a shortcut a `name` and a
 * non-empty `action_sequence`. Empty or invalid content is rejected with typed issues and never
 * stored. Unknown keys are dropped so stored content always has the documented shape; key order
 * follows the schema, so signatures do not depend on the order a model wrote its keys in.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { fromZodIssues, type Issue } from "../core/issues.ts";
import type { EncodeType } from "../core/space.ts";

/** The 12-label failure vocabulary of insights (docs/design.md#unit-content). */
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

/** Tip content (docs/design.md#unit-content); `speaker`/`date`/`context` for conversation facts. */
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
