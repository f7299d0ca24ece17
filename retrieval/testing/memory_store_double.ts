/**
 * The in-memory {@linkcode MemoryStore} test double shared by retrieval, memory and management
 * tests: brute-force cosine for `vectorSearch`, brute-force BM25 for `textSearch`, optional
 * in-memory {@linkcode GraphOps}. It follows the port literally (soft deletes, exact-signature
 * dedup among active units, filters honoured, results best first with ties by id, `update` never
 * touching edges) and copies units in and out, so code that mutates a unit without calling
 * `update` cannot corrupt the store and is caught by the tests. On graph kinds `add` writes the
 * HAS_MEMORY edge and the edges of `unit.relations` whose target is stored, as the graph stores
 * do. It counts calls, so tests can assert what a retriever asked for and how an op batched.
 *
 * @module
 */
import { matchesScope } from "../../core/unit_scope.ts";
import type { StoreKind } from "../../core/space.ts";
import { contentText, type MemoryUnit } from "../../core/unit.ts";
import type {
  AddResult,
  GraphEdge,
  GraphOps,
  MemoryStore,
  ScoredId,
  StoreHealth,
  StoreSnapshot,
  UnitFilter,
} from "../../stores/store_port.ts";
import { compareRanked } from "../../stores/top_k.ts";
import { tokenize } from "../lexical.ts";
import { cosine } from "../../core/vectors.ts";
import { GraphDouble } from "./graph_double.ts";

const BM25_K1 = 1.2;
const BM25_B = 0.75;

function matches(u: MemoryUnit, f: UnitFilter = {}): boolean {
  if ((f.activeOnly ?? true) && !u.is_active) return false;
  if (f.types && !f.types.includes(u.type)) return false;
  if (f.outcomes && !f.outcomes.includes(u.task_outcome)) return false;
  if (f.excludeTaskIds?.includes(u.source_task_id)) return false;
  return matchesScope(u, f.scope);
}

/** Options of {@linkcode MemoryStoreDouble}. */
export interface MemoryStoreDoubleOptions {
  /** Store kind reported to callers (default `json`). */
  kind?: StoreKind;
  /** Adds graph operations (default: true for `graph` and `llm_graph` kinds). */
  graph?: boolean;
  /** Below this many active units `health().cold_start` is true (default 5). */
  coldStartThreshold?: number;
}

/** The in-memory store double (see the module doc). */
export class MemoryStoreDouble implements MemoryStore {
  /** Store kind reported to callers. */
  readonly kind: StoreKind;
  /** Graph ops, on graph kinds. */
  readonly graph?: GraphOps;
  /** The graph double itself (same object as `graph`), for direct inspection. */
  readonly graphDouble?: GraphDouble;
  /** Search and list calls, for assertions on what a retriever asked. */
  readonly calls: { method: string; k?: number; filter?: UnitFilter }[] = [];
  /** Number of `update` calls so far. */
  updateCalls = 0;
  /** Number of `flush` calls so far. */
  flushes = 0;
  readonly #units = new Map<string, MemoryUnit>();
  readonly #coldStart: number;

  /** An empty store. */
  constructor(options: MemoryStoreDoubleOptions = {}) {
    this.kind = options.kind ?? "json";
    const withGraph = options.graph ?? (this.kind === "graph" || this.kind === "llm_graph");
    if (withGraph) this.graph = this.graphDouble = new GraphDouble();
    this.#coldStart = options.coldStartThreshold ?? 5;
  }

  add(units: readonly MemoryUnit[]): Promise<AddResult> {
    const result: AddResult = { added: [], deduped: [] };
    for (const u of units) {
      const twin = [...this.#units.values()].find((x) =>
        x.is_active && x.signature === u.signature
      );
      if (twin) {
        result.deduped.push({ id: u.id, existingId: twin.id });
        continue;
      }
      this.#units.set(u.id, structuredClone(u));
      result.added.push(u.id);
      this.graphDouble?.put(this.#structuralEdges(u));
    }
    return Promise.resolve(result);
  }

  #structuralEdges(u: MemoryUnit): GraphEdge[] {
    const edges: GraphEdge[] = [{
      source: `q:${u.source_task_id}`,
      target: `m:${u.id}`,
      type: "HAS_MEMORY",
      weight: 1,
    }];
    for (const r of u.relations) {
      if (!this.#units.has(r.target_id)) continue;
      edges.push({
        source: `m:${u.id}`,
        target: `m:${r.target_id}`,
        type: r.relation_type.toUpperCase(),
        weight: r.weight,
      });
    }
    return edges;
  }

  update(units: readonly MemoryUnit[]): Promise<void> {
    this.updateCalls++;
    // All-or-nothing: an unknown id rejects the whole batch before anything is written.
    const unknown = units.find((u) => !this.#units.has(u.id));
    if (unknown) return Promise.reject(new Error(`update: unknown unit '${unknown.id}'`));
    for (const u of units) this.#units.set(u.id, structuredClone(u));
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
    const out = [...this.#units.values()].filter((u) => matches(u, filter));
    return Promise.resolve(out.map((u) => structuredClone(u)));
  }

  count(filter?: UnitFilter): Promise<number> {
    return Promise.resolve([...this.#units.values()].filter((u) => matches(u, filter)).length);
  }

  textSearch(query: string, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    this.calls.push({ method: "textSearch", k, filter });
    const docs = [...this.#units.values()].filter((u) => matches(u, filter))
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
    return Promise.resolve(out.sort(compareRanked).slice(0, k));
  }

  vectorSearch(vector: Float32Array, k: number, filter?: UnitFilter): Promise<ScoredId[]> {
    this.calls.push({ method: "vectorSearch", k, filter });
    const out: ScoredId[] = [];
    for (const u of this.#units.values()) {
      if (!u.embedding || !matches(u, filter)) continue;
      out.push({ id: u.id, score: cosine(vector, u.embedding) });
    }
    return Promise.resolve(out.sort(compareRanked).slice(0, k));
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
      cold_start: active < this.#coldStart,
      derived_edges: this.graph ? await this.graph.derivedEdgeCount() : 0,
    };
  }

  flush(): Promise<void> {
    this.flushes++;
    return Promise.resolve();
  }

  purge(ids: readonly string[]): Promise<MemoryUnit[]> {
    const removed = [...new Set(ids)].flatMap((id) => {
      const u = this.#units.get(id);
      return u ? [u] : [];
    });
    for (const u of removed) this.#units.delete(u.id);
    this.graphDouble?.dropNodes(new Set(removed.map((u) => `m:${u.id}`)));
    return Promise.resolve(removed);
  }

  compact(): Promise<number> {
    const dead = [...this.#units.values()].filter((u) => !u.is_active).map((u) => u.id);
    for (const id of dead) this.#units.delete(id);
    this.graphDouble?.dropNodes(new Set(dead.map((id) => `m:${id}`)));
    return Promise.resolve(dead.length);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
