/**
 * The `llm_graph` store: the graph store whose entities and facts come from a model. With a
 * model, each added unit costs one extraction call (entities and facts together, a zod-checked
 * JSON reply, prompt in `prompts/llm_graph_extract.md`). Without one, or for units reconciled or
 * imported, extraction is deterministic: rule-based entities, noun phrases, and `CO_OCCURS`
 * facts between entities named in the same sentence.
 *
 * A model's entities are de-duplicated by the cosine of their name embeddings (≥ 0.9 → same
 * entity, the new name becomes an alias), using the injected embedder, never a second model.
 * Name vectors are computed on first need and persist in their own record log
 * (`entities.jsonl`). A unit whose extraction fails (model error, malformed reply) falls back to
 * deterministic extraction and is listed in `lastIngestErrors()`; it never aborts the batch
 * (docs/design.md#fix-llm-graph).
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { Plan } from "../core/compiler.ts";
import { systemClock } from "../core/clock.ts";
import { type ChatModel, type Clock, type Embedder, ModelError } from "../core/ports.ts";
import {
  type EntityCandidate,
  entityNodeId,
  normalizeEntityName,
  offlineExtraction,
} from "./entities.ts";
import { GraphStore } from "./graph_store.ts";
import { extractWithModel, type IngestError } from "./llm_graph_extract.ts";
import type { Extraction, Resolution } from "./graph_link.ts";
import { RecordLog } from "./record_log.ts";
import { type StoreConfig, storeConfigOf, type StoreDeps } from "./store_config.ts";
import type { GraphIndex } from "./graph_index.ts";
import type { EntityNode } from "./store_port.ts";
import type { Slot, UnitTable } from "./unit_table.ts";
import { compareRanked } from "./top_k.ts";
import { FlatVectorIndex } from "./vector_index.ts";

/** Cosine of name embeddings at or above which two entities are the same. */
export const ENTITY_DEDUP_THRESHOLD = 0.9;

const EntityVectorSchema = z.object({ id: z.string() });

/** Ports of {@linkcode createLlmGraphStore}; the clock defaults to the wall clock. */
export interface LlmGraphDeps {
  embedder: Embedder;
  model?: ChatModel;
  clock?: Clock;
}

/** Opens the llm_graph store of a plan. */
export function createLlmGraphStore(
  plan: Pick<Plan, "store">,
  deps: LlmGraphDeps,
): Promise<LlmGraphStore> {
  return LlmGraphStore.open(storeConfigOf(plan), { ...deps, clock: deps.clock ?? systemClock });
}

/** The `llm_graph` store. */
export class LlmGraphStore extends GraphStore {
  readonly #model?: ChatModel;
  readonly #names: FlatVectorIndex;
  readonly #nameLog: RecordLog<{ id: string }>;
  /** Name vectors computed during resolution, persisted once their entities are committed. */
  #pending = new Map<string, Float32Array>();
  #errors: IngestError[] = [];

  private constructor(
    table: UnitTable,
    index: GraphIndex,
    names: { log: RecordLog<{ id: string }>; index: FlatVectorIndex },
    config: StoreConfig,
    deps: StoreDeps,
  ) {
    super(table, index, config, deps, "llm_graph");
    this.#model = deps.model;
    this.#names = names.index;
    this.#nameLog = names.log;
  }

  /** Opens (or creates) an llm_graph store in `config.dir`. */
  static override async open(config: StoreConfig, deps: StoreDeps): Promise<LlmGraphStore> {
    const [table, index] = await GraphStore.openParts(config);
    try {
      const { log, records } = await RecordLog.open({
        dir: config.dir,
        name: "entities",
        dim: config.embedding_dim,
        schema: EntityVectorSchema,
      });
      const names = new FlatVectorIndex(config.embedding_dim);
      for (const r of records) if (r.vector) names.set(r.record.id, r.vector);
      const store = new LlmGraphStore(table, index, { log, index: names }, config, deps);
      await store.init();
      return store;
    } catch (error) {
      await index.close(); // do not leak the open database when opening fails
      throw error;
    }
  }

  /** Extraction failures of the most recent add or import, one per failed unit. */
  lastIngestErrors(): IngestError[] {
    return this.#errors.map((e) => ({ ...e }));
  }

