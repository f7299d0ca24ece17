/**
 * Graph retrieval (docs/design.md#retriever-graph, with the fixes of
 * docs/design.md#fix-graph-retrieval). Seeds are the `seed_k` best units by cosine (at least
 * `min_score`); expansion then runs `max_hops` rounds over unit-to-unit edges (SIMILAR, COOCCURS,
 * REINFORCES...) and entity bridges (unit → HAS_ENTITY → entity → other units), propagating `p =
 * base · weight · decay_factor`. Every result is ranked by score, ties by id, and labelled
 * `graph_seed` or `graph`.
 *
 * Fixes: HAS_MEMORY (which only leads to query nodes) is never expanded; the cold-start guard
 * counts only edges expansion can use (SIMILAR, COOCCURS, entity bridges), not SUPERSEDES or
 * REINFORCES; an edge is recorded only when it reached or raised a unit, and `used_edges` keeps
 * only edges on a path to a returned unit. Each used edge is
 * recorded in traversal order `(m:from, m:to, TYPE)`, so a consumer walks from a returned unit
 * back to its seed by following targets to sources; edge feedback looks an edge up in either
 * orientation. Entity-bridge hops are not recorded: they are structural, not learnable weights.
 *
 * @module
 */
import type { RetrievePlan } from "../core/compiler.ts";
import type { MemoryUnit } from "../core/unit.ts";
import type { GraphOps, Neighbour } from "../stores/store_port.ts";
import { RetrieverConfigError } from "./errors.ts";
import { countParam, numberParam, stringListParam } from "./params.ts";
import {
  admissible,
  byKeyThenId,
  defineRetriever,
  excludedSet,
  searchQuery,
  topByRank,
} from "./ranking.ts";
import type { Retriever, RetrieverDeps, ScoredUnit } from "./retriever_port.ts";
import { isUsableVector } from "../core/vectors.ts";

const UNIT_PREFIX = "m:";
const ENTITY_PREFIX = "e:";
/** Edge types whose presence makes expansion worth running on a cold store. */
const AVAILABILITY_TYPES = ["SIMILAR", "COOCCURS"];

/** Keeps the edges on a path to one of `ids`: walk targets back to sources until stable. */
export function supportingEdges(
  edges: readonly [string, string, string][],
  ids: Iterable<string>,
): [string, string, string][] {
  const needed = new Set([...ids].map((id) => UNIT_PREFIX + id));
  const kept = new Set<number>();
  let changed = true;
  while (changed) {
    changed = false;
    edges.forEach(([source, target], i) => {
      if (!kept.has(i) && needed.has(target)) {
        kept.add(i);
        needed.add(source);
        changed = true;
      }
    });
  }
  return edges.filter((_, i) => kept.has(i));
}

async function expansionAvailable(
  graph: GraphOps,
  expandTypes: readonly string[],
): Promise<boolean> {
  const direct = AVAILABILITY_TYPES.filter((t) => expandTypes.includes(t));
  if (direct.length > 0) {
    const edges = await graph.listEdges(direct);
    if (edges.some((e) => e.source.startsWith(UNIT_PREFIX) && e.target.startsWith(UNIT_PREFIX))) {
      return true;
    }
  }
  if (!expandTypes.includes("HAS_ENTITY")) return false;
  const unitsPerEntity = new Map<string, Set<string>>();
  for (const e of await graph.listEdges(["HAS_ENTITY"])) {
    const set = unitsPerEntity.get(e.target) ?? new Set<string>();
    set.add(e.source);
    if (set.size >= 2) return true;
    unitsPerEntity.set(e.target, set);
  }
  return false;
}

