/**
 * Who a memory unit belongs to and what the caller tagged it with: the optional `user_id`,
 * `agent_id` and `project` of a unit, and its free `metadata` (a flat object of string, number
 * and boolean values). Many clients can share one memory this way, as mem0 and Letta users
 * expect: a filter on these fields matches exactly (every given field must be equal, metadata key
 * by key), and a unit without the field never matches a filter that names it.
 *
 * Old units have none of these fields; they stay optional so every existing store opens as
 * before and unscoped units serialise byte-for-byte as they did.
 *
 * @module
 */
import { z } from "./zod.ts";
import { AutomemError } from "./automem_error.ts";
import { fromZodIssues, type Issue } from "./issues.ts";

/** The scope fields, in the order they are shown and matched. */
export const SCOPE_FIELDS = ["user_id", "agent_id", "project"] as const;

/** One scope field name. */
export type ScopeField = typeof SCOPE_FIELDS[number];

/** Longest scope id, metadata key and metadata string value. */
export const SCOPE_LIMITS = {
  idChars: 128,
  keyChars: 64,
  valueChars: 1024,
  metadataKeys: 32,
  metadataJsonChars: 8192,
} as const;

/** A scope id: a non-empty string without control characters, at most 128 characters. */
export const ScopeIdSchema = z.string()
  .min(1, "must not be empty")
  .max(SCOPE_LIMITS.idChars, `must be at most ${SCOPE_LIMITS.idChars} characters`)
  // deno-lint-ignore no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")
  .refine((s) => s.trim() === s, "must not start or end with white space");

/** One metadata value: a string, a finite number or a boolean. */
export const MetadataValueSchema = z.union([
  z.string().max(
    SCOPE_LIMITS.valueChars,
    `strings must be at most ${SCOPE_LIMITS.valueChars} characters`,
  ),
  z.number().refine(Number.isFinite, "numbers must be finite"),
  z.boolean(),
]);

/** A metadata value (kept equal to {@linkcode MetadataValueSchema}'s type by a type test). */
export type MetadataValue = string | number | boolean;

/** Free metadata: a flat object, at most 32 keys and 8192 characters as JSON. */
export const MetadataSchema = z.record(
  z.string().min(1, "keys must not be empty").max(
    SCOPE_LIMITS.keyChars,
    `keys must be at most ${SCOPE_LIMITS.keyChars} characters`,
  ),
  MetadataValueSchema,
).refine(
  (m) => Object.keys(m).length <= SCOPE_LIMITS.metadataKeys,
  `must have at most ${SCOPE_LIMITS.metadataKeys} keys`,
).refine(
  (m) => JSON.stringify(m).length <= SCOPE_LIMITS.metadataJsonChars,
  `must be at most ${SCOPE_LIMITS.metadataJsonChars} characters as JSON`,
);

/** The scope fields of a unit, as a zod shape (spread into the unit envelope). */
export const unitScopeShape = {
  user_id: ScopeIdSchema.optional(),
  agent_id: ScopeIdSchema.optional(),
  project: ScopeIdSchema.optional(),
  metadata: MetadataSchema.optional(),
};

/** The scope and metadata a unit carries, or a filter asks for (every field optional). */
export const UnitScopeSchema = z.object(unitScopeShape).strict();

/**
 * Scope and metadata: on a unit what it belongs to, in a filter what must match exactly (kept
 * equal to {@linkcode UnitScopeSchema}'s type by a type test).
 */
export interface UnitScope {
  /** The end user the unit belongs to. */
  user_id?: string;
  /** The agent that wrote it. */
  agent_id?: string;
  /** The project it belongs to. */
  project?: string;
  /** Free metadata, matched key by key. */
  metadata?: Record<string, MetadataValue>;
}

/** Parses scope input; throws `AutomemError` `invalid_scope` naming the field and reason. */
export function parseScope(input: unknown, field = "scope"): UnitScope {
  const parsed = UnitScopeSchema.safeParse(input ?? {});
  if (parsed.success) return compactScope(parsed.data);
  throw new ScopeError(field, fromZodIssues(parsed.error.issues));
}

/** Bad scope or metadata input; `issues` name the fields. */
export class ScopeError extends AutomemError {
  /** Every problem found. */
  readonly issues: readonly Issue[];
  /** Builds the error. */
  constructor(field: string, issues: readonly Issue[]) {
    const shown = issues.slice(0, 3).map((i) => `${[field, ...i.path].join(".")}: ${i.message}`);
    super("invalid_scope", `invalid ${field}: ${shown.join("; ")}`);
    this.name = "ScopeError";
    this.issues = issues;
  }
}

/** The scope without absent fields (an empty metadata object counts as absent). */
export function compactScope(scope: UnitScope | undefined): UnitScope {
  const out: UnitScope = {};
  if (!scope) return out;
  for (const f of SCOPE_FIELDS) if (scope[f] !== undefined) out[f] = scope[f];
  if (scope.metadata && Object.keys(scope.metadata).length > 0) {
    out.metadata = { ...scope.metadata };
  }
  return out;
}

/** Whether a scope (filter) names nothing. */
export function isEmptyScope(scope: UnitScope | undefined): boolean {
  return !scope || Object.keys(compactScope(scope)).length === 0;
}

/**
 * `base` overlaid with `over`, field by field; metadata merges key by key. Used for a default
 * scope (a server's flags) under a call's own fields.
 */
export function overlayScope(base: UnitScope | undefined, over: UnitScope | undefined): UnitScope {
  const out = { ...compactScope(base), ...compactScope(over) };
  if (base?.metadata || over?.metadata) {
    out.metadata = { ...base?.metadata, ...over?.metadata };
    if (Object.keys(out.metadata).length === 0) delete out.metadata;
  }
  return out;
}

/** Whether `unit` matches `filter`: every field the filter names is equal (exact, AND). */
export function matchesScope(unit: UnitScope, filter: UnitScope | undefined): boolean {
  if (!filter) return true;
  for (const f of SCOPE_FIELDS) {
    if (filter[f] !== undefined && unit[f] !== filter[f]) return false;
  }
  if (filter.metadata) {
    const meta = unit.metadata;
    for (const [k, v] of Object.entries(filter.metadata)) {
      if (!meta || !Object.hasOwn(meta, k) || meta[k] !== v) return false;
    }
  }
  return true;
}

/** A predicate over units for `filter`, or undefined when the filter names nothing. */
export function scopePredicate(
  filter: UnitScope | undefined,
): ((unit: UnitScope) => boolean) | undefined {
  if (isEmptyScope(filter)) return undefined;
  const f = compactScope(filter);
  return (unit) => matchesScope(unit, f);
}

/**
 * The scope as tokens, one per field and metadata entry (`user_id=alice`, `meta:lang=s:en`):
 * a unit matches a filter when its tokens contain every token of the filter. Indexes that only
 * know "contains all of these values" (Orama's `enum[]`) filter by scope this way.
 */
export function scopeTokens(scope: UnitScope | undefined): string[] {
  const out: string[] = [];
  if (!scope) return out;
  for (const f of SCOPE_FIELDS) if (scope[f] !== undefined) out.push(`${f}=${scope[f]}`);
  for (const [k, v] of Object.entries(scope.metadata ?? {})) {
    out.push(`meta:${JSON.stringify(k)}=${typeof v}:${JSON.stringify(v)}`);
  }
  return out.sort();
}

/** `unit` with the given scope stamped on (fields the scope names replace the unit's). */
export function withScope<T extends UnitScope>(unit: T, scope: UnitScope | undefined): T {
  return isEmptyScope(scope) ? unit : { ...unit, ...overlayScope(unit, scope) };
}
