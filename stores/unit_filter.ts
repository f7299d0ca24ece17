/**
 * {@linkcode UnitFilter} compiled once into a predicate, so scans pay one closure call per unit.
 * Unknown type or outcome values are rejected rather than silently matching nothing.
 *
 * @module
 */
import { ENCODE_TYPES } from "../core/space.ts";
import type { MemoryUnit } from "../core/unit.ts";
import { parseScope, scopePredicate } from "../core/unit_scope.ts";
import type { UnitFilter } from "./store_port.ts";
import { StoreError } from "./store_error.ts";

const OUTCOMES = ["success", "failure", ""];

/** Checks a filter's values; throws `invalid_argument` naming the bad field. */
export function validateFilter(filter: UnitFilter | undefined): void {
  if (!filter) return;
  filter.types?.forEach((t, i) => {
    if (!(ENCODE_TYPES as readonly string[]).includes(t)) {
      throw new StoreError("invalid_argument", ["filter", "types", i], `unknown unit type '${t}'`);
    }
  });
  filter.outcomes?.forEach((o, i) => {
    if (!OUTCOMES.includes(o)) {
      throw new StoreError("invalid_argument", ["filter", "outcomes", i], `unknown outcome '${o}'`);
    }
  });
  if (filter.scope !== undefined) {
    try {
      parseScope(filter.scope, "filter.scope");
    } catch (error) {
      throw new StoreError("invalid_argument", ["filter", "scope"], (error as Error).message);
    }
  }
}

/** Whether the filter only asks for active units (the common, cheapest case). */
export function isActiveOnly(filter: UnitFilter | undefined): boolean {
  return (filter?.activeOnly ?? true) && !filter?.types && !filter?.outcomes &&
    !filter?.excludeTaskIds?.length && !scopePredicate(filter?.scope);
}

/** Compiles a validated filter into a predicate over units. */
export function compileFilter(filter: UnitFilter | undefined): (unit: MemoryUnit) => boolean {
  validateFilter(filter);
  const activeOnly = filter?.activeOnly ?? true;
  const types = filter?.types ? new Set<string>(filter.types) : undefined;
  const outcomes = filter?.outcomes ? new Set<string>(filter.outcomes) : undefined;
  const exclude = filter?.excludeTaskIds?.length ? new Set(filter.excludeTaskIds) : undefined;
  const scope = scopePredicate(filter?.scope);
  if (!types && !outcomes && !exclude && !scope) {
    return activeOnly ? (u) => u.is_active : () => true;
  }
  return (u) =>
    (!activeOnly || u.is_active) && (!types || types.has(u.type)) &&
    (!outcomes || outcomes.has(u.task_outcome)) && (!exclude || !exclude.has(u.source_task_id)) &&
    (!scope || scope(u));
}
