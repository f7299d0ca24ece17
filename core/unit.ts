/**
 * The memory unit: one envelope schema for all encode types, with provenance. Content schemas per
 * type live in `unit_content.ts`. Units are persisted in snake_case, the reference's field names.
 *
 * Differences from the reference (docs/design.md#fixes): content is validated per type and
 * empty content is rejected (docs/design.md#fix-content-validation); timestamps are UTC ISO strings
 * with `Z` (docs/design.md#fix-utc); every unit carries `source_refs`, the ids of the items it was
 * derived from.
 *
 * @module
 */
import { z } from "./zod.ts";
import { canonicalJson, sha256Hex } from "./canonical_json.ts";
import { ENCODE_TYPES, type EncodeType } from "./space.ts";
import { type UnitScope, unitScopeShape } from "./unit_scope.ts";

/** Relation types a unit may hold towards another unit. */
export const RELATION_TYPES = [
  "similar",
  "depends",
  "conflicts",
  "supersedes",
  "cooccurs",
  "reinforces",
  "about",
  "mentions",
  "supports",
  "contradicts",
  "sequence",
  "generalizes",
] as const;

/** One relation type. */
export type RelationType = typeof RELATION_TYPES[number];

/** A typed link from one unit to another. */
export const RelationSchema = z.object({
  target_id: z.string().min(1),
  relation_type: z.enum(RELATION_TYPES),
  weight: z.number().default(1),
  annotation: z.string().default(""),
});

/**
 * One relation: a typed, weighted link to another unit (kept equal to
 * {@linkcode RelationSchema}'s type by a type test).
 */
export interface Relation {
  /** Id of the unit linked to. */
  target_id: string;
  /** What the link means. */
  relation_type: RelationType;
  /** Strength of the link (1 unless an op set it). */
  weight: number;
  /** Free note on why the link exists (`""` when none). */
  annotation: string;
}

/** The unit envelope (docs/design.md#unit-envelope plus provenance). */
export const MemoryUnitSchema = z.object({
  id: z.string().min(1),
  type: z.enum(ENCODE_TYPES),
  signature: z.string().regex(/^[0-9a-f]{16}$/),
  content: z.record(z.string(), z.unknown()),
  source_task_id: z.string(),
  source_task_query: z.string().default(""),
  /** `""` for units synthesised by management ops. */
  task_outcome: z.enum(["success", "failure", ""]),
  /** Ids of the source items (trajectory steps `step:<i>`, conversation turns `D1:3`). */
  source_refs: z.array(z.string()).default([]),
  extraction_model: z.string().default(""),
  confidence: z.number().min(0).max(1).default(1),
  usage_count: z.number().int().min(0).default(0),
  success_count: z.number().int().min(0).default(0),
  created_at: z.string(),
  last_accessed: z.string().nullable().default(null),
  access_count: z.number().int().min(0).default(0),
  decay_weight: z.number().min(0.01).max(1).default(1),
  is_active: z.boolean().default(true),
  storage_tokens: z.number().int().min(1).default(1),
  applicable_task_types: z.array(z.string()).default([]),
  use_when: z.array(z.string()).default([]),
  avoid_when: z.array(z.string()).default([]),
  is_negative_example: z.boolean().default(false),
  conflict_count: z.number().int().min(0).default(0),
  superseded_by: z.string().nullable().default(null),
  relations: z.array(RelationSchema).default([]),
  /** Unit-length embedding of `contentText`, or null when none was computed. */
  embedding: z.array(z.number()).nullable().default(null),
  /** Optional `user_id`, `agent_id`, `project` and free `metadata` (see `unit_scope.ts`). */
  ...unitScopeShape,
});

/**
 * A memory unit: content, provenance, statistics, lifecycle, triggers, relations, embedding and
 * optional scope (kept equal to {@linkcode MemoryUnitSchema}'s type by a type test; written out
 * so each field is documented and the type names no zod internals).
 */
