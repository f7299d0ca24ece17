/**
 * Canonical-pool merge (docs/design.md#canonical-pool): after a search round, the winner's store is
 * folded back into the canonical pool. Only active units are kept, exact duplicates (same
 * signature) are folded into one survivor whose usage and success counts are the sums, and graph
 * edge statistics are carried over, with the entity nodes those edges still reach.
 *
 * The merge is idempotent: merging the same winner twice gives the same pool. Three rules make it
 * so:
 * - A unit present on both sides (same id) is the winner's version, whose counters are the
 *   maxima of both sides: the winner started from the canonical pool, so its counts already
 *   include the canonical ones, and a repeated merge cannot add them twice.
 * - A folded duplicate leaves a `supersedes` relation annotated {@linkcode POOL_MERGE_MARK} on its
 *   survivor; a later merge skips units whose id is marked so, instead of summing them again.
 *   (A consequence: usage a marked duplicate gains after being folded is not carried over.)
 * - A unit the winner deactivated is dropped from the pool (the winner's decision is the newer
 *   one); a unit the winner never had is kept.
 *
 * `maintainPool` then curates the canonical pool as the reference's search engine did:
 * quality_curation → utility_audit (with `handle_stale_unused`) → size_capped_prune, run by the
 * real management pipeline over a temporary json store. Pools move between providers with
 * `MemoryProvider.exportPool` / `importPool`.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import { join } from "node:path";
import { compileSpec, type ManagePlan } from "../core/compiler.ts";
import type { OpName } from "../core/presets.ts";
import type { Clock, Embedder } from "../core/ports.ts";
import { parseSpec } from "../core/spec.ts";
import { effectiveScore, type MemoryUnit, type Relation } from "../core/unit.ts";
import { openStore } from "../stores/open_store.ts";
import type { EntityNode, GraphEdge, StoreSnapshot } from "../stores/store_port.ts";
import { createManagementPipeline } from "./manage/mod.ts";
import type { ManagementFactory, StoreFactory } from "./open_memory.ts";
import type { OpRunRecord } from "./provider_port.ts";
import { embedUnits } from "./take_in.ts";

/** Annotation of the relation that records a duplicate folded into its survivor. */
export const POOL_MERGE_MARK = "pool_merge_duplicate";

/** Options of {@linkcode mergePools}. */
export interface MergeOptions {
  /** Time used to rank duplicates by effective score. */
  clock: Clock;
}

const laterTime = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : (Date.parse(b) > Date.parse(a) ? b : a);

const relKey = (r: Relation) => `${r.relation_type}\u0000${r.target_id}`;

function unionRelations(first: readonly Relation[], second: readonly Relation[]): Relation[] {
  const out = new Map<string, Relation>();
  for (const r of [...first, ...second]) if (!out.has(relKey(r))) out.set(relKey(r), { ...r });
  return [...out.values()];
}

function sameUnit(older: MemoryUnit, newer: MemoryUnit): MemoryUnit {
  return {
    ...newer,
    usage_count: Math.max(older.usage_count, newer.usage_count),
    success_count: Math.max(older.success_count, newer.success_count),
    access_count: Math.max(older.access_count, newer.access_count),
    last_accessed: laterTime(older.last_accessed, newer.last_accessed),
    relations: unionRelations(newer.relations, older.relations),
  };
}

function fold(survivor: MemoryUnit, victim: MemoryUnit): MemoryUnit {
  const mark: Relation = {
    target_id: victim.id,
    relation_type: "supersedes",
    weight: 1,
    annotation: POOL_MERGE_MARK,
  };
  return {
    ...survivor,
    usage_count: survivor.usage_count + victim.usage_count,
    success_count: survivor.success_count + victim.success_count,
    access_count: survivor.access_count + victim.access_count,
    last_accessed: laterTime(survivor.last_accessed, victim.last_accessed),
    relations: unionRelations(
      survivor.relations,
      [...victim.relations.filter((r) => r.target_id !== survivor.id), mark],
    ),
  };
}

