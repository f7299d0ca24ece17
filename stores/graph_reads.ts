/**
 * Read queries against Kùzu itself: the edge listing that loads the in-memory mirror on open
 * (`EdgeMirror` in `graph_edges.ts`, which answers every read of an open store), and one-hop
 * neighbours and multi-hop reach straight from the database — the reference the mirror is
 * checked against in tests and the baseline of `retrieval/graph_retrieval_bench.ts`. All of
 * them return results in a total order so callers (and their traces) are deterministic.
 *
 * @module
 */
import type { KuzuGraph } from "./kuzu_adapter.ts";
import {
  DERIVED_TYPES,
  EDGE_CYPHER,
  edgeFromRow,
  type EdgeTable,
  labelOf,
  STRUCTURAL_TYPES,
} from "./graph_schema.ts";
import type { GraphEdge, Neighbour, Reached } from "./store_port.ts";
import { StoreError } from "./store_error.ts";

/** Every edge table, in write order (structural first). */
export const EDGE_TABLES: readonly EdgeTable[] = [
  "HAS_MEMORY",
  "HAS_ENTITY",
  "DERIVED",
  "RELATION",
  "FACT",
];

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Orders edges by source, target, type. */
export function compareEdges(a: GraphEdge, b: GraphEdge): number {
  return cmp(a.source, b.source) || cmp(a.target, b.target) || cmp(a.type, b.type);
}

/** Edges (of the given types, or all), sorted by source, target, type. */
export async function listEdges(db: KuzuGraph, types?: readonly string[]): Promise<GraphEdge[]> {
  const wanted = types ? new Set(types) : undefined;
  const out: GraphEdge[] = [];
  for (const table of EDGE_TABLES) {
    if (wanted && STRUCTURAL_TYPES.has(table) && !wanted.has(table)) continue;
    for (const row of await db.query(EDGE_CYPHER[table].list)) {
      const edge = edgeFromRow(table, row);
      if (!wanted || wanted.has(edge.type)) out.push(edge);
    }
  }
  return out.sort(compareEdges);
}

function typeOf(row: Record<string, unknown>): string {
  return STRUCTURAL_TYPES.has(String(row.tbl)) ? String(row.tbl) : String(row.type);
}

/**
 * Neighbours of `node` over the given edge types, sorted by node id (then type, direction), as
 * two Kùzu queries (outgoing and incoming).
 */
export async function kuzuNeighbours(
  db: KuzuGraph,
  node: string,
  types?: readonly string[],
): Promise<Neighbour[]> {
  const label = labelOf(node);
  if (!label) {
    throw new StoreError("invalid_argument", ["node"], `'${node}' is not a q:, m: or e: node id`);
  }
  const wanted = types ? new Set(types) : undefined;
  const out: Neighbour[] = [];
  for (const direction of ["out", "in"] as const) {
    const arrow = direction === "out" ? "-[e]->" : "<-[e]-";
    const rows = await db.query(
      `MATCH (a:${label})${arrow}(b) WHERE a.id = $id RETURN b.id AS node, label(e) AS tbl, e.type AS type, e.weight AS w`,
      { id: node },
    );
    for (const r of rows) {
      const type = typeOf(r);
      if (wanted && !wanted.has(type)) continue;
      const weight = STRUCTURAL_TYPES.has(type) ? 1 : Number(r.w);
      out.push({ node: String(r.node), type, weight, direction });
    }
  }
  return out.sort((a, b) =>
    cmp(a.node, b.node) || cmp(a.type, b.type) || cmp(a.direction, b.direction)
  );
}

/** Deepest reach accepted by a neighbourhood query (Kùzu's recursion limit is 30). */
export const MAX_HOPS = 30;

/** Throws `invalid_argument` (path `maxHops`) unless it is an integer in [0, MAX_HOPS]. */
export function checkMaxHops(maxHops: number): void {
  if (!Number.isInteger(maxHops) || maxHops < 0 || maxHops > MAX_HOPS) {
    throw new StoreError(
      "invalid_argument",
      ["maxHops"],
      `must be an integer in [0, ${MAX_HOPS}], got ${maxHops}`,
    );
  }
}

/** Throws `invalid_argument` (path `edgeTypes.<i>`) for a type that is not UPPER_SNAKE_CASE. */
export function checkEdgeTypes(types: readonly string[]): void {
  types.forEach((t, i) => {
    if (typeof t !== "string" || !/^[A-Z][A-Z0-9_]*$/.test(t)) {
      throw new StoreError(
        "invalid_argument",
        ["edgeTypes", i],
        `must be UPPER_SNAKE_CASE, got '${t}'`,
      );
    }
  });
}

/** The rel-table pattern of a recursive match over `types` (all tables when undefined). */
function recursivePattern(maxHops: number, types?: readonly string[]): string {
  if (!types) return `[e*1..${maxHops}]`;
  // Types are inlined into the Cypher text (kuzu cannot bind parameters in recursive filters).
  checkEdgeTypes(types);
  const structural = types.filter((t) => STRUCTURAL_TYPES.has(t));
  const other = types.filter((t) => !STRUCTURAL_TYPES.has(t));
  const tables = new Set<string>(structural);
  for (const t of other) tables.add(DERIVED_TYPES.has(t) ? "DERIVED" : "RELATION");
  if (other.length > 0) tables.add("FACT");
  const list = (xs: string[]) => `[${xs.map((x) => `'${x}'`).join(", ")}]`;
  const conditions = [
    structural.length > 0 ? `label(r) IN ${list(structural)}` : "",
    other.length > 0 ? `r.type IN ${list(other)}` : "",
  ].filter(Boolean).join(" OR ");
  return `[e:${[...tables].join("|")}*1..${maxHops} (r, n | WHERE ${conditions})]`;
}

/**
 * Nodes within `maxHops` of `seeds` in either direction over the given edge types, seeds
 * excluded, sorted by hops then id: one recursive Kùzu query per seed.
 */
export async function kuzuNeighbourhood(
  db: KuzuGraph,
  seeds: readonly string[],
  maxHops: number,
  types?: readonly string[],
): Promise<Reached[]> {
  checkMaxHops(maxHops);
  if (maxHops === 0 || types?.length === 0) return [];
  const pattern = recursivePattern(maxHops, types);
  const best = new Map<string, number>();
  const seedSet = new Set(seeds);
  for (const seed of seedSet) {
    const label = labelOf(seed);
    if (!label) {
      throw new StoreError(
        "invalid_argument",
        ["seeds"],
        `'${seed}' is not a q:, m: or e: node id`,
      );
    }
    const rows = await db.query(
      `MATCH (a:${label})-${pattern}-(b) WHERE a.id = $id RETURN b.id AS node, min(length(e)) AS hops`,
      { id: seed },
    );
    for (const r of rows) {
      const node = String(r.node), hops = Number(r.hops);
      if (!seedSet.has(node) && hops < (best.get(node) ?? Infinity)) best.set(node, hops);
    }
  }
  return [...best].map(([node, hops]) => ({ node, hops }))
    .sort((a, b) => a.hops - b.hops || cmp(a.node, b.node));
}
