/**
 * The `graph` store: units in the shared record log, the graph in Kùzu (task, memory and entity
 * nodes; structural, derived, relation and fact edges in separate tables), exact cosine over the
 * flat vector index and BM25 keyword search. Kùzu's own HNSW index is slow to build and inexact
 * (toolchain notes), so vectors never go into the graph. Graph reads (`neighbours`,
 * `neighbourhood`, `listEdges`) are answered from the in-memory mirror of `GraphIndex`, updated
 * after every committed write, so a retriever may expand node by node without a query per node.
 *
 * `add()` links each new unit to its task (HAS_MEMORY) and to rule-based entities (HAS_ENTITY)
 * and turns its `relations` into edges. `update()` never touches edges: reindexed SIMILAR and
 * COOCCURS edges survive any number of updates of their endpoints (docs/design.md#fix-graph-edges).
 * Units and graph are reconciled on open, so a crash between the two writes heals itself.
 *
 * @module
 */
import { isoUtc } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import type { StoreKind } from "../core/space.ts";
import { BaseStore } from "./base_store.ts";
import {
  type EntityCandidate,
  entityNodeId,
  heuristicEntities,
  normalizeEntityName,
} from "./entities.ts";
import { GraphIndex } from "./graph_index.ts";
import { join } from "node:path";
import {
  buildLinkBatch,
  dedupeEdges,
  type Extraction,
  memoryId,
  type Resolution,
  snapshotEntities,
} from "./graph_link.ts";
import { SlotKeywords } from "./slot_keywords.ts";
import { baseOptionsOf, type StoreConfig, type StoreDeps, tableOptionsOf } from "./store_config.ts";
import type {
  EntityNode,
  EntityRef,
  GraphOps,
  ScoredId,
  StoreSnapshot,
  UnitFilter,
} from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { type Slot, type TableChange, UnitTable } from "./unit_table.ts";

/**
 * Written by `automem store repair` after moving a damaged graph aside: the next open rebuilds
 * the graph from the units instead of refusing the missing database.
 */
export const GRAPH_REBUILD_MARKER = "graph.rebuild";

/** The `graph` store (and the base of `llm_graph`). */
export class GraphStore extends BaseStore {
  override readonly graph: GraphOps;
  /** The Kùzu graph and its mirrors. */
  protected readonly index: GraphIndex;
  /** Timestamps of new task and entity nodes. */
  protected readonly clock: Clock;
  readonly #keywords = new SlotKeywords();

