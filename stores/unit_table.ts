/**
 * The in-memory unit table every store is built on: units in store order (embeddings stripped),
 * their `contentText`, a signature index for exact dedup, and the flat vector index, persisted
 * through one {@linkcode RecordLog}. Writes go to the log first and to memory second, so a failed
 * write leaves memory as it was.
 *
 * @module
 */
import { ENCODE_TYPES } from "../core/space.ts";
import { contentText, type MemoryUnit, MemoryUnitSchema } from "../core/unit.ts";
import { RecordLog } from "./record_log.ts";
import type { UnitFilter } from "./store_port.ts";
import { scopePredicate } from "../core/unit_scope.ts";
import { validateFilter } from "./unit_filter.ts";
import { FlatVectorIndex } from "./vector_index.ts";

const TYPE_CODE = new Map<string, number>(ENCODE_TYPES.map((t, i) => [t, i]));
const OUTCOME_CODE = new Map<string, number>([["", 0], ["success", 1], ["failure", 2]]);

/** A stored unit. The object is stable per id, so indexes may hold it as their payload. */
export interface Slot {
  /** The unit with `embedding: null`; the vector lives in the flat index. */
  unit: MemoryUnit;
  /** `contentText(unit)`, cached because every text index and the stale-embedding rule use it. */
  text: string;
}

/** One upsert: `vector` undefined keeps the current vector, null removes it. */
export interface TablePut {
  unit: MemoryUnit;
  vector?: Float32Array | null;
}

/** What an upsert changed, for secondary indexes. */
export interface TableChange {
  slot: Slot;
  /** The previous unit and text, absent for a new id. */
  previous?: { unit: MemoryUnit; text: string };
}

/** Options of {@linkcode UnitTable.open}. */
export interface UnitTableOptions {
  dir: string;
  dim: number;
  /** Log length that triggers an automatic snapshot (default 1000, or the live count if larger). */
  checkpointAfter?: number;
}

/** Units in memory plus their durable log. */
export class UnitTable {
  /** Exact-cosine vectors of the units that have one. */
  readonly vectors: FlatVectorIndex;
  readonly #slots = new Map<string, Slot>();
  readonly #taskOrdinal = new Map<string, number>();
  readonly #bySignature = new Map<string, Set<string>>();
  readonly #log: RecordLog<MemoryUnit>;

  private constructor(log: RecordLog<MemoryUnit>, dim: number) {
    this.#log = log;
    this.vectors = new FlatVectorIndex(dim);
  }

  /** Opens the table stored in `dir` (creating it when empty). */
  static async open(options: UnitTableOptions): Promise<UnitTable> {
    const { log, records } = await RecordLog.open({
      dir: options.dir,
      name: "units",
      dim: options.dim,
      schema: MemoryUnitSchema,
      checkpointAfter: options.checkpointAfter,
    });
    const table = new UnitTable(log, options.dim);
    for (const { record, vector } of records) table.#apply({ unit: record, vector });
    return table;
  }

  /** Number of units (active or not). */
  get size(): number {
    return this.#slots.size;
  }

  /** The slot of `id`. */
  get(id: string): Slot | undefined {
    return this.#slots.get(id);
  }

  /** All slots in store order. */
  slots(): IterableIterator<Slot> {
    return this.#slots.values();
  }

  /** The vector of `id`, if it has one. */
  vectorOf(id: string): Float32Array | undefined {
    return this.vectors.get(id);
  }

