/**
 * The Kùzu schema of the graph stores and the mapping between {@linkcode GraphEdge}s and its
 * tables. Structural edges (HAS_MEMORY task→memory, HAS_ENTITY memory→entity), derived edges
 * (SIMILAR and COOCCURS memory→memory, with feedback statistics) and relation edges (every other
 * memory→memory type) live in separate tables, and entity→entity facts in a fourth; so code that
 * rebuilds one kind can never delete another (docs/design.md#fix-graph-edges).
 *
 * Unit attributes are not mirrored into Kùzu beyond id and type: the record log is their single
 * source of truth, so an `update()` has nothing in the graph to get out of step with.
 *
 * @module
 */
import type { GraphEdge } from "./store_port.ts";
import { StoreError } from "./store_error.ts";

/** DDL, idempotent. */
export const GRAPH_DDL = [
  "CREATE NODE TABLE IF NOT EXISTS Task(id STRING PRIMARY KEY, query_text STRING, task_outcome STRING, created_at STRING)",
  "CREATE NODE TABLE IF NOT EXISTS Memory(id STRING PRIMARY KEY, unit_type STRING, created_at STRING)",
  "CREATE NODE TABLE IF NOT EXISTS Entity(id STRING PRIMARY KEY, entity_type STRING, name STRING, aliases STRING, summary STRING, created_at STRING)",
  "CREATE REL TABLE IF NOT EXISTS HAS_MEMORY(FROM Task TO Memory)",
  "CREATE REL TABLE IF NOT EXISTS HAS_ENTITY(FROM Memory TO Entity)",
  "CREATE REL TABLE IF NOT EXISTS DERIVED(FROM Memory TO Memory, type STRING, weight DOUBLE, stats STRING)",
  "CREATE REL TABLE IF NOT EXISTS RELATION(FROM Memory TO Memory, type STRING, weight DOUBLE, stats STRING)",
  "CREATE REL TABLE IF NOT EXISTS FACT(FROM Entity TO Entity, type STRING, weight DOUBLE, fact STRING)",
];

/** Edge tables. */
export type EdgeTable = "HAS_MEMORY" | "HAS_ENTITY" | "DERIVED" | "RELATION" | "FACT";

/** Node tables by id prefix. */
export const NODE_LABELS: Readonly<Record<string, string>> = {
  q: "Task",
  m: "Memory",
  e: "Entity",
};

/** Edge types kept in the DERIVED table. */
export const DERIVED_TYPES: ReadonlySet<string> = new Set(["SIMILAR", "COOCCURS"]);

/** Edge types that are structural. */
export const STRUCTURAL_TYPES: ReadonlySet<string> = new Set(["HAS_MEMORY", "HAS_ENTITY"]);

const TYPE_PATTERN = /^[A-Z][A-Z0-9_]*$/;

/** Node table of a node id, or undefined for an unknown prefix. */
export function labelOf(node: string): string | undefined {
  const colon = node.indexOf(":");
  return colon > 0 && node.length > colon + 1 ? NODE_LABELS[node.slice(0, colon)] : undefined;
}

/** The key edges are unique by. */
export function edgeKey(e: Pick<GraphEdge, "source" | "target" | "type">): string {
  return `${e.source}\u0000${e.target}\u0000${e.type}`;
}

/** Which table holds an edge; throws `invalid_edge` (naming `path`) for impossible edges. */
export function tableOf(
  e: Pick<GraphEdge, "source" | "target" | "type">,
  path: (string | number)[],
): EdgeTable {
  const s = labelOf(e.source), t = labelOf(e.target);
  const fail = (why: string) => new StoreError("invalid_edge", path, why);
  if (typeof e.type !== "string" || !TYPE_PATTERN.test(e.type)) {
    throw fail(`type must be UPPER_SNAKE_CASE, got '${e.type}'`);
  }
  if (!s) throw fail(`source '${e.source}' is not a q:, m: or e: node id`);
  if (!t) throw fail(`target '${e.target}' is not a q:, m: or e: node id`);
  if (e.type === "HAS_MEMORY") {
    if (s === "Task" && t === "Memory") return "HAS_MEMORY";
    throw fail("HAS_MEMORY edges go from a task (q:) to a memory (m:)");
  }
  if (e.type === "HAS_ENTITY") {
    if (s === "Memory" && t === "Entity") return "HAS_ENTITY";
    throw fail("HAS_ENTITY edges go from a memory (m:) to an entity (e:)");
  }
  if (s === "Memory" && t === "Memory") return DERIVED_TYPES.has(e.type) ? "DERIVED" : "RELATION";
  if (s === "Entity" && t === "Entity") return "FACT";
  throw fail(`${e.type} edges must join two memories or two entities`);
}