  /** Wraps an opened table and graph. */
  protected constructor(
    table: UnitTable,
    index: GraphIndex,
    config: StoreConfig,
    deps: StoreDeps,
    kind: StoreKind,
  ) {
    super(table, baseOptionsOf(kind, config, deps));
    this.index = index;
    this.clock = deps.clock;
    this.graph = {
      neighbours: (node, types) => index.neighbours(node, types),
      neighbourhood: (seeds, hops, types) => index.neighbourhood(seeds, hops, types),
      listEdges: (types) => index.listEdges(types),
      derivedEdgeCount: () => Promise.resolve(index.derivedEdgeCount()),
      upsertEdges: (edges) => this.exclusive(async () => void await index.upsertEdges(edges)),
      removeEdges: (keys) => this.exclusive(() => index.removeEdges(keys)),
      linkEntities: (unitId, entities) =>
        this.exclusive(() => this.#linkEntities(unitId, entities)),
    };
  }

  /** Opens the unit table and the Kùzu graph of a store directory. */
  protected static async openParts(config: StoreConfig): Promise<[UnitTable, GraphIndex]> {
    const table = await UnitTable.open(tableOptionsOf(config));
    // Units without their graph: the edges are lost unless `store repair` asked for a rebuild.
    const rebuild = join(config.dir, GRAPH_REBUILD_MARKER);
    const rebuilding = await Deno.lstat(rebuild).then(() => true, () => false);
    const index = await GraphIndex.open(config.dir, { mustExist: table.size > 0 && !rebuilding });
    if (rebuilding) await Deno.remove(rebuild);
    return [table, index];
  }

  /** Opens (or creates) a graph store in `config.dir`. */
  static async open(config: StoreConfig, deps: StoreDeps): Promise<GraphStore> {
    const [table, index] = await GraphStore.openParts(config);
    const store = new GraphStore(table, index, config, deps, "graph");
    try {
      await store.init();
    } catch (error) {
      await index.close(); // do not leak the open database when reconciliation fails
      throw error;
    }
    return store;
  }

  /** Indexes text and reconciles the graph with the units (after a crash between writes). */
  protected async init(): Promise<void> {
    this.#keywords.applyAll(this.table.slots());
    const extra = [...this.index.memoryIds()].filter((m) => !this.table.get(m.slice(2)));
    await this.index.deleteMemories(extra);
    const missing = [...this.table.slots()].filter((s) => !this.index.hasNode(memoryId(s.unit.id)));
    if (missing.length > 0) await this.#link(missing, await this.extract(missing, true));
  }

  /** Entities and facts of new units; `offline` forbids model calls. Here: rules, no facts. */
  protected extract(slots: readonly Slot[], _offline: boolean): Promise<Map<string, Extraction>> {
    const out = new Map<string, Extraction>();
    for (const s of slots) out.set(s.unit.id, { entities: heuristicEntities(s.unit), facts: [] });
    return Promise.resolve(out);
  }

  /** Maps candidates to entity nodes. Here: by exact normalised name within the type. */
  protected resolveEntities(candidates: readonly EntityCandidate[]): Promise<Resolution> {
    const nodes = new Map<string, EntityNode>();
    const ids = candidates.map((c) => {
      const id = entityNodeId(c.type, c.name);
      if (id && !this.index.entity(id) && !nodes.has(id)) {
        nodes.set(id, {
          id,
          type: normalizeEntityName(c.type) || "concept",
          name: c.name,
          aliases: [...new Set(c.aliases ?? [])].filter((a) => a !== c.name),
          summary: c.summary ?? "",
        });
      }
      return id;
    });
    return Promise.resolve({ ids, nodes });
  }

  /** Called after every linking transaction committed (llm_graph persists name vectors). */
  protected afterLink(): Promise<void> {
    return Promise.resolve();
  }

  protected override async afterInsert(
    slots: readonly Slot[],
    snapshot?: StoreSnapshot,
  ): Promise<void> {
    const edges = snapshot?.edges ?? [];
    // A snapshot from a graph store carries its own entities; never re-extract those.
    const fromGraph = snapshot !== undefined &&
      (edges.length > 0 || snapshot.entities !== undefined);
    const extraction = fromGraph
      ? new Map(slots.map((s) => [s.unit.id, { entities: [], facts: [] }]))
      : await this.extract(slots, snapshot !== undefined);
    const extraNodes = fromGraph
      ? snapshotEntities({ ...snapshot, edges }, (id) => this.index.hasNode(id))
      : [];
    await this.#link(slots, extraction, extraNodes);
    if (edges.length > 0) await this.index.upsertEdges(edges, true);
  }

  async #link(
    slots: readonly Slot[],
    extraction: Map<string, Extraction>,
    extraNodes: EntityNode[] = [],
  ): Promise<void> {
    if (slots.length === 0 && extraNodes.length === 0) return;
    const candidates = slots.flatMap((s) => extraction.get(s.unit.id)?.entities ?? []);
    const resolution = await this.resolveEntities(candidates);
    for (const n of extraNodes) if (!resolution.nodes.has(n.id)) resolution.nodes.set(n.id, n);
    await this.index.link(buildLinkBatch(slots, extraction, resolution, {
      hasNode: (id) => this.index.hasNode(id),
      hasEdge: (e) => this.index.hasEdge(e),
      createdAt: isoUtc(this.clock.now()),
    }));
    await this.afterLink();
  }

  async #linkEntities(unitId: string, entities: readonly EntityRef[]): Promise<void> {
    const m = memoryId(unitId);
    if (!this.table.get(unitId) || !this.index.hasNode(m)) {
      throw new StoreError("unknown_node", ["unitId"], `no memory node for unit '${unitId}'`);
    }
    entities.forEach((e, i) => {
      if (
        !e || typeof e.type !== "string" || typeof e.name !== "string" ||
        !entityNodeId(e.type, e.name)
      ) {
        throw new StoreError(
          "invalid_argument",
          ["entities", i],
          "needs a type and a name with letters or digits",
        );
      }
    });
    const { ids, nodes } = await this.resolveEntities(entities);
    const edges = ids.map((id) => ({ source: m, target: id, type: "HAS_ENTITY", weight: 1 }));
    await this.index.link(
      dedupeEdges({
        memories: [],
        entities: [...nodes.values()],
        edges,
        createdAt: isoUtc(this.clock.now()),
      }),
    );
    await this.afterLink();
  }

  protected async indexChanges(changes: readonly TableChange[]): Promise<void> {
    this.#keywords.apply(changes);
    const retyped = changes.filter((c) => c.previous && c.previous.unit.type !== c.slot.unit.type);
    await this.index.setMemoryTypes(
      retyped.map((c) => ({ id: memoryId(c.slot.unit.id), unit_type: c.slot.unit.type })),
    );
  }

  protected async unindex(ids: readonly string[]): Promise<void> {
    this.#keywords.remove(ids);
    await this.index.deleteMemories(ids.map(memoryId));
  }

  protected searchText(query: string, k: number, filter: UnitFilter | undefined): ScoredId[] {
    return this.#keywords.search(query, k, filter);
  }

  protected override async exportGraph(): Promise<Pick<StoreSnapshot, "edges" | "entities">> {
    return { edges: await this.index.listEdges(), entities: this.index.entities() };
  }

  protected override closeResources(): Promise<void> {
    return this.index.close();
  }
}
