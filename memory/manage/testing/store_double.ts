/**
 * An in-memory {@linkcode MemoryStore} double for management tests, with optional
 * {@linkcode GraphOps}. It follows the port's contract literally — soft deletes, exact-signature
 * dedup on `add`, `update` never touching edges — and copies units on the way in and out so an
 * op that mutates a unit without calling `update` is caught by the tests.
 *
 * @module
 */
import type { StoreKind } from "../../../core/space.ts";
import type { MemoryUnit } from "../../../core/unit.ts";
import { contentText } from "../../../core/unit.ts";
import type {
  AddResult,
  EntityRef,
  GraphEdge,
  GraphOps,
  MemoryStore,
  Neighbour,
  ScoredId,
  StoreHealth,
  StoreSnapshot,
  UnitFilter,
} from "../../../stores/store_port.ts";

const STRUCTURAL = new Set(["HAS_MEMORY", "HAS_ENTITY"]);
const edgeKey = (e: Pick<GraphEdge, "source" | "target" | "type">) =>
  `${e.source}\u0000${e.target}\u0000${e.type}`;

/** Lower-case, trimmed, `[a-z0-9_\- ]` only, whitespace runs as `_` (reference §4.4). */
export function normalizeEntityName(name: string): string {
  return name.toLowerCase().trim().replace(/[^a-z0-9_\- ]/g, "").replace(/\s+/g, "_");
}

