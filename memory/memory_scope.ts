/**
 * Scopes at the library's front door: the `user_id`, `agent_id`, `project` and `metadata` fields
 * a call of {@linkcode AutomemMemory} may carry, checked and laid over the memory's default scope
 * (`createMemory({ scope })`, or an MCP server's `--user_id`/`--agent_id`/`--project` flags).
 * A call's own field wins over the default's, field by field; metadata merges key by key.
 *
 * @module
 */
import type { TaskContext } from "../core/trajectory.ts";
import {
  isEmptyScope,
  overlayScope,
  parseScope,
  SCOPE_FIELDS,
  type UnitScope,
} from "../core/unit_scope.ts";

/** Scope fields a call may carry: on a write what the unit belongs to, on a read the filter. */
export interface ScopeFields {
  /** The user the unit belongs to (mem0's `user_id`). */
  user_id?: string;
  /** The agent the unit belongs to (mem0's `agent_id`, a Letta agent). */
  agent_id?: string;
  /** The project, workspace or run the unit belongs to. */
  project?: string;
  /** Free flat metadata (string, number, boolean values); a filter matches it key by key. */
  metadata?: Record<string, string | number | boolean>;
}

/** The scope fields of `input` (other keys ignored), checked; throws `invalid_scope`. */
export function scopeFieldsOf(input: unknown, field: string): UnitScope {
  if (input === null || typeof input !== "object") return {};
  const raw = input as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const f of [...SCOPE_FIELDS, "metadata"]) if (raw[f] !== undefined) picked[f] = raw[f];
  return parseScope(picked, field);
}

/** The effective scope of a call: the call's fields over the default. */
export function callScope(base: UnitScope | undefined, input: unknown, field: string): UnitScope {
  return overlayScope(base, scopeFieldsOf(input, field));
}

/** `task` with its effective scope (the task's own over the default); unchanged when none. */
export function scopedTask(task: TaskContext, base: UnitScope | undefined): TaskContext {
  if (task === null || typeof task !== "object") return task;
  const scope = overlayScope(base, parseScope(task.scope ?? {}, "task.scope"));
  return isEmptyScope(scope) ? task : { ...task, scope };
}