function absorbedIds(units: Iterable<MemoryUnit>): Map<string, string> {
  const out = new Map<string, string>();
  for (const u of units) {
    for (const r of u.relations) {
      if (r.relation_type === "supersedes" && r.annotation === POOL_MERGE_MARK) {
        out.set(r.target_id, u.id);
      }
    }
  }
  return out;
}

function mergeUnits(
  canonical: readonly MemoryUnit[],
  winner: readonly MemoryUnit[],
  nowMs: number,
): { units: Map<string, MemoryUnit>; absorbed: Map<string, string> } {
  const activeCanonical = canonical.filter((u) => u.is_active);
  const absorbed = absorbedIds([...activeCanonical, ...winner.filter((u) => u.is_active)]);
  const byId = new Map<string, MemoryUnit>();
  for (const u of activeCanonical) if (!absorbed.has(u.id)) byId.set(u.id, structuredClone(u));
  for (const w of winner) {
    if (absorbed.has(w.id)) continue;
    const existing = byId.get(w.id);
    if (!w.is_active) byId.delete(w.id);
    else if (existing) byId.set(w.id, sameUnit(existing, structuredClone(w)));
    else byId.set(w.id, structuredClone(w));
  }
  // Exact duplicates fold into the unit with the higher effective score (the earlier on a tie).
  const bySignature = new Map<string, string>();
  for (const u of [...byId.values()]) {
    const otherId = bySignature.get(u.signature);
    const other = otherId === undefined ? undefined : byId.get(otherId);
    if (!other) {
      bySignature.set(u.signature, u.id);
      continue;
    }
    const incomingWins = effectiveScore(u, nowMs) > effectiveScore(other, nowMs);
    const [survivor, victim] = incomingWins ? [u, other] : [other, u];
    byId.delete(victim.id);
    byId.set(survivor.id, fold(survivor, victim));
    bySignature.set(u.signature, survivor.id);
    absorbed.set(victim.id, survivor.id);
  }
  // Resolve chains (a folded into b, b later folded into c) so edges land on the live unit; the
  // visited set stops on a cycle, which only a corrupt pool can contain.
  for (const [victim, survivor] of absorbed) {
    const visited = new Set([victim]);
    let s = survivor;
    while (absorbed.has(s) && !visited.has(s)) {
      visited.add(s);
      s = absorbed.get(s)!;
    }
    absorbed.set(victim, s);
  }
  return { units: byId, absorbed };
}

function mergeEdges(
  edges: readonly GraphEdge[],
  units: ReadonlyMap<string, MemoryUnit>,
  absorbed: ReadonlyMap<string, string>,
): GraphEdge[] {
  const remap = (node: string): string | undefined => {
    if (!node.startsWith("m:")) return node;
    const id = node.slice(2);
    const live = absorbed.get(id) ?? id;
    return units.has(live) ? `m:${live}` : undefined;
  };
  const out = new Map<string, GraphEdge>();
  for (const e of edges) {
    const source = remap(e.source);
    const target = remap(e.target);
    if (source === undefined || target === undefined || source === target) continue;
    const key = `${source}\u0000${target}\u0000${e.type}`;
    const prev = out.get(key);
    const next: GraphEdge = { ...e, source, target };
    if (prev) {
      for (const k of ["usage_count", "success_count"] as const) {
        const m = Math.max(prev[k] ?? 0, e[k] ?? 0);
        if (prev[k] !== undefined || e[k] !== undefined) next[k] = m;
      }
    }
    out.set(key, next);
  }
  return [...out.values()];
}

/**
 * Folds `winner` into `canonical` (see the module docs for the rules). Neither input is changed;
 * the result holds only active units and the edges whose unit endpoints survived.
 */
