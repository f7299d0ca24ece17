/**
 * BM25 over the units of a table, kept in step with its upserts: the text search of the `json`,
 * `vector` and graph stores.
 *
 * @module
 */
import { KeywordIndex } from "./keyword_index.ts";
import type { ScoredId, UnitFilter } from "./store_port.ts";
import { compileFilter } from "./unit_filter.ts";
import type { Slot, TableChange } from "./unit_table.ts";

/** A keyword index whose documents are table slots. */
export class SlotKeywords {
  readonly #index = new KeywordIndex<Slot>();

  /** Indexes every slot of a freshly opened table. */
  applyAll(slots: Iterable<Slot>): void {
    for (const slot of slots) this.#index.set(slot.unit.id, slot.text, slot);
  }

  /** Re-indexes slots whose text changed (new slots included). */
  apply(changes: readonly TableChange[]): void {
    for (const { slot, previous } of changes) {
      if (!previous || previous.text !== slot.text) this.#index.set(slot.unit.id, slot.text, slot);
    }
  }

  /** Drops purged units. */
  remove(ids: readonly string[]): void {
    for (const id of ids) this.#index.delete(id);
  }

  /** BM25 top-k among units matching `filter`. */
  search(query: string, k: number, filter: UnitFilter | undefined): ScoredId[] {
    const accept = compileFilter(filter);
    return this.#index.search(query, k, (slot) => accept(slot.unit));
  }
}
