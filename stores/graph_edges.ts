/**
 * Edges of the graph stores in memory and on their way to Kùzu. {@linkcode EdgeMirror} holds
 * every edge exactly as Kùzu would read it back, with per-node adjacency, so neighbours, reach
 * and listings are answered without a query (Kùzu stays the durable store and is only written).
 * {@linkcode planEdges} splits an upsert against the mirror: a new key is bulk-copied, an existing
 * derived/relation/fact key has its weight and statistics updated, and an existing structural key
 * needs nothing. Planning validates every edge first, so a bad edge rejects the whole batch
 * before anything is written.
 *
 * @module
 */
import type { KuzuTx } from "./kuzu_adapter.ts";
import { checkEdgeTypes, checkMaxHops, compareEdges, EDGE_TABLES } from "./graph_reads.ts";
import {
  checkEdgeNumbers,
  EDGE_CYPHER,
  edgeColumns,
  edgeFromRow,
  edgeKey,
  edgeRow,
  type EdgeTable,
  labelOf,
  statsOf,
  STRUCTURAL_TYPES,
  tableOf,
} from "./graph_schema.ts";
import type { GraphEdge, Neighbour, Reached } from "./store_port.ts";
import { StoreError } from "./store_error.ts";

/** Edges to write, keyed by edge key, split by whether the key already exists. */
export interface EdgePlan {
  inserts: Map<string, [EdgeTable, GraphEdge]>;
  updates: Map<string, [EdgeTable, GraphEdge]>;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Orders neighbours by node id, then type, then direction. */
function compareNeighbours(a: Neighbour, b: Neighbour): number {
  return cmp(a.node, b.node) || cmp(a.type, b.type) || cmp(a.direction, b.direction);
}

/**
 * An edge as Kùzu stores it: weights and statistics through their text form (the adapter binds
 * numbers as strings), structural edges with weight 1 and no statistics, facts with a fact text
 * and no statistics. The mirror keeps this form so an export before and after a reopen agree.
 */
export function storedEdge(table: EdgeTable, e: GraphEdge): GraphEdge {
  return edgeFromRow(table, {
    s: e.source,
    t: e.target,
    type: e.type,
    w: Number(String(e.weight)),
    stats: table === "DERIVED" || table === "RELATION" ? statsOf(e) : undefined,
    fact: e.fact ?? "",
  });
}

function copyEdge(e: GraphEdge): GraphEdge {
  return { ...e };
}

function nodeLabel(node: string, path: (string | number)[]): void {
  if (typeof node !== "string" || !labelOf(node)) {
    throw new StoreError("invalid_argument", path, `'${node}' is not a q:, m: or e: node id`);
  }
}

/** Every edge of a graph, by key and by endpoint. */
export class EdgeMirror {
  readonly #edges = new Map<string, { table: EdgeTable; edge: GraphEdge }>();
  /** Keys of the edges incident to each node (a self-loop once). */
  readonly #adjacent = new Map<string, Set<string>>();
  #derived = 0;

  /** Number of edges. */
  get size(): number {
    return this.#edges.size;
  }

  /** Whether an edge with this key exists. */
  has(key: string): boolean {
    return this.#edges.has(key);
  }

  /** Count of non-structural edges, kept current on every write. */
  derivedCount(): number {
    return this.#derived;
  }

  /** Inserts or replaces an edge (stored in Kùzu's read-back form). */
  put(table: EdgeTable, edge: GraphEdge): void {
    const key = edgeKey(edge);
    if (!this.#edges.has(key)) {
      if (!STRUCTURAL_TYPES.has(table)) this.#derived++;
      this.#link(edge.source, key);
      this.#link(edge.target, key);
    }
    this.#edges.set(key, { table, edge: storedEdge(table, edge) });
  }

  /** Applies a plan that Kùzu committed. */
  apply(plan: EdgePlan): void {
    for (const [table, edge] of plan.inserts.values()) this.put(table, edge);
    for (const [table, edge] of plan.updates.values()) this.put(table, edge);
  }

  /** Removes an edge by key; true when it existed. */
  delete(key: string): boolean {
    const entry = this.#edges.get(key);
    if (!entry) return false;
    this.#edges.delete(key);
    if (!STRUCTURAL_TYPES.has(entry.table)) this.#derived--;
    this.#unlink(entry.edge.source, key);
    this.#unlink(entry.edge.target, key);
    return true;
  }

