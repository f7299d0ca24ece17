/**
 * The `json` store: units in memory over the shared record log, BM25 keyword search and exact
 * flat cosine search. The simplest store and the reference point for the others.
 *
 * @module
 */
import { BaseStore } from "./base_store.ts";
import { SlotKeywords } from "./slot_keywords.ts";
import { baseOptionsOf, type StoreConfig, type StoreDeps, tableOptionsOf } from "./store_config.ts";
import type { ScoredId, UnitFilter } from "./store_port.ts";
import { type TableChange, UnitTable } from "./unit_table.ts";

/** The `json` store. */
export class JsonStore extends BaseStore {
  readonly #keywords = new SlotKeywords();

  private constructor(table: UnitTable, config: StoreConfig, deps: StoreDeps) {
    super(table, baseOptionsOf("json", config, deps));
  }

  /** Opens (or creates) a json store in `config.dir`. */
  static async open(config: StoreConfig, deps: StoreDeps): Promise<JsonStore> {
    const table = await UnitTable.open(tableOptionsOf(config));
    const store = new JsonStore(table, config, deps);
    store.#keywords.applyAll(table.slots());
    return store;
  }

  protected indexChanges(changes: readonly TableChange[]): void {
    this.#keywords.apply(changes);
  }

  protected unindex(ids: readonly string[]): void {
    this.#keywords.remove(ids);
  }

  protected searchText(query: string, k: number, filter: UnitFilter | undefined): ScoredId[] {
    return this.#keywords.search(query, k, filter);
  }
}
