/**
 * Turns new units, their extracted entities and facts into one {@linkcode LinkBatch}: memory
 * and task nodes, HAS_MEMORY and HAS_ENTITY edges, edges from `unit.relations` whose target
 * exists, and fact edges between the unit's entities. Pure: the graph store supplies lookups.
 *
 * @module
 */
import type { EntityCandidate, FactCandidate } from "./entities.ts";
import type { LinkBatch } from "./graph_index.ts";
import { edgeKey } from "./graph_schema.ts";
import type { EntityNode, GraphEdge, StoreSnapshot } from "./store_port.ts";
import type { Slot } from "./unit_table.ts";

/** Entities and facts proposed for one unit. */
export interface Extraction {
  entities: EntityCandidate[];
  facts: FactCandidate[];
}

/** Entity candidates mapped onto nodes: aligned ids ("" = dropped) and nodes to write. */
export interface Resolution {
  ids: string[];
  nodes: Map<string, EntityNode>;
}

/** Lookups into the current graph. */
export interface LinkContext {
  hasNode(id: string): boolean;
  hasEdge(edge: Pick<GraphEdge, "source" | "target" | "type">): boolean;
  createdAt: string;
}

/** Node id of a unit. */
export const memoryId = (unitId: string): string => `m:${unitId}`;

/** `relation_type` of a fact as an edge type (UPPER_SNAKE_CASE), "" when nothing is left. */
export function factType(relation: string): string {
  return relation.toUpperCase().replace(/[^A-Z0-9_]+/g, "_").replace(/^[^A-Z]+/, "")
    .replace(/_+$/, "");
}

/** Fact edges of one unit; names resolve case-insensitively through the unit's entities. */
export function factEdges(
  facts: readonly FactCandidate[],
  names: ReadonlyMap<string, string>,
  hasEdge: LinkContext["hasEdge"],
): GraphEdge[] {
  const out: GraphEdge[] = [];
  for (const f of facts) {
    const source = names.get(f.source.toLowerCase()), target = names.get(f.target.toLowerCase());
    const type = factType(f.relation);
    if (!source || !target || source === target || !type) continue;
    const edge = { source, target, type, weight: 1, fact: f.fact };
    // Facts already in the graph are kept as they are (docs/design.md#llm-graph-store fact dedup).
    if (!hasEdge(edge)) out.push(edge);
  }
  return out;
}

/** Keeps the first edge per (source, target, type). */
export function dedupeEdges(batch: LinkBatch): LinkBatch {
  const seen = new Set<string>();
  const edges = batch.edges.filter((e) => {
    const key = edgeKey(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { ...batch, edges };
}

/** The linking batch of new units. */
export function buildLinkBatch(
  slots: readonly Slot[],
  extraction: ReadonlyMap<string, Extraction>,
  resolution: Resolution,
  ctx: LinkContext,
): LinkBatch {
  const batch: LinkBatch = {
    memories: [],
    entities: [...resolution.nodes.values()],
    edges: [],
    createdAt: ctx.createdAt,
  };
  const inBatch = new Set(slots.map((s) => memoryId(s.unit.id)));
  let cursor = 0;
  for (const { unit } of slots) {
    const m = memoryId(unit.id);
    batch.memories.push({
      id: m,
      unit_type: unit.type,
      created_at: unit.created_at,
      task: unit.source_task_id
        ? {
          id: `q:${unit.source_task_id}`,
          // Never read back, and a task's words would outlive its units inside the database
          // file after a delete (docs/design.md#forgetting): the record log keeps the query.
          query_text: "",
          task_outcome: unit.task_outcome,
        }
        : undefined,
    });
    const ex = extraction.get(unit.id) ?? { entities: [], facts: [] };
    const names = new Map<string, string>();
    ex.entities.forEach((c, j) => {
      const id = resolution.ids[cursor + j];
      if (!id) return;
      batch.edges.push({ source: m, target: id, type: "HAS_ENTITY", weight: 1 });
      for (const n of [c.name, ...(c.aliases ?? [])]) names.set(n.toLowerCase(), id);
    });
    cursor += ex.entities.length;
    for (const r of unit.relations) {
      const target = memoryId(r.target_id);
      // docs/design.md#graph-store: a relation edge is added only when its target exists.
      if (!inBatch.has(target) && !ctx.hasNode(target)) continue;
      batch.edges.push({
        source: m,
        target,
        type: r.relation_type.toUpperCase(),
        weight: r.weight,
      });
    }
    batch.edges.push(...factEdges(ex.facts, names, ctx.hasEdge));
  }
  return dedupeEdges(batch);
}

/**
 * Entity nodes an imported snapshot needs: every entity it lists (attributes as listed) plus
 * a bare node for any HAS_ENTITY target that is neither listed nor present.
 */
export function snapshotEntities(
  snapshot: StoreSnapshot,
  exists: (id: string) => boolean,
): EntityNode[] {
  const out = new Map<string, EntityNode>();
  for (const e of snapshot.entities ?? []) out.set(e.id, { ...e, aliases: [...e.aliases] });
  for (const edge of snapshot.edges) {
    if (edge.type !== "HAS_ENTITY" || out.has(edge.target) || exists(edge.target)) continue;
    const [, type, ...name] = edge.target.split(":");
    if (!type || name.length === 0) continue;
    out.set(edge.target, { id: edge.target, type, name: name.join(":"), aliases: [], summary: "" });
  }
  return [...out.values()];
}
