/**
 * A view of a store restricted to one scope: every listing, count and search carries the scope in
 * its filter (a filter's own scope is laid over it), everything else goes to the store as is.
 * Management passes of a scoped task run over such a view, so consolidation, dedup and conflict
 * detection only ever compare units of the same user, agent and project.
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";
import { isEmptyScope, overlayScope, type UnitScope } from "../core/unit_scope.ts";
import type {
  AddResult,
  MemoryStore,
  ScoredId,
  StoreHealth,
  StoreSnapshot,
  UnitFilter,
} from "./store_port.ts";

/** `store` seen through `scope`; the store itself when the scope names nothing. */
export function scopedStore(store: MemoryStore, scope: UnitScope | undefined): MemoryStore {
  return isEmptyScope(scope) ? store : new ScopedStore(store, scope!);
}

class ScopedStore implements MemoryStore {
  readonly #store: MemoryStore;
  readonly #scope: UnitScope;

  constructor(store: MemoryStore, scope: UnitScope) {
    this.#store = store;
    this.#scope = scope;
  }

  get kind() {
    return this.#store.kind;
  }

  get graph() {
    return this.#store.graph;
  }

  #filter(filter: UnitFilter | undefined): UnitFilter {
    return { ...filter, scope: overlayScope(this.#scope, filter?.scope) };
  }

  add(units: readonly MemoryUnit[]): Promise<AddResult> {
    return this.#store.add(units);
  }
  update(units: readonly MemoryUnit[]): Promise<void> {
    return this.#store.update(units);
  }
  get(id: string): Promise<MemoryUnit | undefined> {
    return this.#store.get(id);
  }
  remove(ids: readonly string[]): Promise<number> {
    return this.#store.remove(ids);
  }
  purge(ids: readonly string[]): Promise<MemoryUnit[]> {
    return this.#store.purge(ids);
  }
  list(filter?: UnitFilter): Promise<MemoryUnit[]> {
    return this.#store.list(this.#filter(filter));
  }
  count(filter?: UnitFilter): Promise<number> {
    return this.#store.count(this.#filter(filter));
  }
  textSearch(query: string, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    return this.#store.textSearch(query, k, this.#filter(filter));
  }
  vectorSearch(vector: Float32Array, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    return this.#store.vectorSearch(vector, k, this.#filter(filter));
  }
  exportAll(): Promise<StoreSnapshot> {
    return this.#store.exportAll();
  }
  importAll(snapshot: StoreSnapshot): Promise<void> {
    return this.#store.importAll(snapshot);
  }
  health(): Promise<StoreHealth> {
    return this.#store.health();
  }
  flush(): Promise<void> {
    return this.#store.flush();
  }
  compact(): Promise<number> {
    return this.#store.compact();
  }
  close(): Promise<void> {
    return this.#store.close();
  }
}
