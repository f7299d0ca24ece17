/**
 * An in-memory {@linkcode MemoryStore} test double for retrieval tests: brute-force cosine for
 * `vectorSearch`, brute-force BM25 for `textSearch`, optional in-memory {@linkcode GraphOps}.
 * It follows the port literally (soft deletes, exact-signature dedup among active units, filters
 * honoured, results best first with ties by id) and copies units in and out, so a retriever that
 * mutates what it reads cannot corrupt the store. It also counts calls, so tests can assert what
 * a retriever asked for.
 *
 * @module
 */
import type { StoreKind } from "../../core/space.ts";
import { contentText, type MemoryUnit } from "../../core/unit.ts";
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
} from "../../stores/store_port.ts";
import { tokenize } from "../lexical.ts";
import { cosine } from "../vectors.ts";

const STRUCTURAL = new Set(["HAS_MEMORY", "HAS_ENTITY"]);
const BM25_K1 = 1.2;
const BM25_B = 0.75;

function edgeKey(e: Pick<GraphEdge, "source" | "target" | "type">): string {
  return `${e.source}\u0000${e.target}\u0000${e.type}`;
}

function entityNode(ref: EntityRef): string {
  const name = ref.name.toLowerCase().trim().replace(/[^a-z0-9_\- ]/g, "").replace(/\s+/g, "_");
  return `e:${ref.type}:${name}`;
}

function byScoreThenId(a: ScoredId, b: ScoredId): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** In-memory graph operations over a map of edges. */
class GraphDouble implements GraphOps {
  readonly edges = new Map<string, GraphEdge>();

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
    for (const e of edges) this.edges.set(edgeKey(e), { ...e });
    return Promise.resolve();
  }

  removeEdges(keys: readonly Pick<GraphEdge, "source" | "target" | "type">[]): Promise<number> {
    let n = 0;
    for (const k of keys) if (this.edges.delete(edgeKey(k))) n++;
    return Promise.resolve(n);
  }

  listEdges(types?: readonly string[]): Promise<GraphEdge[]> {
    return Promise.resolve(
      [...this.edges.values()].filter((e) => !types || types.includes(e.type)).map((e) => ({
        ...e,
      })),
    );
  }

  linkEntities(unitId: string, entities: readonly EntityRef[]): Promise<void> {
    for (const ref of entities) {
      const e = { source: `m:${unitId}`, target: entityNode(ref), type: "HAS_ENTITY", weight: 1 };
      this.edges.set(edgeKey(e), e);
    }
    return Promise.resolve();
  }

  derivedEdgeCount(): Promise<number> {
    return Promise.resolve([...this.edges.values()].filter((e) => !STRUCTURAL.has(e.type)).length);
  }
}

/** Options of {@linkcode MemoryStoreDouble}. */
export interface MemoryStoreDoubleOptions {
  kind?: StoreKind;
  /** Adds graph operations (default: true for `graph` and `llm_graph` kinds). */
  graph?: boolean;
  /** Below this many active units `health().cold_start` is true (default 5). */
  coldStartThreshold?: number;
}

/** The in-memory store double (see the module doc). */
export class MemoryStoreDouble implements MemoryStore {
  readonly kind: StoreKind;
  readonly graph?: GraphOps;
  /** Calls per method name, for assertions on what a retriever asked. */
  readonly calls: { method: string; k?: number; filter?: UnitFilter }[] = [];
  #units = new Map<string, MemoryUnit>();
  #coldStart: number;

  /** An empty store. */
  constructor(options: MemoryStoreDoubleOptions = {}) {
    this.kind = options.kind ?? "json";
    const withGraph = options.graph ?? (this.kind === "graph" || this.kind === "llm_graph");
    if (withGraph) this.graph = new GraphDouble();
    this.#coldStart = options.coldStartThreshold ?? 5;
  }

