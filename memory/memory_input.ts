/**
 * What callers hand to {@linkcode AutomemMemory}'s unit calls: the lesson, patch, list and search
 * shapes, their validation, and the coded error bad input raises.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import type { Issue } from "../core/issues.ts";
import type { EncodeType } from "../core/space.ts";
import { contentText, type MemoryUnit, storageTokens, unitSignature } from "../core/unit.ts";
import { callScope, type ScopeFields } from "./memory_scope.ts";
import { parseContent } from "./unit_content.ts";

/** Bad input to a memory call; `issues` name the field and reason. */
export class MemoryInputError extends AutomemError {
  /** The argument at fault (`spec`, `lesson`, `id`, ...). */
  readonly field: string;
  /** Every problem found. */
  readonly issues: readonly Issue[];
  /** Builds the error. */
  constructor(code: string, field: string, issues: readonly Issue[]) {
    const shown = issues.slice(0, 3).map((i) => `${i.path.join(".") || field}: ${i.message}`);
    super(code, `invalid ${field}: ${shown.join("; ")}`);
    this.name = "MemoryInputError";
    this.field = field;
    this.issues = issues;
  }
}

/**
 * A unit to add by hand: a lesson's text, or typed content for any encode type, optionally with
 * the scope and metadata it belongs to (over the memory's default scope).
 */
export type LessonInput =
  | string
  | ScopeFields & {
    /** Default `tip`: the text becomes its `principle`. */
    type?: EncodeType;
    /** The lesson (for a tip), used when `content` is absent. */
    text?: string;
    /** Full content of the unit's type (validated). */
    content?: Record<string, unknown>;
    use_when?: string[];
    avoid_when?: string[];
    /** Where it came from (default `manual`); recorded as the unit's source task. */
    source?: string;
  };

/** Fields {@linkcode AutomemMemory.update} may change (scope fields and metadata replace). */
export interface UnitPatch extends ScopeFields {
  /** New content of the unit's type (validated, re-signed, re-embedded). */
  content?: Record<string, unknown>;
  /** New triggers: when the unit applies. */
  use_when?: string[];
  /** New triggers: when it does not. */
  avoid_when?: string[];
  /** New confidence in [0, 1]. */
  confidence?: number;
  /** Deactivate (kept, excluded from retrieval) or reactivate. */
  is_active?: boolean;
}

/** Which units {@linkcode AutomemMemory.list} returns; scope fields filter (exact, AND). */
export interface ListOptions extends ScopeFields {
  /** Only units of these types (default all). */
  types?: readonly EncodeType[];
  /** Default true. */
  activeOnly?: boolean;
  /** At most this many, in store order. */
  limit?: number;
}

/** Options of {@linkcode AutomemMemory.search}; scope fields filter (exact, AND) before top-k. */
export interface SearchOptions extends ScopeFields {
  /** How many units (default 5). */
  k?: number;
  /** Units learnt from these tasks are never returned. */
  excludeTaskIds?: readonly string[];
}

/** A coded input error naming `field`. */
export function invalid(
  field: string,
  message: string,
  code = "invalid_argument",
): MemoryInputError {
  return new MemoryInputError(code, field, [{ code, path: [field], message }]);
}

/** `old` with a validated patch applied (content re-signed, embedding dropped when stale). */
export function patchUnit(old: MemoryUnit, patch: UnitPatch): MemoryUnit {
  if (patch === null || typeof patch !== "object") throw invalid("patch", "must be an object");
  const next: MemoryUnit = { ...old };
  if (patch.content !== undefined) {
    const parsed = parseContent(old.type, patch.content);
    if (!parsed.ok) throw new MemoryInputError("invalid_unit", "content", parsed.issues);
    next.content = parsed.value;
    next.signature = unitSignature(parsed.value);
  }
  if (patch.use_when !== undefined) next.use_when = [...patch.use_when];
  if (patch.avoid_when !== undefined) next.avoid_when = [...patch.avoid_when];
  if (patch.confidence !== undefined) {
    if (!(patch.confidence >= 0 && patch.confidence <= 1)) {
      throw invalid("confidence", `must be in [0, 1], got ${patch.confidence}`);
    }
    next.confidence = patch.confidence;
  }
  if (patch.is_active !== undefined) next.is_active = patch.is_active;
  Object.assign(next, callScope(undefined, patch, "patch"));
  if (patch.content !== undefined || patch.use_when !== undefined) {
    next.storage_tokens = storageTokens(contentText(next));
    next.embedding = null;
  }
  return next;
}
