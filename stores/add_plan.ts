/**
 * What `add()` does with a batch, decided before anything is written: exact dedup by signature
 * among active units (later units of the same batch included), reactivation of an inactive
 * unit with the same signature under its own id, and plain inserts for the rest.
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";
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
  const claimed = new Map<string, string>(); // signature -> id that holds it in this batch
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
    const sameSig = table.bySignature(unit.signature);
    const holder = claimed.get(unit.signature) ?? sameSig.find((s) => s.unit.is_active)?.unit.id;
    if (holder) {
      result.deduped.push({ id: unit.id, existingId: holder });
      continue;
    }
    const dormant = sameSig.find((s) => !s.unit.is_active);
    if (dormant) {
      puts.push(reactivate(dormant.unit, unit, vector));
      claimed.set(unit.signature, dormant.unit.id);
      result.deduped.push({ id: unit.id, existingId: dormant.unit.id });
      result.reactivated!.push(dormant.unit.id);
      continue;
    }
    insert(p);
    claimed.set(unit.signature, unit.id);
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