  #matches(u: MemoryUnit, f: UnitFilter = {}): boolean {
    if ((f.activeOnly ?? true) && !u.is_active) return false;
    if (f.types && !f.types.includes(u.type)) return false;
    if (f.outcomes && !f.outcomes.includes(u.task_outcome)) return false;
    if (f.excludeTaskIds && f.excludeTaskIds.includes(u.source_task_id)) return false;
    return true;
  }

  add(units: readonly MemoryUnit[]): Promise<AddResult> {
    const result: AddResult = { added: [], deduped: [] };
    for (const u of units) {
      const twin = [...this.#units.values()].find((x) =>
        x.is_active && x.signature === u.signature
      );
      if (twin) result.deduped.push({ id: u.id, existingId: twin.id });
      else {
        this.#units.set(u.id, structuredClone(u));
        result.added.push(u.id);
      }
    }
    return Promise.resolve(result);
  }

  update(units: readonly MemoryUnit[]): Promise<void> {
    for (const u of units) {
      if (!this.#units.has(u.id)) {
        return Promise.reject(new Error(`update: unknown unit '${u.id}'`));
      }
      this.#units.set(u.id, structuredClone(u));
    }
    return Promise.resolve();
  }

  get(id: string): Promise<MemoryUnit | undefined> {
    const u = this.#units.get(id);
    return Promise.resolve(u ? structuredClone(u) : undefined);
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
    this.calls.push({ method: "list", filter });
    return Promise.resolve(
      [...this.#units.values()].filter((u) => this.#matches(u, filter)).map((u) =>
        structuredClone(u)
      ),
    );
  }

  count(filter?: UnitFilter): Promise<number> {
    return Promise.resolve(
      [...this.#units.values()].filter((u) => this.#matches(u, filter)).length,
    );
  }

  textSearch(query: string, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    this.calls.push({ method: "textSearch", k, filter });
    const docs = [...this.#units.values()].filter((u) => this.#matches(u, filter))
      .map((u) => ({ id: u.id, tokens: tokenize(contentText(u)) }));
    const terms = [...new Set(tokenize(query))];
    if (docs.length === 0 || terms.length === 0) return Promise.resolve([]);
    const avgLen = docs.reduce((n, d) => n + d.tokens.length, 0) / docs.length || 1;
    const df = new Map<string, number>();
    for (const d of docs) for (const t of new Set(d.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
    const out: ScoredId[] = [];
    for (const d of docs) {
      let score = 0;
      for (const t of terms) {
        const tf = d.tokens.filter((x) => x === t).length;
        if (tf === 0) continue;
        const n = df.get(t) ?? 0;
        const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
        score += idf * tf * (BM25_K1 + 1) /
          (tf + BM25_K1 * (1 - BM25_B + BM25_B * d.tokens.length / avgLen));
      }
      if (score > 0) out.push({ id: d.id, score });
    }
    return Promise.resolve(out.sort(byScoreThenId).slice(0, k));
  }

  vectorSearch(vector: Float32Array, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    this.calls.push({ method: "vectorSearch", k, filter });
    const out: ScoredId[] = [];
    for (const u of this.#units.values()) {
      if (!u.embedding || !this.#matches(u, filter)) continue;
      out.push({ id: u.id, score: cosine(vector, u.embedding) });
    }
    return Promise.resolve(out.sort(byScoreThenId).slice(0, k));
  }

  async exportAll(): Promise<StoreSnapshot> {
    return {
      units: [...this.#units.values()].map((u) => structuredClone(u)),
      edges: this.graph ? await this.graph.listEdges() : [],
    };
  }

  async importAll(snapshot: StoreSnapshot): Promise<void> {
    for (const u of snapshot.units) this.#units.set(u.id, structuredClone(u));
    if (this.graph) await this.graph.upsertEdges(snapshot.edges);
  }

  async health(): Promise<StoreHealth> {
    const active = await this.count();
    return {
      kind: this.kind,
      units: this.#units.size,
      active_units: active,
      cold_start: active < this.#coldStart,
      derived_edges: this.graph ? await this.graph.derivedEdgeCount() : 0,
    };
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }

  compact(): Promise<number> {
    const dead = [...this.#units.values()].filter((u) => !u.is_active).map((u) => u.id);
    for (const id of dead) this.#units.delete(id);
    return Promise.resolve(dead.length);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
