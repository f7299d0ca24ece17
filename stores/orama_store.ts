/**
 * The part the `vector` and `hybrid` stores share: unit metadata (type, outcome, active flag,
 * source task) mirrored into an Orama index, which answers `list` and `count` filters, while
 * vectors stay in the flat index for exact cosine (Orama's own vector search measured 2.5x the
 * flat scan at 100k x 384 in docs/benchmarks.md, 3-6x in the toolchain notes).
 *
 * @module
 */
import { scopeTokens } from "../core/unit_scope.ts";
import { BaseStore, type BaseStoreOptions } from "./base_store.ts";
import type { OramaDoc, OramaIndex } from "./orama_adapter.ts";
import type { UnitFilter } from "./store_port.ts";
import type { Slot, TableChange, UnitTable } from "./unit_table.ts";

function docOf(slot: Pick<Slot, "unit" | "text">, withText: boolean): OramaDoc {
  const u = slot.unit;
  return {
    id: u.id,
    type: u.type,
    outcome: u.task_outcome,
    active: u.is_active,
    task: u.source_task_id,
    scope: scopeTokens(u),
    text: withText ? slot.text : undefined,
  };
}

function sameDoc(a: OramaDoc, b: OramaDoc): boolean {
  return (Object.keys(a) as (keyof OramaDoc)[]).every((key) =>
    key === "scope" ? a.scope?.join("\n") === b.scope?.join("\n") : a[key] === b[key]
  );
}

/** A store whose metadata filters run in Orama. */
export abstract class OramaStore extends BaseStore {
  /** The Orama index (text included when the subclass asked for it). */
  protected readonly orama: OramaIndex;
  readonly #withText: boolean;

  /** Wraps a table and the (empty) Orama index made for it by {@linkcode OramaIndex.create}. */
  protected constructor(table: UnitTable, options: BaseStoreOptions, orama: OramaIndex) {
    super(table, options);
    this.#withText = orama.indexesText;
    this.orama = orama;
  }

  /** Indexes every unit of the table (after open). */
  protected async indexAll(): Promise<void> {
    await this.orama.upsert([...this.table.slots()].map((s) => docOf(s, this.#withText)));
  }

  /** Re-indexes units whose metadata (or text, when indexed) changed. */
  protected async indexOrama(changes: readonly TableChange[]): Promise<void> {
    const docs: OramaDoc[] = [];
    for (const { slot, previous } of changes) {
      const doc = docOf(slot, this.#withText);
      if (!previous || !sameDoc(doc, docOf(previous, this.#withText))) docs.push(doc);
    }
    await this.orama.upsert(docs);
  }

  protected override async selectSlots(filter: UnitFilter | undefined): Promise<Slot[]> {
    const ids = await this.orama.matchingIds(filter);
    const out: Slot[] = [];
    if (ids.size === 0) return out;
    for (const slot of this.table.slots()) if (ids.has(slot.unit.id)) out.push(slot);
    return out;
  }
}