  protected override async extract(
    slots: readonly Slot[],
    offline: boolean,
  ): Promise<Map<string, Extraction>> {
    this.#errors = [];
    const out = new Map<string, Extraction>();
    for (const { unit } of slots) {
      if (offline || !this.#model) {
        out.set(unit.id, offlineExtraction(unit));
        continue;
      }
      try {
        out.set(unit.id, await extractWithModel(this.#model, unit));
      } catch (error) {
        const code = error instanceof ModelError ? error.code : "error";
        this.#errors.push({ unit_id: unit.id, code, message: (error as Error).message });
        out.set(unit.id, offlineExtraction(unit));
      }
    }
    return out;
  }

  /**
   * Exact names first. A model's free-form name that matches no node exactly is compared with
   * every entity name (cosine ≥ 0.9 → that entity, the new name becoming an alias); rule-based
   * names are already canonical and only matched exactly, which keeps offline ingest linear.
   */
  protected override async resolveEntities(
    candidates: readonly EntityCandidate[],
  ): Promise<Resolution> {
    const nodes = new Map<string, EntityNode>();
    const node = (id: string) => nodes.get(id) ?? this.index.entity(id);
    const fuzzy = candidates.map((c, i) => ({ c, i, id: entityNodeId(c.type, c.name) }))
      .filter(({ c, id }) => id && c.fuzzy && !node(id));
    if (fuzzy.length > 0) await this.#embedAllNames();
    const vectors = fuzzy.length > 0 ? await this.embedder.embed(fuzzy.map((u) => u.c.name)) : [];
    const mapped = new Map<number, string>();
    const batch = new FlatVectorIndex(this.#names.dim);
    fuzzy.forEach(({ c, i, id }, j) => {
      const v = vectors[j];
      if (node(id)) return void mapped.set(i, id); // created earlier in this batch
      const best = [...this.#names.search(v, 1), ...batch.search(v, 1)]
        .sort(compareRanked)[0];
      if (best && best.score >= ENTITY_DEDUP_THRESHOLD) {
        const target = { ...node(best.id)! };
        const known = [target.name, ...target.aliases].map((n) => n.toLowerCase());
        if (!known.includes(c.name.toLowerCase())) target.aliases = [...target.aliases, c.name];
        if (!target.summary && c.summary) target.summary = c.summary;
        nodes.set(target.id, target);
        return void mapped.set(i, target.id);
      }
      nodes.set(id, newEntity(id, c));
      batch.set(id, v);
      this.#pending.set(id, v);
      mapped.set(i, id);
    });
    const ids = candidates.map((c, i) => {
      const id = mapped.get(i) ?? entityNodeId(c.type, c.name);
      if (id && !node(id)) nodes.set(id, newEntity(id, c));
      return id;
    });
    return { ids, nodes };
  }

  protected override async afterLink(): Promise<void> {
    // Persist name vectors of entities the committed batch created.
    const entries = [...this.#pending].filter(([id]) => this.index.entity(id))
      .map(([id, vector]) => ({ record: { id }, vector }));
    this.#pending = new Map();
    await this.#nameLog.append(entries);
    for (const e of entries) this.#names.set(e.record.id, e.vector);
  }

  protected override async unindex(ids: readonly string[]): Promise<void> {
    await super.unindex(ids);
    const dead = this.#names.ids().filter((id) => !this.index.entity(id));
    for (const id of dead) this.#names.delete(id);
    if (dead.length > 0) await this.#checkpointNames();
  }

  /** Name vectors are computed on first need: offline-only stores never pay for them. */
  async #embedAllNames(): Promise<void> {
    const missing = [...this.index.entityIds()].filter((id) => !this.#names.has(id)).sort();
    if (missing.length === 0) return;
    const vectors = await this.embedder.embed(missing.map((id) => this.index.entity(id)!.name));
    missing.forEach((id, i) => this.#names.set(id, vectors[i]));
    await this.#nameLog.append(missing.map((id, i) => ({ record: { id }, vector: vectors[i] })));
    if (this.#nameLog.needsCheckpoint(this.#names.size)) await this.#checkpointNames();
  }

  async #checkpointNames(): Promise<void> {
    await this.#nameLog.checkpoint(
      this.#names.ids().sort().map((id) => ({ record: { id }, vector: this.#names.get(id)! })),
    );
  }
}

function newEntity(id: string, c: EntityCandidate): EntityNode {
  return {
    id,
    type: normalizeEntityName(c.type) || "concept",
    name: c.name,
    aliases: [...new Set(c.aliases ?? [])].filter((a) => a !== c.name),
    summary: c.summary ?? "",
  };
}