  /** Removes every edge incident to a node (Kùzu's `DETACH DELETE`). */
  deleteNode(node: string): void {
    for (const key of [...this.#adjacent.get(node) ?? []]) this.delete(key);
  }

  /** Edges (of the given types, or all), sorted by source, target, type; copies. */
  list(types?: readonly string[]): GraphEdge[] {
    const wanted = types ? new Set(types) : undefined;
    const out: GraphEdge[] = [];
    for (const { edge } of this.#edges.values()) {
      if (!wanted || wanted.has(edge.type)) out.push(copyEdge(edge));
    }
    return out.sort(compareEdges);
  }

  /** Neighbours of `node` over the given edge types (all when omitted), sorted. */
  neighbours(node: string, types?: readonly string[]): Neighbour[] {
    nodeLabel(node, ["node"]);
    return this.#neighbours(node, types ? new Set(types) : undefined);
  }

  /**
   * Nodes within `maxHops` of `seeds` in either direction over the given edge types, seeds
   * excluded, sorted by hops then id: one breadth-first search from all seeds at once, which
   * gives each node its least distance to any seed.
   */
  reach(seeds: readonly string[], maxHops: number, types?: readonly string[]): Reached[] {
    checkMaxHops(maxHops);
    if (types) checkEdgeTypes(types);
    seeds.forEach((s, i) => nodeLabel(s, ["seeds", i]));
    if (maxHops === 0 || types?.length === 0) return [];
    const wanted = types ? new Set(types) : undefined;
    const hops = new Map<string, number>(seeds.map((s) => [s, 0]));
    let frontier = [...new Set(seeds)];
    for (let hop = 1; hop <= maxHops && frontier.length > 0; hop++) {
      const next: string[] = [];
      for (const node of frontier) {
        for (const key of this.#adjacent.get(node) ?? []) {
          const { edge } = this.#edges.get(key)!;
          if (wanted && !wanted.has(edge.type)) continue;
          const other = edge.source === node ? edge.target : edge.source;
          if (hops.has(other)) continue;
          hops.set(other, hop);
          next.push(other);
        }
      }
      frontier = next;
    }
    const seedSet = new Set(seeds);
    return [...hops].filter(([node]) => !seedSet.has(node)).map(([node, h]) => ({ node, hops: h }))
      .sort((a, b) => a.hops - b.hops || cmp(a.node, b.node));
  }

  #neighbours(node: string, wanted: ReadonlySet<string> | undefined): Neighbour[] {
    const out: Neighbour[] = [];
    for (const key of this.#adjacent.get(node) ?? []) {
      const { edge } = this.#edges.get(key)!;
      if (wanted && !wanted.has(edge.type)) continue;
      // A self-loop is both an outgoing and an incoming edge, as Kùzu reports it.
      if (edge.source === node) {
        out.push({ node: edge.target, type: edge.type, weight: edge.weight, direction: "out" });
      }
      if (edge.target === node) {
        out.push({ node: edge.source, type: edge.type, weight: edge.weight, direction: "in" });
      }
    }
    return out.sort(compareNeighbours);
  }

  #link(node: string, key: string): void {
    let keys = this.#adjacent.get(node);
    if (!keys) this.#adjacent.set(node, keys = new Set());
    keys.add(key);
  }

  #unlink(node: string, key: string): void {
    const keys = this.#adjacent.get(node);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.#adjacent.delete(node);
  }
}

/**
 * Validates and splits `edges` against the keys that exist. An endpoint for which `known` is
 * false is an `unknown_node` error, or skips the edge when `skipMissing`. Later duplicates win.
 */
export function planEdges(
  existing: { has(key: string): boolean },
  edges: readonly GraphEdge[],
  known: (id: string) => boolean,
  skipMissing: boolean,
): EdgePlan {
  const inserts: EdgePlan["inserts"] = new Map();
  const updates: EdgePlan["updates"] = new Map();
  edges.forEach((e, i) => {
    const path = ["edges", i];
    const table = tableOf(e, path);
    checkEdgeNumbers(e, path);
    for (const end of ["source", "target"] as const) {
      if (known(e[end])) continue;
      if (skipMissing) return;
      throw new StoreError("unknown_node", [...path, end], `node '${e[end]}' does not exist`);
    }
    const key = edgeKey(e);
    if (existing.has(key)) {
      if (!STRUCTURAL_TYPES.has(table)) updates.set(key, [table, e]);
    } else inserts.set(key, [table, e]);
  });
  return { inserts, updates };
}

/** Edge keys to remove, each with its table and key fields. */
export type RemovalPlan = Map<string, [EdgeTable, Pick<GraphEdge, "source" | "target" | "type">]>;

/** Validates removal keys (`invalid_edge` naming `keys.<i>`) and keeps those that exist. */
export function planRemovals(
  existing: { has(key: string): boolean },
  keys: readonly Pick<GraphEdge, "source" | "target" | "type">[],
): RemovalPlan {
  const plan: RemovalPlan = new Map();
  keys.forEach((k, i) => {
    const table = tableOf(k, ["keys", i]);
    const key = edgeKey(k);
    if (existing.has(key)) plan.set(key, [table, k]);
  });
  return plan;
}

/** Deletes the edges of a removal plan inside a transaction, one statement per table. */
export async function writeRemovals(tx: KuzuTx, plan: RemovalPlan): Promise<void> {
  for (const table of EDGE_TABLES) {
    const rows = [...plan.values()].filter(([t]) => t === table)
      .map(([, k]) => ({ s: k.source, t: k.target, type: k.type }));
    if (rows.length > 0) await tx.query(EDGE_CYPHER[table].remove, { rows });
  }
}

/** Writes a plan inside a transaction: copies for new edges, updates for existing ones. */
export async function writeEdges(tx: KuzuTx, plan: EdgePlan): Promise<void> {
  for (const table of EDGE_TABLES) {
    const pick = (m: EdgePlan["inserts"]) => [...m.values()].filter(([t]) => t === table);
    await tx.append(table, pick(plan.inserts).map(([, e]) => edgeColumns(table, e)));
    const updates = pick(plan.updates).map(([, e]) => edgeRow(table, e));
    const cypher = EDGE_CYPHER[table].update;
    if (updates.length > 0 && cypher) await tx.query(cypher, { rows: updates });
  }
}