  /** Units sharing `signature`, in store order. */
  bySignature(signature: string): Slot[] {
    const ids = this.#bySignature.get(signature);
    return ids ? [...ids].map((id) => this.#slots.get(id)!) : [];
  }

  /**
   * The vector-row tag of a unit: bit 0 active, bits 1-3 type, bits 4-5 outcome, bits 6-31 an
   * ordinal of its source task, so filters never leave the vector index's typed arrays.
   */
  tagOf(unit: MemoryUnit): number {
    let task = this.#taskOrdinal.get(unit.source_task_id);
    if (task === undefined) {
      this.#taskOrdinal.set(unit.source_task_id, task = this.#taskOrdinal.size);
    }
    return ((task << 6) | (OUTCOME_CODE.get(unit.task_outcome)! << 4) |
      (TYPE_CODE.get(unit.type)! << 1) | (unit.is_active ? 1 : 0)) >>> 0;
  }

  /**
   * A filter as a predicate over row tags (see {@linkcode UnitTable.tagOf}); a scope, which no
   * tag holds, is checked on the row's unit after the tag accepted it.
   */
  tagFilter(filter: UnitFilter | undefined): (tag: number, id: string) => boolean {
    const byTag = this.#tagOnly(filter);
    const scope = scopePredicate(filter?.scope);
    if (!scope) return byTag;
    return (tag, id) => byTag(tag) && scope(this.#slots.get(id)!.unit);
  }

  #tagOnly(filter: UnitFilter | undefined): (tag: number) => boolean {
    validateFilter(filter);
    const active = (filter?.activeOnly ?? true) ? 1 : 0;
    const bits = (values: readonly string[] | undefined, codes: Map<string, number>) =>
      values ? values.reduce((m, v) => m | (1 << codes.get(v)!), 0) : -1;
    const types = bits(filter?.types, TYPE_CODE);
    const outcomes = bits(filter?.outcomes, OUTCOME_CODE);
    const excluded = new Set<number>();
    for (const t of filter?.excludeTaskIds ?? []) {
      const ordinal = this.#taskOrdinal.get(t);
      if (ordinal !== undefined) excluded.add(ordinal);
    }
    if (types === -1 && outcomes === -1 && excluded.size === 0) {
      return active ? (tag) => (tag & 1) === 1 : () => true;
    }
    return (tag) =>
      (tag & active) === active && ((types >> ((tag >>> 1) & 7)) & 1) === 1 &&
      ((outcomes >> ((tag >>> 4) & 3)) & 1) === 1 &&
      (excluded.size === 0 || !excluded.has(tag >>> 6));
  }

  /** Upserts units durably (one log append), then in memory. */
  async put(puts: readonly TablePut[]): Promise<TableChange[]> {
    if (puts.length === 0) return [];
    await this.#log.append(
      puts.map((p) => ({ record: { ...p.unit, embedding: null }, vector: p.vector })),
    );
    const changes = puts.map((p) => this.#apply(p));
    if (this.#log.needsCheckpoint(this.#slots.size)) await this.checkpoint();
    return changes;
  }

  /** Physically removes units and writes a snapshot without them. */
  async purge(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const slot = this.#slots.get(id);
      if (!slot) continue;
      this.#unindexSignature(slot.unit);
      this.vectors.delete(id);
      this.#slots.delete(id);
    }
    await this.checkpoint();
  }

  /** Writes the current state as a snapshot and empties the log. */
  async checkpoint(): Promise<void> {
    const vectors = this.vectors;
    const slots = this.#slots;
    await this.#log.checkpoint(function* () {
      for (const slot of slots.values()) {
        yield { record: slot.unit, vector: vectors.get(slot.unit.id) ?? null };
      }
    }());
  }

  #apply(put: TablePut): TableChange {
    const unit = { ...put.unit, embedding: null };
    const text = contentText(unit);
    let slot = this.#slots.get(unit.id);
    let previous: TableChange["previous"];
    if (slot) {
      previous = { unit: slot.unit, text: slot.text };
      this.#unindexSignature(slot.unit);
      slot.unit = unit;
      slot.text = text;
    } else {
      slot = { unit, text };
      this.#slots.set(unit.id, slot);
    }
    let ids = this.#bySignature.get(unit.signature);
    if (!ids) this.#bySignature.set(unit.signature, ids = new Set());
    ids.add(unit.id);
    if (put.vector === null) this.vectors.delete(unit.id);
    else if (put.vector) this.vectors.set(unit.id, put.vector, this.tagOf(unit));
    else this.vectors.setTag(unit.id, this.tagOf(unit));
    return { slot, previous };
  }

  #unindexSignature(unit: MemoryUnit): void {
    const ids = this.#bySignature.get(unit.signature);
    ids?.delete(unit.id);
    if (ids?.size === 0) this.#bySignature.delete(unit.signature);
  }
}