export interface MemoryUnit extends UnitScope {
  /** Stable unit id. */
  id: string;
  /** Which encode type the content is. */
  type: EncodeType;
  /** First 16 hex of the content's SHA-256 (see {@linkcode unitSignature}), for exact dedup. */
  signature: string;
  /** The type's content fields (validated per type by the encoders). */
  content: Record<string, unknown>;
  /** Id of the task the unit was learned from. */
  source_task_id: string;
  /** That task's text (`""` when unknown). */
  source_task_query: string;
  /** How that task ended; `""` for units synthesised by management ops. */
  task_outcome: "success" | "failure" | "";
  /** Ids of the source items (trajectory steps `step:<i>`, conversation turns `D1:3`). */
  source_refs: string[];
  /** What made the unit: a model id, or e.g. `offline:rules`, `manual`. */
  extraction_model: string;
  /** Belief in the unit, in [0, 1]. */
  confidence: number;
  /** Tasks that used the unit and then succeeded or failed. */
  usage_count: number;
  /** Of those, the tasks that succeeded. */
  success_count: number;
  /** Creation time, UTC ISO with `Z`. */
  created_at: string;
  /** When a task last used the unit, or null when none has. */
  last_accessed: string | null;
  /** Tasks that used the unit. */
  access_count: number;
  /** Multiplier that time decay lowers, in [0.01, 1]. */
  decay_weight: number;
  /** False once deleted, merged or superseded (inactive units are never retrieved). */
  is_active: boolean;
  /** Estimated tokens of the unit's text. */
  storage_tokens: number;
  /** Task types the unit applies to (empty: any). */
  applicable_task_types: string[];
  /** Triggers: situations where the unit helps. */
  use_when: string[];
  /** Situations where it must not be applied. */
  avoid_when: string[];
  /** True when the unit shows what not to do. */
  is_negative_example: boolean;
  /** Times a conflict with another unit was detected. */
  conflict_count: number;
  /** Id of the unit that replaced this one, or null. */
  superseded_by: string | null;
  /** Typed links to other units. */
  relations: Relation[];
  /** Unit-length embedding of `contentText`, or null when none was computed. */
  embedding: number[] | null;
}

const PRIORITY_KEYS: Record<string, readonly string[]> = {
  tip: ["principle", "applicability", "topic", "counterfactual", "micro_example"],
  insight: [
    "root_cause_conclusion",
    "applicability",
    "failure_pattern",
    "state_mismatch_analysis",
    "divergence_point",
  ],
  trajectory: ["key_decision", "critical_observation", "tool_strategy"],
  shortcut: ["description", "precondition"],
  workflow: [],
};

const WORKFLOW_STEP_KEYS = [
  "action",
  "rationale",
  "query_formulation",
  "validation_criteria",
  "generalized_execution",
];

/**
 * The stable text that is embedded and keyword-indexed (docs/design.md#content-text): priority keys
 * first, then the remaining content in insertion order, then `use_when`. Unlike the reference,
 * triggers that are already inside the content are not appended a second time.
 */
export function contentText(unit: Pick<MemoryUnit, "type" | "content" | "use_when">): string {
  const parts: string[] = [];
  const push = (v: unknown) => {
    if (typeof v === "string") {
      if (v.trim()) parts.push(v.trim());
    } else if (Array.isArray(v)) {
      for (const item of v) {
        if (typeof item === "string") push(item);
        else if (item && typeof item === "object") {
          const step = item as Record<string, unknown>;
          const keys = unit.type === "workflow" ? WORKFLOW_STEP_KEYS : Object.keys(step);
          for (const k of keys) if (typeof step[k] === "string") push(step[k]);
        }
      }
    }
  };
  const priority = PRIORITY_KEYS[unit.type] ?? [];
  for (const k of priority) push(unit.content[k]);
  for (const [k, v] of Object.entries(unit.content)) if (!priority.includes(k)) push(v);
  const inContent = new Set(
    Array.isArray(unit.content.use_when) ? unit.content.use_when as unknown[] : [],
  );
  for (const t of unit.use_when) if (!inContent.has(t)) push(t);
  return parts.join(" ");
}

/** Exact-dedup signature: first 16 hex of SHA-256 over Python-style sorted JSON of the content. */
export function unitSignature(content: Record<string, unknown>): string {
  return sha256Hex(canonicalJson(content, { ascii: false, separators: "python" })).slice(0, 16);
}

/** Estimated token cost of storing a unit's text. */
export function storageTokens(text: string): number {
  return Math.max(1, Math.floor(text.length / 4));
}

/** `success_count / usage_count`, 0 when unused. */
export function successRate(u: Pick<MemoryUnit, "usage_count" | "success_count">): number {
  return u.usage_count > 0 ? u.success_count / u.usage_count : 0;
}

/** Hours since last access (or since creation when never accessed), at time `nowMs`. */
export function hoursSinceAccess(
  u: Pick<MemoryUnit, "created_at" | "last_accessed">,
  nowMs: number,
): number {
  const t = Date.parse(u.last_accessed ?? u.created_at);
  return Number.isFinite(t) ? Math.max(0, (nowMs - t) / 3_600_000) : 0;
}

/**
 * The main ranking and pruning quality signal:
 * `confidence · (0.5 + 0.5·success_rate) · decay_weight · 1/(1 + hours_since_access/168)`.
 */
export function effectiveScore(u: MemoryUnit, nowMs: number): number {
  return u.confidence * (0.5 + 0.5 * successRate(u)) * u.decay_weight /
    (1 + hoursSinceAccess(u, nowMs) / 168);
}