/** Builds the graph retriever; the store must expose graph operations. */
export function createGraphRetriever(plan: RetrievePlan, deps: RetrieverDeps): Retriever {
  const graph = deps.store.graph;
  if (!graph) {
    throw new RetrieverConfigError(
      "missing_dependency",
      "deps.store.graph",
      `the graph retriever needs a graph or llm_graph store, got a '${deps.store.kind}' store`,
    );
  }
  const seedK = countParam(plan, "seed_k");
  const maxHops = numberParam(plan, "max_hops", { min: 0, integer: true });
  const decay = numberParam(plan, "decay_factor", { min: 0, minExclusive: true, max: 1 });
  const minScore = numberParam(plan, "min_score", { min: 0 });
  const expandTypes = stringListParam(plan, "expand_edge_types").filter((t) => t !== "HAS_MEMORY");
  const maxDegree = countParam(plan, "entity_bridge_max_degree");
  const bridgeTopK = countParam(plan, "entity_bridge_top_k");

  return defineRetriever("graph", async (query, topK, result) => {
    if (!isUsableVector(query.embedding)) {
      result.notes.push("query has no usable embedding: no seeds");
      return result;
    }
    const health = await deps.store.health();
    if (health.active_units === 0) {
      result.notes.push("empty store");
      return result;
    }
    const excluded = excludedSet(query);
    const unitCache = new Map<string, MemoryUnit | null>();
    const unitOf = async (id: string): Promise<MemoryUnit | null> => {
      if (!unitCache.has(id)) {
        const u = await deps.store.get(id);
        unitCache.set(id, u && admissible(u, excluded, query.scope) ? u : null);
      }
      return unitCache.get(id) ?? null;
    };

    const found = new Map<string, ScoredUnit>();
    const seeds = await searchQuery(deps.store, query, { vector: query.embedding }, seedK);
    for (const h of seeds.hits) {
      const unit = seeds.units.get(h.id)!;
      unitCache.set(h.id, unit);
      if (h.score >= minScore) found.set(h.id, { unit, score: h.score, method: "graph_seed" });
    }
    if (found.size === 0) {
      result.notes.push(`no seed reached min_score ${minScore}`);
      return result;
    }

    let hops = maxHops;
    if (hops > 0 && health.cold_start && !(await expansionAvailable(graph, expandTypes))) {
      result.notes.push(
        "cold store without SIMILAR/COOCCURS edges or entity bridges: no expansion",
      );
      hops = 0;
    }
    /** Sets or raises a unit's score; true when the score changed. */
    const raise = (unit: MemoryUnit, p: number): boolean => {
      const prev = found.get(unit.id);
      if (!prev) found.set(unit.id, { unit, score: p, method: "graph" });
      else if (p > prev.score) prev.score = p;
      else return false;
      return true;
    };
    const entityCache = new Map<string, Neighbour[] | null>();
    const entityNeighbours = async (node: string): Promise<Neighbour[] | null> => {
      if (!entityCache.has(node)) {
        const all = await graph.neighbours(node);
        if (all.length > maxDegree) {
          result.notes.push(
            `entity ${node} skipped as a hub (degree ${all.length} > ${maxDegree})`,
          );
          entityCache.set(node, null);
        } else entityCache.set(node, all);
      }
      return entityCache.get(node) ?? null;
    };

    const used: [string, string, string][] = [];
    const usedKeys = new Set<string>();
    const visited = new Set<string>();
    let frontier = [...found.keys()];
    for (let hop = 0; hop < hops && frontier.length > 0; hop++) {
      const next = new Set<string>();
      for (const id of [...frontier].sort()) {
        if (visited.has(id)) continue;
        visited.add(id);
        const base = found.get(id)!.score;
        const from = UNIT_PREFIX + id;
        for (const n of await graph.neighbours(from, expandTypes)) {
          const p = base * n.weight * decay;
          if (p < minScore) continue;
          if (n.node.startsWith(UNIT_PREFIX) && n.type !== "HAS_ENTITY") {
            const unit = n.node === from ? null : await unitOf(n.node.slice(UNIT_PREFIX.length));
            // An edge that neither reaches nor improves a unit (e.g. back to the seed) is
            // not evidence for anything, so it is neither followed further nor recorded.
            if (!unit || !raise(unit, p)) continue;
            next.add(unit.id);
            const key = `${from}|${n.node}|${n.type}`;
            if (!usedKeys.has(key)) {
              usedKeys.add(key);
              used.push([from, n.node, n.type]);
            }
          } else if (n.node.startsWith(ENTITY_PREFIX)) {
            const members = await entityNeighbours(n.node);
            if (!members) continue;
            const best = new Map<string, number>();
            for (const m of members) {
              if (!m.node.startsWith(UNIT_PREFIX) || m.node === from) continue;
              const q = p * decay * m.weight;
              if (q >= minScore) best.set(m.node, Math.max(best.get(m.node) ?? 0, q));
            }
            const bridged: { unit: MemoryUnit; p: number }[] = [];
            for (const [node, q] of best) {
              const unit = await unitOf(node.slice(UNIT_PREFIX.length));
              if (unit) bridged.push({ unit, p: q });
            }
            bridged.sort(byKeyThenId((b) => b.p * b.unit.confidence, (b) => b.unit.id));
            for (const b of bridged.slice(0, bridgeTopK)) {
              if (raise(b.unit, b.p)) next.add(b.unit.id);
            }
          }
        }
      }
      frontier = [...next].filter((id) => !visited.has(id));
    }

    result.units = topByRank([...found.values()], topK);
    result.used_edges = supportingEdges(used, result.units.map((s) => s.unit.id));
    return result;
  });
}
