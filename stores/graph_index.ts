/**
 * The graph half of the graph stores: a Kùzu database plus in-memory mirrors of its node ids,
 * entity attributes and edges. Kùzu is the durable store and is only written (and read once, on
 * open, to load the mirrors); every read — neighbours, neighbourhoods, listings, counts — is
 * answered from the mirrors in microseconds, which is what lets the graph retriever expand a
 * frontier node by node. Each mirror changes only after its Kùzu transaction committed, so a
 * failed write leaves both as they were, and a reopen rebuilds exactly what was committed.
 *
 * @module
 */
import { pathExists } from "../core/read_if_exists.ts";
import { join } from "node:path";
import { KuzuGraph } from "./kuzu_adapter.ts";
import { EdgeMirror, planEdges, planRemovals, writeEdges, writeRemovals } from "./graph_edges.ts";
import { listEdges } from "./graph_reads.ts";
import { edgeKey, GRAPH_DDL, labelOf, tableOf } from "./graph_schema.ts";
import type { EntityNode, GraphEdge, Neighbour, Reached } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { whyReadOnly } from "./store_media.ts";

/** A memory node to create, with its task. */
export interface MemoryNode {
  id: string;
  unit_type: string;
  created_at: string;
  /** Absent for units without a source task. */
  task?: { id: string; query_text: string; task_outcome: string };
}

/** Everything one linking transaction writes. */
export interface LinkBatch {
  memories: MemoryNode[];
  /** New entities and existing ones whose attributes changed. */
  entities: EntityNode[];
  /** Edges to upsert (HAS_ENTITY, relations, facts); endpoints must exist after this batch. */
  edges: GraphEdge[];
  createdAt: string;
}

/** The Kùzu database file inside a graph store's directory. */
export const GRAPH_FILE = "graph.kuzu";

/** True when every table of {@linkcode GRAPH_DDL} exists in `db`. */
async function hasEveryTable(db: KuzuGraph): Promise<boolean> {
  const names = new Set((await db.query("CALL show_tables() RETURN name")).map((r) => r.name));
  return GRAPH_DDL.every((ddl) => names.has(/TABLE IF NOT EXISTS (\w+)/.exec(ddl)?.[1]));
}

/** Kùzu graph plus mirrors. */
export class GraphIndex {
  readonly #db: KuzuGraph;
  readonly #tasks = new Set<string>();
  readonly #memories = new Set<string>();
  readonly #entities = new Map<string, EntityNode>();
  readonly #edges = new EdgeMirror();
  #closed = false;

  private constructor(db: KuzuGraph) {
    this.#db = db;
  }

  /**
   * Opens `<dir>/graph.kuzu`, creating the schema, and loads the mirrors. `readOnly` (used by
   * `automem store check`) runs the same reads without write access: nothing is created, and a
   * database whose schema a crash left unfinished counts as healthy, as opening would heal it.
   */
  static async open(
    dir: string,
    opts: { mustExist?: boolean; readOnly?: boolean } = {},
  ): Promise<GraphIndex> {
    if (!opts.readOnly) await Deno.mkdir(dir, { recursive: true });
    const path = join(dir, GRAPH_FILE);
    if (opts.mustExist && !(await pathExists(path))) {
      throw new StoreError(
        "corrupt_file",
        [GRAPH_FILE],
        `graph database ${path} is missing while the store holds units; its edges cannot be ` +
          `accounted for, so the directory was left untouched (automem store repair rebuilds it)`,
      );
    }
    let db: KuzuGraph;
    try {
      db = await KuzuGraph.open(path, { readOnly: opts.readOnly });
    } catch (error) {
      if (error instanceof StoreError && error.code === "sdk_unavailable") throw error;
      const why = (error as Error).message;
      // A healthy database on read-only media is not damaged: say so instead of inviting a repair.
      const readOnly = opts.readOnly ? null : await whyReadOnly(dir).catch(() => null);
      if (readOnly !== null) {
        throw new StoreError(
          "read_only",
          [GRAPH_FILE],
          `graph database ${path} cannot be opened for writing: ${readOnly}`,
        );
      }
      // Another process holds the database: nothing is damaged, so repair is the wrong advice.
      if (/lock/i.test(why)) {
        throw new StoreError(
          "store_busy",
          [GRAPH_FILE],
          `graph database ${path} is open in another process (${why}); stop it, or share the ` +
            `directory through createMemory or automem mcp, which take turns on it`,
        );
      }
      throw new StoreError(
        "corrupt_file",
        [GRAPH_FILE],
        `graph database ${path} cannot be opened (${why}); the directory ` +
          `was left untouched (automem store repair rebuilds it)`,
      );
    }
    try {
      const index = new GraphIndex(db);
      if (opts.readOnly) {
        if (!(await hasEveryTable(db))) return index;
      } else for (const ddl of GRAPH_DDL) await db.query(ddl);
      for (const r of await db.query("MATCH (q:Task) RETURN q.id AS id")) {
        index.#tasks.add(String(r.id));
      }
      for (const r of await db.query("MATCH (m:Memory) RETURN m.id AS id")) {
        index.#memories.add(String(r.id));
      }
      const entities = await db.query(
        "MATCH (e:Entity) RETURN e.id AS id, e.entity_type AS type, e.name AS name, e.aliases AS aliases, e.summary AS summary",
      );
      for (const r of entities) {
        index.#entities.set(String(r.id), {
          id: String(r.id),
          type: String(r.type),
          name: String(r.name ?? ""),
          aliases: JSON.parse(String(r.aliases ?? "[]")),
          summary: String(r.summary ?? ""),
        });
      }
      for (const e of await listEdges(db)) index.#edges.put(tableOf(e, []), e);
      return index;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  /** Ids of memory nodes. */
  memoryIds(): ReadonlySet<string> {
    return this.#memories;
  }

