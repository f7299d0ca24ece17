/**
 * The behaviour all five stores share, on top of {@linkcode UnitTable}: validation, exact dedup
 * by signature among active units (an inactive duplicate is reactivated with the new content),
 * the stale-embedding rule on update, soft delete, the one compaction policy, export/import and
 * health. Mutations run one at a time. Concrete stores plug in their text search and secondary
 * indexes through the protected hooks.
 *
 * @module
 */
import type { Embedder } from "../core/ports.ts";
import type { StoreKind } from "../core/space.ts";
import { contentText, type MemoryUnit } from "../core/unit.ts";
import type {
  AddResult,
  GraphOps,
  MemoryStore,
  ScoredId,
  StoreHealth,
  StoreSnapshot,
  UnitFilter,
} from "./store_port.ts";
import { checkTopK, StoreError } from "./store_error.ts";
import { compileFilter } from "./unit_filter.ts";
import { planAdd } from "./add_plan.ts";
import { materialize, type ParsedUnit, parseUnits, sameVector } from "./unit_input.ts";
import type { Slot, TableChange, TablePut, UnitTable } from "./unit_table.ts";

/** What every store needs besides its table. */
export interface BaseStoreOptions {
  kind: StoreKind;
  /** Re-encodes units whose text changed on `update` without a new embedding. */
  embedder: Embedder;
  /** Below this many active units the store reports a cold start. */
  coldStartThreshold: number;
}

/** A `MemoryStore` over a unit table; subclasses supply text search and extra indexes. */
export abstract class BaseStore implements MemoryStore {
  /** Store kind. */
  readonly kind: StoreKind;
  /** Graph operations (graph stores only). */
  readonly graph?: GraphOps;
  /** The unit table. */
  protected readonly table: UnitTable;
  /** The injected embedder. */
  protected readonly embedder: Embedder;
  readonly #coldStart: number;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  /** Wraps an opened table. */
  protected constructor(table: UnitTable, options: BaseStoreOptions) {
    this.table = table;
    this.kind = options.kind;
    this.embedder = options.embedder;
    this.#coldStart = options.coldStartThreshold;
  }

  /** Keeps secondary indexes in step with upserts. */
  protected abstract indexChanges(changes: readonly TableChange[]): void | Promise<void>;
  /** Drops purged units from secondary indexes. */
  protected abstract unindex(ids: readonly string[]): void | Promise<void>;
  /** The store's keyword search. */
  protected abstract searchText(
    query: string,
    k: number,
    filter: UnitFilter | undefined,
  ): ScoredId[] | Promise<ScoredId[]>;

  /** Units matching `filter` in store order (overridden by stores that index metadata). */
  protected selectSlots(filter: UnitFilter | undefined): Slot[] | Promise<Slot[]> {
    const accept = compileFilter(filter);
    const out: Slot[] = [];
    for (const slot of this.table.slots()) if (accept(slot.unit)) out.push(slot);
    return out;
  }

  /** Called after `add`/`importAll` stored brand-new units (graph stores link them). */
  protected afterInsert(_slots: readonly Slot[], _snapshot?: StoreSnapshot): Promise<void> {
    return Promise.resolve();
  }

  /** Edges for `exportAll` (graph stores). */
  protected exportGraph(): Promise<Pick<StoreSnapshot, "edges" | "entities">> {
    return Promise.resolve({ edges: [] });
  }

  /** Releases store-specific resources. */
  protected closeResources(): Promise<void> {
    return Promise.resolve();
  }

