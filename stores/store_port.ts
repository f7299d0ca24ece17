/**
 * The one port every store implements (json, vector, hybrid, graph, llm_graph). Every method is
 * async. `remove` is soft (`is_active = false`); `purge` (named units) and `compact()` (every
 * inactive unit) remove physically, under one policy for all stores.
 *
 * @module
 */
import type { EncodeType, StoreKind } from "../core/space.ts";
import type { MemoryUnit } from "../core/unit.ts";
import type { UnitScope } from "../core/unit_scope.ts";

/** Which units a listing or search considers. */
export interface UnitFilter {
  /** Default true: only active units. */
  activeOnly?: boolean;
  types?: readonly EncodeType[];
  outcomes?: readonly ("success" | "failure" | "")[];
  /** Units whose `source_task_id` is in this set are skipped (self-retrieval guard). */
  excludeTaskIds?: readonly string[];
  /**
   * Only units whose `user_id`, `agent_id`, `project` and metadata entries equal the ones given
   * (exact, AND). Applied inside every search, before top-k.
   */
  scope?: UnitScope;
}

/** A unit id with a raw similarity score (cosine or BM25). */
export interface ScoredId {
  id: string;
  score: number;
}

/** Result of `add`: which units were stored and which were dropped as exact duplicates. */
export interface AddResult {
  added: string[];
  /** Pairs of (dropped new unit id, existing unit id with the same signature). */
  deduped: { id: string; existingId: string }[];
  /**
   * Ids of inactive units that were reactivated with a newcomer's content (each also appears
   * as an `existingId` in `deduped`).
   */
  reactivated?: string[];
}

/** A graph edge. Node ids: `m:<unit id>`, `e:<entity type>:<name>`, `q:<task id>`. */
export interface GraphEdge {
  /** Node id the edge leaves. */
  source: string;
  /** Node id the edge reaches. */
  target: string;
  /** Upper-case type: HAS_MEMORY, HAS_ENTITY (structural); SIMILAR, COOCCURS (derived); others. */
  type: string;
  /** Strength used by graph retrieval. */
  weight: number;
  /** Tasks that used the edge (derived edges). */
  usage_count?: number;
  /** Of those, tasks that succeeded. */
  success_count?: number;
  /** Weight before outcome feedback. */
  base_weight?: number;
  /** Outcome feedback applied to the base weight. */
  feedback_multiplier?: number;
  /** Fact text on entity-to-entity edges (llm_graph). */
  fact?: string;
}

/** An entity attached to a unit. */
export interface EntityRef {
  type: string;
  name: string;
}

/** An entity node's attributes (graph stores), carried by snapshots. */
export interface EntityNode {
  /** `e:<entity type>:<normalised name>`. */
  id: string;
  /** Entity type (e.g. `tool`, `topic`). */
  type: string;
  /** Display name. */
  name: string;
  /** Other names it was seen under. */
  aliases: string[];
  /** Short description (llm_graph), or "". */
  summary: string;
}

/** A node reached from seed nodes, with its hop distance. */
export interface Reached {
  node: string;
  hops: number;
}

/** A neighbour reached over one edge. */
export interface Neighbour {
  node: string;
  type: string;
  weight: number;
  direction: "out" | "in";
}

/** Extra operations of graph stores. Structural, derived and relation edges are kept apart. */
export interface GraphOps {
  /** Neighbours of a node over the given edge types (all when omitted), sorted by node id. */
  neighbours(node: string, edgeTypes?: readonly string[]): Promise<Neighbour[]>;
  /** Inserts or replaces edges keyed by (source, target, type). */
  upsertEdges(edges: readonly GraphEdge[]): Promise<void>;
  /** Removes edges keyed by (source, target, type). */
  removeEdges(keys: readonly Pick<GraphEdge, "source" | "target" | "type">[]): Promise<number>;
  /** Edges, optionally of some types only. */
  listEdges(types?: readonly string[]): Promise<GraphEdge[]>;
  /** Attaches entities to a unit (creating entity nodes and HAS_ENTITY edges). */
  linkEntities(unitId: string, entities: readonly EntityRef[]): Promise<void>;
  /** Count of non-structural edges (not HAS_MEMORY / HAS_ENTITY). */
  derivedEdgeCount(): Promise<number>;
  /**
   * Nodes within `maxHops` of `seeds` over the given edge types (all when omitted), in either
   * direction, seeds excluded; sorted by hops then node id.
   */
  neighbourhood?(
    seeds: readonly string[],
    maxHops: number,
    edgeTypes?: readonly string[],
  ): Promise<Reached[]>;
}

/** A full export of a store, for the search loop's canonical pool. */
export interface StoreSnapshot {
  /** Every unit, active or not, with its embedding. */
  units: MemoryUnit[];
  /** Graph edges (empty for non-graph stores). */
  edges: GraphEdge[];
  /** Entity node attributes (graph stores; optional). */
  entities?: EntityNode[];
}

/** Health summary of a store. */
export interface StoreHealth {
  kind: StoreKind;
  units: number;
  active_units: number;
  cold_start: boolean;
  derived_edges: number;
}

/** The store port. */
export interface MemoryStore {
  readonly kind: StoreKind;
  /** Present on graph and llm_graph stores only. */
  readonly graph?: GraphOps;
  /** Adds units, dropping exact duplicates by signature among active units. */
  add(units: readonly MemoryUnit[]): Promise<AddResult>;
  /** Replaces units by id (content, stats, flags). Never touches graph edges. */
  update(units: readonly MemoryUnit[]): Promise<void>;
  get(id: string): Promise<MemoryUnit | undefined>;
  /** Soft-deletes; returns how many were active. */
  remove(ids: readonly string[]): Promise<number>;
  /**
   * Physically removes these units (active or not) from every index, the vectors and the graph,
   * and rewrites the persisted state without them; returns the units removed.
   */
  purge(ids: readonly string[]): Promise<MemoryUnit[]>;
  list(filter?: UnitFilter): Promise<MemoryUnit[]>;
  count(filter?: UnitFilter): Promise<number>;
  /** Keyword search over `contentText` (BM25 or exact keyword scoring), best first. */
  textSearch(query: string, k: number, filter?: UnitFilter): Promise<ScoredId[]>;
  /** Exact cosine top-k over unit embeddings, best first. */
  vectorSearch(vector: Float32Array, k: number, filter?: UnitFilter): Promise<ScoredId[]>;
  exportAll(): Promise<StoreSnapshot>;
  /** Bulk import (ids kept); existing ids are replaced. */
  importAll(snapshot: StoreSnapshot): Promise<void>;
  health(): Promise<StoreHealth>;
  /** Makes every pending write durable. */
  flush(): Promise<void>;
  /** Physically removes inactive units (and their edges), then flushes. */
  compact(): Promise<number>;
  close(): Promise<void>;
}