  /** Whether a node exists. */
  hasNode(id: string): boolean {
    const label = labelOf(id);
    if (label === "Memory") return this.#memories.has(id);
    if (label === "Task") return this.#tasks.has(id);
    return this.#entities.has(id);
  }

  /** An entity's attributes. */
  entity(id: string): EntityNode | undefined {
    const e = this.#entities.get(id);
    return e && { ...e, aliases: [...e.aliases] };
  }

  /** Ids of every entity node. */
  entityIds(): IterableIterator<string> {
    return this.#entities.keys();
  }

  /** Every entity, sorted by id. */
  entities(): EntityNode[] {
    return [...this.#entities.keys()].sort().map((id) => this.entity(id)!);
  }

  /** Count of non-structural edges. */
  derivedEdgeCount(): number {
    return this.#edges.derivedCount();
  }

  /** Creates memory, task and entity nodes and upserts edges, in one transaction. */
  async link(batch: LinkBatch): Promise<void> {
    const tasks = new Map<string, NonNullable<MemoryNode["task"]>>();
    for (const m of batch.memories) {
      if (m.task && !this.#tasks.has(m.task.id)) tasks.set(m.task.id, m.task);
    }
    const newEntities = batch.entities.filter((e) => !this.#entities.has(e.id));
    const changedEntities = batch.entities.filter((e) => this.#entities.has(e.id));
    const hasMemory: GraphEdge[] = batch.memories.filter((m) => m.task)
      .map((m) => ({ source: m.task!.id, target: m.id, type: "HAS_MEMORY", weight: 1 }));
    const added = new Set([
      ...batch.memories.map((m) => m.id),
      ...batch.entities.map((e) => e.id),
      ...tasks.keys(),
    ]);
    const known = (id: string) => this.hasNode(id) || added.has(id);
    const edges = planEdges(this.#edges, [...hasMemory, ...batch.edges], known, false);
    await this.#db.transaction(async (tx) => {
      await tx.append(
        "Task",
        [...tasks.values()].map((t) => [t.id, t.query_text, t.task_outcome, batch.createdAt]),
      );
      await tx.append(
        "Entity",
        newEntities.map((
          e,
        ) => [e.id, e.type, e.name, JSON.stringify(e.aliases), e.summary, batch.createdAt]),
      );
      if (changedEntities.length > 0) {
        await tx.query(
          "UNWIND $rows AS r MATCH (e:Entity {id: r.id}) SET e.name = r.name, e.aliases = r.aliases, e.summary = r.summary",
          {
            rows: changedEntities.map(entityRow),
          },
        );
      }
      await tx.append("Memory", batch.memories.map((m) => [m.id, m.unit_type, m.created_at]));
      await writeEdges(tx, edges);
    });
    for (const t of tasks.keys()) this.#tasks.add(t);
    for (const m of batch.memories) this.#memories.add(m.id);
    for (const e of batch.entities) this.#entities.set(e.id, { ...e, aliases: [...e.aliases] });
    this.#edges.apply(edges);
  }

  /** Upserts edges keyed by (source, target, type); `skipMissing` drops edges to absent nodes. */
  async upsertEdges(edges: readonly GraphEdge[], skipMissing = false): Promise<number> {
    const plan = planEdges(this.#edges, edges, (id) => this.hasNode(id), skipMissing);
    if (plan.inserts.size + plan.updates.size === 0) return 0;
    await this.#db.transaction((tx) => writeEdges(tx, plan));
    this.#edges.apply(plan);
    return plan.inserts.size + plan.updates.size;
  }

  /** Removes edges by key; returns how many existed. */
  async removeEdges(
    keys: readonly Pick<GraphEdge, "source" | "target" | "type">[],
  ): Promise<number> {
    const plan = planRemovals(this.#edges, keys);
    if (plan.size === 0) return 0;
    await this.#db.transaction((tx) => writeRemovals(tx, plan));
    for (const key of plan.keys()) this.#edges.delete(key);
    return plan.size;
  }

  /** Edges (of the given types, or all), sorted by source, target, type. */
  listEdges(types?: readonly string[]): Promise<GraphEdge[]> {
    return this.#read(() => this.#edges.list(types));
  }

  /** Neighbours of `node` over the given edge types, sorted by node id (then type, direction). */
  neighbours(node: string, types?: readonly string[]): Promise<Neighbour[]> {
    return this.#read(() => this.#edges.neighbours(node, types));
  }

  /** Nodes within `maxHops` of `seeds` in either direction, sorted by hops then id. */
  neighbourhood(
    seeds: readonly string[],
    maxHops: number,
    types?: readonly string[],
  ): Promise<Reached[]> {
    return this.#read(() => this.#edges.reach(seeds, maxHops, types));
  }

  /** Whether an edge with this key exists. */
  hasEdge(e: Pick<GraphEdge, "source" | "target" | "type">): boolean {
    return this.#edges.has(edgeKey(e));
  }

  /** Updates the mirrored unit type of memory nodes. */
  async setMemoryTypes(rows: readonly { id: string; unit_type: string }[]): Promise<void> {
    const present = rows.filter((r) => this.#memories.has(r.id));
    if (present.length === 0) return;
    await this.#db.query(
      "UNWIND $rows AS r MATCH (m:Memory {id: r.id}) SET m.unit_type = r.unit_type",
      {
        rows: present.map((r) => ({ id: r.id, unit_type: r.unit_type })),
      },
    );
  }

  /** Deletes memory nodes with their edges, then tasks and entities left without memories. */
  async deleteMemories(ids: readonly string[]): Promise<void> {
    const present = ids.filter((id) => this.#memories.has(id));
    if (present.length === 0) return;
    const orphans = await this.#db.transaction(async ({ query: q }) => {
      await q("UNWIND $ids AS id MATCH (m:Memory {id: id}) DETACH DELETE m", { ids: present });
      const tasks = await q(
        "MATCH (t:Task) WHERE NOT EXISTS { MATCH (t)-[:HAS_MEMORY]->(:Memory) } RETURN t.id AS id",
      );
      if (tasks.length > 0) {
        await q("UNWIND $ids AS id MATCH (t:Task {id: id}) DETACH DELETE t", {
          ids: tasks.map((r) => String(r.id)),
        });
      }
      const ents = await q(
        "MATCH (e:Entity) WHERE NOT EXISTS { MATCH (:Memory)-[:HAS_ENTITY]->(e) } RETURN e.id AS id",
      );
      if (ents.length > 0) {
        await q("UNWIND $ids AS id MATCH (e:Entity {id: id}) DETACH DELETE e", {
          ids: ents.map((r) => String(r.id)),
        });
      }
      return [...tasks, ...ents].map((r) => String(r.id));
    });
    // DETACH DELETE took every edge of the deleted nodes with it.
    for (const id of [...present, ...orphans]) {
      this.#memories.delete(id);
      this.#tasks.delete(id);
      this.#entities.delete(id);
      this.#edges.deleteNode(id);
    }
  }

  /** Closes the database; later reads and writes fail with a `closed` error. */
  close(): Promise<void> {
    this.#closed = true;
    return this.#db.close();
  }

  /** Answers a read from the mirrors, as a promise (a bad argument rejects it). */
  #read<T>(fn: () => T): Promise<T> {
    try {
      if (this.#closed) throw new StoreError("closed", [], "the graph database is closed");
      return Promise.resolve(fn());
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

function entityRow(e: EntityNode): Record<string, string> {
  return {
    id: e.id,
    entity_type: e.type,
    name: e.name,
    aliases: JSON.stringify(e.aliases),
    summary: e.summary,
  };
}
