/**
 * What `add()` does with a batch, decided before anything is written: exact dedup by signature
 * among active units of the same scope (later units of the same batch included), reactivation of
 * an inactive unit with the same signature and scope under its own id, and plain inserts for the
 * rest. Units of different scopes never dedup into each other: one user's lesson is never
 * answered with another user's unit.
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";
import { scopeTokens } from "../core/unit_scope.ts";
import type { AddResult } from "./store_port.ts";
import type { ParsedUnit } from "./unit_input.ts";
import type { TablePut, UnitTable } from "./unit_table.ts";

/** The writes of one `add()` and what to report. */
export interface AddPlan {
  puts: TablePut[];
  /** Ids of units stored under their own id (not dedups or reactivations). */
  inserted: string[];
  result: AddResult;
}

/** Plans an `add()` of validated units whose ids are new. */
export function planAdd(table: UnitTable, parsed: readonly ParsedUnit[]): AddPlan {
  const result: AddResult = { added: [], deduped: [], reactivated: [] };
  const puts: TablePut[] = [];
  const inserted: string[] = [];
  const claimed = new Map<string, string>(); // signature + scope -> id that holds it in this batch
  const insert = (p: ParsedUnit) => {
    puts.push({ unit: p.unit, vector: p.vector });
    inserted.push(p.unit.id);
    result.added.push(p.unit.id);
  };
  for (const p of parsed) {
    const { unit, vector } = p;
    if (!unit.is_active) {
      insert(p); // dedup is among active units only
      continue;
    }
    const scope = scopeKey(unit);
    const key = `${unit.signature}\n${scope}`;
    const sameSig = table.bySignature(unit.signature).filter((s) => scopeKey(s.unit) === scope);
    const holder = claimed.get(key) ?? sameSig.find((s) => s.unit.is_active)?.unit.id;
    if (holder) {
      result.deduped.push({ id: unit.id, existingId: holder });
      continue;
    }
    const dormant = sameSig.find((s) => !s.unit.is_active);
    if (dormant) {
      puts.push(reactivate(dormant.unit, unit, vector));
      claimed.set(key, dormant.unit.id);
      result.deduped.push({ id: unit.id, existingId: dormant.unit.id });
      result.reactivated!.push(dormant.unit.id);
      continue;
    }
    insert(p);
    claimed.set(key, unit.id);
  }
  return { puts, inserted, result };
}

/** The dormant unit comes back under its own id, carrying the newcomer's content. */
export function reactivate(
  dormant: MemoryUnit,
  incoming: MemoryUnit,
  vector: Float32Array | null,
): TablePut {
  return {
    unit: {
      ...dormant,
      content: incoming.content,
      confidence: incoming.confidence,
      relations: incoming.relations,
      use_when: incoming.use_when,
      avoid_when: incoming.avoid_when,
      applicable_task_types: incoming.applicable_task_types,
      is_active: true,
      superseded_by: null,
    },
    vector: vector ?? undefined,
  };
}

/** Units dedup only within one scope (same user, agent, project and metadata). */
function scopeKey(unit: MemoryUnit): string {
  return scopeTokens(unit).join("\n");
}