  /** Runs `fn` after every earlier mutation, refusing work once closed. */
  protected exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(() => {
      this.#assertOpen();
      return fn();
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  #assertOpen(): void {
    if (this.#closed) throw new StoreError("closed", [], `the ${this.kind} store is closed`);
  }

  /** Upserts through the table and the secondary indexes. */
  protected async commit(puts: readonly TablePut[]): Promise<TableChange[]> {
    const changes = await this.table.put(puts);
    await this.indexChanges(changes);
    return changes;
  }

  add(units: readonly MemoryUnit[]): Promise<AddResult> {
    return this.exclusive(async () => {
      const parsed = parseUnits(units, this.table.vectors.dim);
      const ids = new Set<string>();
      parsed.forEach(({ unit }, i) => {
        if (this.table.get(unit.id) || ids.has(unit.id)) {
          throw new StoreError(
            "duplicate_id",
            ["units", i, "id"],
            `unit id '${unit.id}' already exists`,
          );
        }
        ids.add(unit.id);
      });
      const { puts, inserted, result } = planAdd(this.table, parsed);
      await this.commit(puts);
      await this.afterInsert(inserted.map((id) => this.table.get(id)!));
      return result;
    });
  }

  update(units: readonly MemoryUnit[]): Promise<void> {
    return this.exclusive(async () => {
      const parsed = parseUnits(units, this.table.vectors.dim);
      parsed.forEach(({ unit }, i) => {
        if (!this.table.get(unit.id)) {
          throw new StoreError("unknown_id", ["units", i, "id"], `no unit with id '${unit.id}'`);
        }
      });
      await this.commit(await this.#applyStaleRule(parsed));
    });
  }

  /** Text changed but the embedding did not: re-encode, so vectors never describe old text. */
  async #applyStaleRule(parsed: ParsedUnit[]): Promise<TablePut[]> {
    const puts: TablePut[] = parsed.map(({ unit, vector }) => ({ unit, vector }));
    const stale: number[] = [];
    parsed.forEach(({ unit, vector }, i) => {
      const slot = this.table.get(unit.id)!;
      const changedText = contentText(unit) !== slot.text;
      if (changedText && (!vector || sameVector(vector, this.table.vectorOf(unit.id)))) {
        stale.push(i);
      }
    });
    if (stale.length > 0) {
      const fresh = await this.embedder.embed(stale.map((i) => contentText(parsed[i].unit)));
      stale.forEach((i, j) => {
        if (fresh[j]?.length !== this.table.vectors.dim) {
          throw new StoreError(
            "embedding_dim",
            ["embedder"],
            `returned a vector of the wrong size`,
          );
        }
        puts[i].vector = fresh[j];
      });
    }
    return puts;
  }

  get(id: string): Promise<MemoryUnit | undefined> {
    return settle(() => {
      this.#assertOpen();
      const slot = this.table.get(id);
      return slot && materialize(slot.unit, this.table.vectorOf(id));
    });
  }

  remove(ids: readonly string[]): Promise<number> {
    return this.exclusive(async () => {
      const puts: TablePut[] = [];
      for (const id of new Set(ids)) {
        const slot = this.table.get(id);
        if (slot?.unit.is_active) puts.push({ unit: { ...slot.unit, is_active: false } });
      }
      await this.commit(puts);
      return puts.length;
    });
  }

  purge(ids: readonly string[]): Promise<MemoryUnit[]> {
    return this.exclusive(async () => {
      const removed: MemoryUnit[] = [];
      for (const id of new Set(ids)) {
        const slot = this.table.get(id);
        if (slot) removed.push(materialize(slot.unit, this.table.vectorOf(id)));
      }
      if (removed.length === 0) return removed;
      const gone = removed.map((u) => u.id);
      await this.table.purge(gone);
      await this.unindex(gone);
      return removed;
    });
  }

  async list(filter?: UnitFilter): Promise<MemoryUnit[]> {
    this.#assertOpen();
    const slots = await this.selectSlots(filter);
    return slots.map((s) => materialize(s.unit, this.table.vectorOf(s.unit.id)));
  }

  async count(filter?: UnitFilter): Promise<number> {
    this.#assertOpen();
    return (await this.selectSlots(filter)).length;
  }

  async textSearch(query: string, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    this.#assertOpen();
    checkTopK(k);
    if (typeof query !== "string") {
      throw new StoreError("invalid_argument", ["query"], "must be a string");
    }
    return await this.searchText(query, k, filter);
  }

  vectorSearch(vector: Float32Array, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    return settle(() => {
      this.#assertOpen();
      checkTopK(k);
      return this.table.vectors.search(vector, k, this.table.tagFilter(filter));
    });
  }

  async exportAll(): Promise<StoreSnapshot> {
    this.#assertOpen();
    const units: MemoryUnit[] = [];
    for (const slot of this.table.slots()) {
      units.push(materialize(slot.unit, this.table.vectorOf(slot.unit.id)));
    }
    return { units, ...await this.exportGraph() };
  }

  importAll(snapshot: StoreSnapshot): Promise<void> {
    return this.exclusive(async () => {
      if (!snapshot || !Array.isArray(snapshot.units)) {
        throw new StoreError("invalid_argument", ["snapshot", "units"], "must be an array");
      }
      if (snapshot.edges !== undefined && !Array.isArray(snapshot.edges)) {
        throw new StoreError("invalid_argument", ["snapshot", "edges"], "must be an array");
      }
      const parsed = parseUnits(snapshot.units, this.table.vectors.dim, "snapshot.units");
      const fresh = new Set(
        parsed.filter(({ unit }) => !this.table.get(unit.id)).map((p) => p.unit.id),
      );
      await this.commit(parsed.map(({ unit, vector }) => ({ unit, vector })));
      await this.afterInsert([...fresh].map((id) => this.table.get(id)!), snapshot);
    });
  }

  async health(): Promise<StoreHealth> {
    this.#assertOpen();
    let active = 0;
    for (const slot of this.table.slots()) if (slot.unit.is_active) active++;
    return {
      kind: this.kind,
      units: this.table.size,
      active_units: active,
      cold_start: active < this.#coldStart,
      derived_edges: this.graph ? await this.graph.derivedEdgeCount() : 0,
    };
  }

  flush(): Promise<void> {
    // Every mutation appends before it resolves; waiting for the queue makes them all durable.
    return this.#queue.then(() => {});
  }

  compact(): Promise<number> {
    return this.exclusive(async () => {
      const dead: string[] = [];
      for (const slot of this.table.slots()) if (!slot.unit.is_active) dead.push(slot.unit.id);
      if (dead.length === 0) return 0;
      await this.table.purge(dead);
      await this.unindex(dead);
      return dead.length;
    });
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.exclusive(async () => {
      this.#closed = true;
      await this.closeResources();
    });
  }
}

/** Runs `fn` now, turning a synchronous throw into a rejected promise (the port is async). */
function settle<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}
