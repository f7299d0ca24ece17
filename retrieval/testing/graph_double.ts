/**
 * The in-memory {@linkcode GraphOps} half of {@linkcode MemoryStoreDouble}: a map of edges keyed
 * by (source, target, type), copied in and out. Entity nodes are named exactly as the real graph
 * stores name them, so tests can write down the ids they expect.
 *
 * @module
 */
import { entityNodeId } from "../../stores/entities.ts";
import { STRUCTURAL_TYPES } from "../../stores/graph_schema.ts";
import type { EntityRef, GraphEdge, GraphOps, Neighbour } from "../../stores/store_port.ts";

type EdgeKey = Pick<GraphEdge, "source" | "target" | "type">;

function edgeKey(e: EdgeKey): string {
  return `${e.source}\u0000${e.target}\u0000${e.type}`;
}

/** In-memory graph operations; `edges` is open so tests (and the store double) can inspect it. */
export class GraphDouble implements GraphOps {
  /** Edges keyed by (source, target, type). */
  readonly edges = new Map<string, GraphEdge>();

  /** Synchronous upsert, used by the store double while it adds units. */
  put(edges: readonly GraphEdge[]): void {
    for (const e of edges) this.edges.set(edgeKey(e), { ...e });
  }

  /** Drops every edge touching one of `nodes` (what compacting a unit does to its edges). */
  dropNodes(nodes: ReadonlySet<string>): void {
    for (const [k, e] of this.edges) {
      if (nodes.has(e.source) || nodes.has(e.target)) this.edges.delete(k);
    }
  }

  neighbours(node: string, edgeTypes?: readonly string[]): Promise<Neighbour[]> {
    const out: Neighbour[] = [];
    for (const e of this.edges.values()) {
      if (edgeTypes && !edgeTypes.includes(e.type)) continue;
      if (e.source === node) {
        out.push({ node: e.target, type: e.type, weight: e.weight, direction: "out" });
      }
      if (e.target === node) {
        out.push({ node: e.source, type: e.type, weight: e.weight, direction: "in" });
      }
    }
    out.sort((a, b) =>
      a.node < b.node ? -1 : a.node > b.node ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0
    );
    return Promise.resolve(out);
  }

  upsertEdges(edges: readonly GraphEdge[]): Promise<void> {
    this.put(edges);
    return Promise.resolve();
  }

  removeEdges(keys: readonly EdgeKey[]): Promise<number> {
    let n = 0;
    for (const k of keys) if (this.edges.delete(edgeKey(k))) n++;
    return Promise.resolve(n);
  }

  listEdges(types?: readonly string[]): Promise<GraphEdge[]> {
    const out = [...this.edges.values()].filter((e) => !types || types.includes(e.type));
    return Promise.resolve(out.map((e) => ({ ...e })));
  }

  linkEntities(unitId: string, entities: readonly EntityRef[]): Promise<void> {
    for (const ref of entities) {
      const target = entityNodeId(ref.type, ref.name);
      if (target) this.put([{ source: `m:${unitId}`, target, type: "HAS_ENTITY", weight: 1 }]);
    }
    return Promise.resolve();
  }

  derivedEdgeCount(): Promise<number> {
    const derived = [...this.edges.values()].filter((e) => !STRUCTURAL_TYPES.has(e.type));
    return Promise.resolve(derived.length);
  }
}
