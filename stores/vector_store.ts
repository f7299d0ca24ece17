/**
 * The `vector` store. Orama holds the unit metadata and answers filtered listings; vectors live
 * beside it in the flat `Float32Array` index: the flat scan is exact and 2.5x faster than
 * Orama's vector search at 100k x 384 (docs/benchmarks.md; the toolchain notes measured 3-6x),
 * and keeping vectors out of Orama also sidesteps its 3.1.18 vector-nulling bug and halves
 * memory. Filters run inside the scan, so k results come back whenever k matching
 * units have embeddings. Keyword search is the shared BM25 fallback.
 *
 * @module
 */
import { OramaIndex } from "./orama_adapter.ts";
import { OramaStore } from "./orama_store.ts";
import { SlotKeywords } from "./slot_keywords.ts";
import { baseOptionsOf, type StoreConfig, type StoreDeps, tableOptionsOf } from "./store_config.ts";
import type { ScoredId, UnitFilter } from "./store_port.ts";
import { type TableChange, UnitTable } from "./unit_table.ts";

/** The `vector` store. */
export class VectorStore extends OramaStore {
  readonly #keywords = new SlotKeywords();

  private constructor(
    table: UnitTable,
    config: StoreConfig,
    deps: StoreDeps,
    orama: OramaIndex,
  ) {
    super(table, baseOptionsOf("vector", config, deps), orama);
  }

  /** Opens (or creates) a vector store in `config.dir`. */
  static async open(config: StoreConfig, deps: StoreDeps): Promise<VectorStore> {
    const table = await UnitTable.open(tableOptionsOf(config));
    const orama = await OramaIndex.create({ text: false });
    const store = new VectorStore(table, config, deps, orama);
    await store.indexAll();
    store.#keywords.applyAll(table.slots());
    return store;
  }

  protected async indexChanges(changes: readonly TableChange[]): Promise<void> {
    this.#keywords.apply(changes);
    await this.indexOrama(changes);
  }

  protected async unindex(ids: readonly string[]): Promise<void> {
    this.#keywords.remove(ids);
    await this.orama.remove(ids);
  }

  protected searchText(query: string, k: number, filter: UnitFilter | undefined): ScoredId[] {
    return this.#keywords.search(query, k, filter);
  }
}