function matches(u: MemoryUnit, f: UnitFilter = {}): boolean {
  if ((f.activeOnly ?? true) && !u.is_active) return false;
  if (f.types && !f.types.includes(u.type)) return false;
  if (f.outcomes && !f.outcomes.includes(u.task_outcome)) return false;
  if (f.excludeTaskIds?.includes(u.source_task_id)) return false;
  return true;
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The graph half of the double; `edges` is open for inspection by tests. */
export class GraphDouble implements GraphOps {
  /** Edges keyed by (source, target, type). */
  readonly edges = new Map<string, GraphEdge>();

  /** Synchronous upsert used by the store itself. */
  put(edges: readonly GraphEdge[]): void {
    for (const e of edges) this.edges.set(edgeKey(e), structuredClone(e));
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
    out.sort((a, b) => a.node < b.node ? -1 : a.node > b.node ? 1 : 0);
    return Promise.resolve(out);
  }

  upsertEdges(edges: readonly GraphEdge[]): Promise<void> {
    this.put(edges);
    return Promise.resolve();
  }

  removeEdges(keys: readonly Pick<GraphEdge, "source" | "target" | "type">[]): Promise<number> {
    let n = 0;
    for (const k of keys) if (this.edges.delete(edgeKey(k))) n++;
    return Promise.resolve(n);
  }

  listEdges(types?: readonly string[]): Promise<GraphEdge[]> {
    const out = [...this.edges.values()].filter((e) => !types || types.includes(e.type));
    return Promise.resolve(out.map((e) => structuredClone(e)));
  }

  linkEntities(unitId: string, entities: readonly EntityRef[]): Promise<void> {
    for (const ent of entities) {
      const target = `e:${ent.type.toLowerCase()}:${normalizeEntityName(ent.name)}`;
      const edge = { source: `m:${unitId}`, target, type: "HAS_ENTITY", weight: 1 };
      this.edges.set(edgeKey(edge), edge);
    }
    return Promise.resolve();
  }

  derivedEdgeCount(): Promise<number> {
    return Promise.resolve([...this.edges.values()].filter((e) => !STRUCTURAL.has(e.type)).length);
  }
}

/** Options of {@linkcode StoreDouble}. */
export interface StoreDoubleOptions {
  /** Default `json`; `graph` and `llm_graph` get graph ops unless `graph` is false. */
  kind?: StoreKind;
  /** Forces graph ops on or off. */
  graph?: boolean;
}

/** The in-memory store double; `updateCalls` and `flushes` let tests check batching. */
export class StoreDouble implements MemoryStore {
  /** Store kind reported to ops. */
  readonly kind: StoreKind;
  /** Graph ops, on graph kinds. */
  readonly graph?: GraphOps;
  /** The graph double itself (same object as `graph`), for direct inspection. */
  readonly graphDouble?: GraphDouble;
  /** Number of `update` calls so far. */
  updateCalls = 0;
  /** Number of `flush` calls so far. */
  flushes = 0;
  readonly #units = new Map<string, MemoryUnit>();

  /** Builds an empty store. */
  constructor(options: StoreDoubleOptions = {}) {
    this.kind = options.kind ?? "json";
    const graph = options.graph ?? (this.kind === "graph" || this.kind === "llm_graph");
    if (graph) this.graph = this.graphDouble = new GraphDouble();
  }

  add(units: readonly MemoryUnit[]): Promise<AddResult> {
    const result: AddResult = { added: [], deduped: [] };
    for (const unit of units) {
      const existing = [...this.#units.values()].find((u) =>
        u.is_active && u.signature === unit.signature
      );
      if (existing) {
        result.deduped.push({ id: unit.id, existingId: existing.id });
        continue;
      }
      this.#units.set(unit.id, structuredClone(unit));
      result.added.push(unit.id);
      if (this.graphDouble) {
        const edges: GraphEdge[] = [{
          source: `q:${unit.source_task_id}`,
          target: `m:${unit.id}`,
          type: "HAS_MEMORY",
          weight: 1,
        }];
        for (const r of unit.relations) {
          if (!this.#units.has(r.target_id)) continue;
          edges.push({
            source: `m:${unit.id}`,
            target: `m:${r.target_id}`,
            type: r.relation_type.toUpperCase(),
            weight: r.weight,
          });
        }
        this.graphDouble.put(edges);
      }
    }
    return Promise.resolve(result);
  }

  update(units: readonly MemoryUnit[]): Promise<void> {
    this.updateCalls++;
    for (const u of units) {
      if (!this.#units.has(u.id)) {
        return Promise.reject(new Error(`update: unknown unit '${u.id}'`));
      }
    }
    for (const u of units) this.#units.set(u.id, structuredClone(u));
    return Promise.resolve();
  }

  get(id: string): Promise<MemoryUnit | undefined> {
    const u = this.#units.get(id);
    return Promise.resolve(u && structuredClone(u));
  }

  remove(ids: readonly string[]): Promise<number> {
    let n = 0;
    for (const id of ids) {
      const u = this.#units.get(id);
      if (u?.is_active) {
        u.is_active = false;
        n++;
      }
    }
    return Promise.resolve(n);
  }

  list(filter?: UnitFilter): Promise<MemoryUnit[]> {
    const out = [...this.#units.values()].filter((u) => matches(u, filter));
    return Promise.resolve(out.map((u) => structuredClone(u)));
  }

  count(filter?: UnitFilter): Promise<number> {
    return Promise.resolve([...this.#units.values()].filter((u) => matches(u, filter)).length);
  }

  textSearch(query: string, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    const terms = new Set(query.toLowerCase().match(/[a-z0-9]+/g) ?? []);
    const scored = [...this.#units.values()].filter((u) => matches(u, filter)).map((u) => {
      const words = contentText(u).toLowerCase().match(/[a-z0-9]+/g) ?? [];
      return { id: u.id, score: words.filter((w) => terms.has(w)).length };
    }).filter((s) => s.score > 0);
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return Promise.resolve(scored.slice(0, k));
  }

  vectorSearch(vector: Float32Array, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    const scored = [...this.#units.values()]
      .filter((u) => matches(u, filter) && u.embedding)
      .map((u) => ({ id: u.id, score: cosine(vector, u.embedding!) }));
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return Promise.resolve(scored.slice(0, k));
  }

  async exportAll(): Promise<StoreSnapshot> {
    return {
      units: [...this.#units.values()].map((u) => structuredClone(u)),
      edges: this.graph ? await this.graph.listEdges() : [],
    };
  }

  importAll(snapshot: StoreSnapshot): Promise<void> {
    for (const u of snapshot.units) this.#units.set(u.id, structuredClone(u));
    this.graphDouble?.put(snapshot.edges);
    return Promise.resolve();
  }

  async health(): Promise<StoreHealth> {
    const active = await this.count();
    return {
      kind: this.kind,
      units: this.#units.size,
      active_units: active,
      cold_start: active < 5,
      derived_edges: this.graph ? await this.graph.derivedEdgeCount() : 0,
    };
  }

  flush(): Promise<void> {
    this.flushes++;
    return Promise.resolve();
  }

  compact(): Promise<number> {
    const dead = [...this.#units.values()].filter((u) => !u.is_active).map((u) => u.id);
    for (const id of dead) this.#units.delete(id);
    if (this.graphDouble) {
      const gone = new Set(dead.map((id) => `m:${id}`));
      for (const [k, e] of this.graphDouble.edges) {
        if (gone.has(e.source) || gone.has(e.target)) this.graphDouble.edges.delete(k);
      }
    }
    return Promise.resolve(dead.length);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
