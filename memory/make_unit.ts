/**
 * {@linkcode makeUnit}: the one place a validated content object becomes a
 * {@linkcode MemoryUnit} (signature, tokens, triggers, tags, negativity, initial confidence and
 * provenance), and the reference's initial-confidence heuristic
 * (docs/design.md#initial-confidence).
 *
 * @module
 */
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
import { parseContent } from "./unit_content.ts";

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
 * Initial confidence (docs/design.md#initial-confidence): a self-reported quality in [0, 1] or
 * 0.65, scaled by how many signal fields are filled, adjusted by step count for trajectories and
 * workflows, and clamped to [0.05, 1].
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