/** Checks an edge's numbers; throws `invalid_edge` naming the field. */
export function checkEdgeNumbers(e: GraphEdge, path: (string | number)[]): void {
  const fields = [
    "weight",
    "usage_count",
    "success_count",
    "base_weight",
    "feedback_multiplier",
  ] as const;
  for (const f of fields) {
    const v = e[f];
    if (f !== "weight" && v === undefined) continue;
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new StoreError("invalid_edge", [...path, f], `must be a finite number, got ${v}`);
    }
  }
  if (e.fact !== undefined && typeof e.fact !== "string") {
    throw new StoreError("invalid_edge", [...path, "fact"], "must be a string");
  }
}

/** The optional feedback statistics as one JSON column (fixed key order). */
export function statsOf(e: GraphEdge): string {
  const out: Record<string, number> = {};
  if (e.usage_count !== undefined) out.usage_count = e.usage_count;
  if (e.success_count !== undefined) out.success_count = e.success_count;
  if (e.base_weight !== undefined) out.base_weight = e.base_weight;
  if (e.feedback_multiplier !== undefined) out.feedback_multiplier = e.feedback_multiplier;
  return JSON.stringify(out);
}

/** Rebuilds an edge from a row of `(s, t, type, w, stats, fact)` columns. */
export function edgeFromRow(table: EdgeTable, row: Record<string, unknown>): GraphEdge {
  const edge: GraphEdge = {
    source: String(row.s),
    target: String(row.t),
    type: STRUCTURAL_TYPES.has(table) ? table : String(row.type),
    weight: STRUCTURAL_TYPES.has(table) ? 1 : Number(row.w),
  };
  if (typeof row.stats === "string" && row.stats !== "{}") {
    Object.assign(edge, JSON.parse(row.stats));
  }
  if (table === "FACT") {
    edge.fact = row.fact === null || row.fact === undefined ? "" : String(row.fact);
  }
  return edge;
}

/** Cypher of each table: update rows of existing edges, delete rows, list all. */
export const EDGE_CYPHER: Readonly<
  Record<EdgeTable, { update?: string; remove: string; list: string }>
> = {
  HAS_MEMORY: {
    remove:
      "UNWIND $rows AS r MATCH (a:Task {id: r.s})-[e:HAS_MEMORY]->(b:Memory {id: r.t}) DELETE e",
    list: "MATCH (a:Task)-[e:HAS_MEMORY]->(b:Memory) RETURN a.id AS s, b.id AS t",
  },
  HAS_ENTITY: {
    remove:
      "UNWIND $rows AS r MATCH (a:Memory {id: r.s})-[e:HAS_ENTITY]->(b:Entity {id: r.t}) DELETE e",
    list: "MATCH (a:Memory)-[e:HAS_ENTITY]->(b:Entity) RETURN a.id AS s, b.id AS t",
  },
  DERIVED: memoryEdgeCypher("DERIVED"),
  RELATION: memoryEdgeCypher("RELATION"),
  FACT: {
    update:
      "UNWIND $rows AS r MATCH (a:Entity {id: r.s})-[e:FACT]->(b:Entity {id: r.t}) WHERE e.type = r.type SET e.weight = CAST(r.w AS DOUBLE), e.fact = r.fact",
    remove:
      "UNWIND $rows AS r MATCH (a:Entity {id: r.s})-[e:FACT]->(b:Entity {id: r.t}) WHERE e.type = r.type DELETE e",
    list:
      "MATCH (a:Entity)-[e:FACT]->(b:Entity) RETURN a.id AS s, b.id AS t, e.type AS type, e.weight AS w, e.fact AS fact",
  },
};

function memoryEdgeCypher(table: "DERIVED" | "RELATION") {
  return {
    update:
      `UNWIND $rows AS r MATCH (a:Memory {id: r.s})-[e:${table}]->(b:Memory {id: r.t}) WHERE e.type = r.type SET e.weight = CAST(r.w AS DOUBLE), e.stats = r.stats`,
    remove:
      `UNWIND $rows AS r MATCH (a:Memory {id: r.s})-[e:${table}]->(b:Memory {id: r.t}) WHERE e.type = r.type DELETE e`,
    list:
      `MATCH (a:Memory)-[e:${table}]->(b:Memory) RETURN a.id AS s, b.id AS t, e.type AS type, e.weight AS w, e.stats AS stats`,
  };
}

/** The CSV columns of a new edge, in table order. */
export function edgeColumns(table: EdgeTable, e: GraphEdge): string[] {
  if (table === "HAS_MEMORY" || table === "HAS_ENTITY") return [e.source, e.target];
  if (table === "FACT") return [e.source, e.target, e.type, String(e.weight), e.fact ?? ""];
  return [e.source, e.target, e.type, String(e.weight), statsOf(e)];
}

/** The parameter row an existing edge is updated or removed with. */
export function edgeRow(table: EdgeTable, e: GraphEdge): Record<string, string> {
  if (table === "HAS_MEMORY" || table === "HAS_ENTITY") return { s: e.source, t: e.target };
  if (table === "FACT") {
    return { s: e.source, t: e.target, type: e.type, w: String(e.weight), fact: e.fact ?? "" };
  }
  return { s: e.source, t: e.target, type: e.type, w: String(e.weight), stats: statsOf(e) };
}