export function mergePools(
  canonical: StoreSnapshot,
  winner: StoreSnapshot,
  options: MergeOptions,
): StoreSnapshot {
  const { units, absorbed } = mergeUnits(canonical.units, winner.units, options.clock.now());
  const edges = mergeEdges([...canonical.edges, ...winner.edges], units, absorbed);
  const merged: StoreSnapshot = { units: [...units.values()], edges };
  if (canonical.entities || winner.entities) {
    merged.entities = liveEntities([...canonical.entities ?? [], ...winner.entities ?? []], edges);
  }
  return merged;
}

/** Entity nodes still attached to some edge, by id, the later attributes winning. */
function liveEntities(entities: readonly EntityNode[], edges: readonly GraphEdge[]): EntityNode[] {
  const used = new Set(edges.flatMap((e) => [e.source, e.target]));
  const out = new Map<string, EntityNode>();
  for (const e of entities) if (used.has(e.id)) out.set(e.id, structuredClone(e));
  return [...out.values()];
}

/** The canonical-pool maintenance ops, in the reference's order (docs/design.md#canonical-pool). */
export const POOL_MAINTENANCE_OPS: readonly OpName[] = [
  "quality_curation",
  "utility_audit",
  "size_capped_prune",
];

/** What {@linkcode maintainPool} needs. */
export interface MaintainDeps {
  embedder: Embedder;
  clock: Clock;
  /** Scratch parent directory for the temporary store (default: the system temp dir). */
  dir?: string;
  storeFactory?: StoreFactory;
  managementFactory?: ManagementFactory;
}

/** The curated pool and what each maintenance op did. */
export interface MaintainResult {
  pool: StoreSnapshot;
  ops: OpRunRecord[];
}

/**
 * Curates a pool: loads its active units into a temporary json store, runs
 * {@linkcode POOL_MAINTENANCE_OPS} once through the management pipeline (utility_audit with
 * `handle_stale_unused: true`), and returns the active units left plus the edges between them.
 * The temporary directory is removed afterwards.
 */
export async function maintainPool(
  snapshot: StoreSnapshot,
  deps: MaintainDeps,
): Promise<MaintainResult> {
  const spec = parseSpec({
    schema_version: "1",
    encode: ["tip"],
    store: "json",
    retrieve: "hybrid",
    manage: "lightweight",
  });
  if (!spec.ok) throw new AutomemError("internal", "the pool maintenance spec is invalid");
  const tmp = await Deno.makeTempDir({ dir: deps.dir, prefix: "automem_pool_" });
  try {
    const plan = compileSpec(spec.value, {
      baseDir: tmp,
      embeddingDim: deps.embedder.dim,
      opOverrides: { utility_audit: { handle_stale_unused: true } },
    });
    const manage: ManagePlan = {
      ...plan.manage,
      post_task: [],
      on_insert: [],
      periodic: [...POOL_MAINTENANCE_OPS],
    };
    const store = await (deps.storeFactory ?? openStore)(plan, {
      embedder: deps.embedder,
      clock: deps.clock,
    });
    try {
      const units = await embedUnits(snapshot.units.filter((u) => u.is_active), deps.embedder);
      await store.importAll({ units, edges: [] });
      const pipeline = await (deps.managementFactory ?? createManagementPipeline)(manage, {
        store,
        embedder: deps.embedder,
        clock: deps.clock,
      }, { dir: join(tmp, "manage") });
      const ops = await pipeline.runPeriodic();
      const kept = await store.list({ activeOnly: true });
      const live = new Set(kept.map((u) => u.id));
      const edges = snapshot.edges.filter((e) =>
        [e.source, e.target].every((n) => !n.startsWith("m:") || live.has(n.slice(2)))
      );
      const pool: StoreSnapshot = { units: kept, edges };
      if (snapshot.entities) pool.entities = liveEntities(snapshot.entities, edges);
      return { pool, ops };
    } finally {
      await store.close();
    }
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
}
