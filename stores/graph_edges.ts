/**
 * Planning and writing edge upserts. Edges are keyed by (source, target, type): a new key is
 * bulk-copied, an existing derived/relation/fact key has its weight and statistics updated, and
 * an existing structural key needs nothing. Planning validates every edge first, so a bad edge
 * rejects the whole batch before anything is written.
 *
 * @module
 */
import type { KuzuTx } from "./kuzu_adapter.ts";
import { EDGE_TABLES } from "./graph_reads.ts";
import {
  checkEdgeNumbers,
  EDGE_CYPHER,
  edgeColumns,
  edgeKey,
  edgeRow,
  type EdgeTable,
  STRUCTURAL_TYPES,
  tableOf,
} from "./graph_schema.ts";
import type { GraphEdge } from "./store_port.ts";
import { StoreError } from "./store_error.ts";

/** Edges to write, keyed by edge key, split by whether the key already exists. */
export interface EdgePlan {
  inserts: Map<string, [EdgeTable, GraphEdge]>;
  updates: Map<string, [EdgeTable, GraphEdge]>;
}

/**
 * Validates and splits `edges` against the keys that exist. An endpoint for which `known` is
 * false is an `unknown_node` error, or skips the edge when `skipMissing`. Later duplicates win.
 */
export function planEdges(
  existing: ReadonlyMap<string, EdgeTable>,
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

/** Writes a plan inside a transaction: copies for new edges, updates for existing ones. */
export async function writeEdges(tx: KuzuTx, plan: EdgePlan): Promise<void> {
  for (const table of EDGE_TABLES) {
    const pick = (m: EdgePlan["inserts"]) => [...m.values()].filter(([t]) => t === table);
    await tx.copy(table, pick(plan.inserts).map(([, e]) => edgeColumns(table, e)));
    const updates = pick(plan.updates).map(([, e]) => edgeRow(table, e));
    const cypher = EDGE_CYPHER[table].update;
    if (updates.length > 0 && cypher) await tx.query(cypher, { rows: updates });
  }
}
