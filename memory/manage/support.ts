/**
 * Helpers shared by the management ops: node ids, vectors, relations and their graph edges,
 * batched commits, and creating units derived from others.
 *
 * @module
 */
import { compactScope } from "../../core/unit_scope.ts";
import { AutomemError } from "../../core/automem_error.ts";
import { isoUtc } from "../../core/clock.ts";
import type { OpName } from "../../core/presets.ts";
import type { EncodeType } from "../../core/space.ts";
import {
  contentText,
  type MemoryUnit,
  MemoryUnitSchema,
  type Relation,
  storageTokens,
  unitSignature,
} from "../../core/unit.ts";
import { isUsableVector } from "../../core/vectors.ts";
import { edgeKey } from "../../stores/graph_schema.ts";
import type { EntityRef, GraphEdge } from "../../stores/store_port.ts";
import { parseContent } from "../unit_content.ts";
import type { OpContext } from "./op_types.ts";

/** `source_task_id` of units synthesised by ops; they belong to no task, so never co-occur. */
export const SYNTHETIC_TASK_IDS: ReadonlySet<string> = new Set(["cross_task", "cluster_merge"]);

/** Clamps `x` into `[lo, hi]`. */
export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Graph node id of a unit. */
export function mNode(id: string): string {
  return `m:${id}`;
}

/** A node id as given, or the unit node of a bare unit id (retrievers may report either). */
export function asNode(x: string): string {
  return /^[mqe]:/.test(x) ? x : mNode(x);
}

/** Orders units by id, so every op visits them in the same order on every run. */
export function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A vector per unit: the stored embedding, or one computed now from `contentText` for units that
 * have none (not persisted; ops only compare). One embedder call covers all missing units.
 */
export async function vectorsOf(
  ctx: OpContext,
  units: readonly MemoryUnit[],
): Promise<Map<string, ArrayLike<number>>> {
  const out = new Map<string, ArrayLike<number>>();
  const missing: MemoryUnit[] = [];
  for (const u of units) {
    if (isUsableVector(u.embedding)) out.set(u.id, u.embedding);
    else missing.push(u);
  }
  if (missing.length > 0) {
    const vs = await ctx.embedder.embed(missing.map((u) => contentText(u)), ctx.signal);
    missing.forEach((u, i) => {
      if (isUsableVector(vs[i])) out.set(u.id, vs[i]);
    });
  }
  return out;
}

/** Adds a relation unless one of that type to that target exists; true when added. */
export function addRelation(
  unit: MemoryUnit,
  target: string,
  type: Relation["relation_type"],
  weight = 1,
  annotation = "",
): boolean {
  if (unit.relations.some((r) => r.target_id === target && r.relation_type === type)) return false;
  unit.relations.push({ target_id: target, relation_type: type, weight, annotation });
  return true;
}

/** A unit-to-unit link to mirror as a graph edge. */
export interface Link {
  from: string;
  to: string;
  /** Relation type; the edge type is its upper-case form. */
  type: Relation["relation_type"];
  weight: number;
}

/**
 * Mirrors relations as graph edges on graph stores. `update` never touches edges (reference bug
 * docs/design.md#fix-graph-edges), so ops write the edges they mean explicitly; feedback counts of
 * an existing edge with the same key are kept.
 */
export async function linkEdges(ctx: OpContext, links: readonly Link[]): Promise<void> {
  if (!ctx.graph || links.length === 0) return;
  const types = [...new Set(links.map((l) => l.type.toUpperCase()))];
  const existing = new Map((await ctx.graph.listEdges(types)).map((e) => [edgeKey(e), e]));
  const edges = links.map((l): GraphEdge => {
    const edge: GraphEdge = {
      source: mNode(l.from),
      target: mNode(l.to),
      type: l.type.toUpperCase(),
      weight: l.weight,
    };
    const old = existing.get(edgeKey(edge));
    if (old?.usage_count !== undefined) edge.usage_count = old.usage_count;
    if (old?.success_count !== undefined) edge.success_count = old.success_count;
    return edge;
  });
  await ctx.graph.upsertEdges(edges);
}

/** Parses an entity node id `e:<type>:<name>`. */
export function entityOf(node: string): EntityRef | undefined {
  const m = /^e:([^:]+):(.+)$/.exec(node);
  return m ? { type: m[1], name: m[2] } : undefined;
}

/** A unit an op derived from other units, with those source units. */
export interface Derived {
  unit: MemoryUnit;
  sources: readonly MemoryUnit[];
}

/**
 * On graph stores, links each derived unit to its sources: a `type` edge to every source, then
 * the sources' entities attached to it, so entity-based retrieval reaches it like its sources.
 */
export async function linkDerived(
  ctx: OpContext,
  derived: readonly Derived[],
  type: Relation["relation_type"],
): Promise<void> {
  await linkEdges(
    ctx,
    derived.flatMap((d) => d.sources.map((s) => ({ from: d.unit.id, to: s.id, type, weight: 1 }))),
  );
  if (!ctx.graph || derived.length === 0) return;
  const byUnit = new Map<string, string[]>();
  for (const e of await ctx.graph.listEdges(["HAS_ENTITY"])) {
    byUnit.set(e.source, [...byUnit.get(e.source) ?? [], e.target]);
  }
  for (const { unit, sources } of derived) {
    const nodes = [...new Set(sources.flatMap((s) => byUnit.get(mNode(s.id)) ?? []))].sort();
    const entities = nodes.map(entityOf).filter((e): e is EntityRef => e !== undefined);
    if (entities.length > 0) await ctx.graph.linkEntities(unit.id, entities);
  }
}

/**
 * Writes one op's changes in one batch: `update(changed)` first, then `remove(removed)`, so a
 * victim's last field changes (e.g. `superseded_by`) are kept and the soft delete wins.
 */
export async function commit(
  ctx: OpContext,
  changed: Iterable<MemoryUnit>,
  removed: Iterable<string> = [],
): Promise<{ updated: number; deactivated: number }> {
  const units = [...new Map([...changed].map((u) => [u.id, u])).values()];
  const ids = [...new Set(removed)];
  if (units.length > 0) await ctx.store.update(units);
  const deactivated = ids.length > 0 ? await ctx.store.remove(ids) : 0;
  return { updated: units.length, deactivated };
}

/**
 * Adds the drafts' units in one batch and returns the drafts whose unit the store kept, in
 * order; a draft whose unit the store deduplicated away is dropped, so no link points at it.
 */
export async function addDrafts<D extends { unit: MemoryUnit }>(
  ctx: OpContext,
  drafts: readonly D[],
): Promise<D[]> {
  const added = new Set((await ctx.store.add(drafts.map((d) => d.unit))).added);
  return drafts.filter((d) => added.has(d.unit.id));
}

/** Units of the task's `used_unit_ids` that still exist and are active, in first-use order. */
export async function usedUnits(ctx: OpContext): Promise<MemoryUnit[]> {
  const out: MemoryUnit[] = [];
  for (const id of new Set(ctx.task?.used_unit_ids ?? [])) {
    const u = await ctx.store.get(id);
    if (u?.is_active) out.push(u);
  }
  return out;
}

/** Fields of a unit an op creates; everything else takes the schema defaults. */
export interface NewUnitInit {
  type: EncodeType;
  content: Record<string, unknown>;
  source_task_id: string;
  source_task_query?: string;
  task_outcome: MemoryUnit["task_outcome"];
  confidence: number;
  source_refs: string[];
  extraction_model: string;
  relations?: Relation[];
  use_when?: string[];
  avoid_when?: string[];
  applicable_task_types?: string[];
  is_negative_example?: boolean;
}

/**
 * The turn or step refs a consolidated unit cites: its members' `source_refs`, deduplicated in
 * member order. Never the members' unit ids: evidence recall reads refs as turns.
 */
export function memberRefs(members: readonly Pick<MemoryUnit, "source_refs">[]): string[] {
  return [...new Set(members.flatMap((m) => m.source_refs))];
}

/** What a unit derived from `source` inherits from it: task, outcome, confidence and scope. */
export function inheritedFrom(
  source: MemoryUnit,
): Omit<NewUnitInit, "type" | "content" | "extraction_model"> {
  return {
    source_task_id: source.source_task_id,
    source_task_query: source.source_task_query,
    task_outcome: source.task_outcome,
    confidence: source.confidence,
    source_refs: [...source.source_refs],
    use_when: [...source.use_when],
    avoid_when: [...source.avoid_when],
    applicable_task_types: [...source.applicable_task_types],
  };
}

/**
 * Why `content` is not valid content of a `type` unit (the encoders' schemas), or undefined.
 * Ops hold what they write to the same standard as extraction
 * (docs/design.md#fix-content-validation).
 */
export function contentProblem(
  type: EncodeType,
  content: Record<string, unknown>,
): string | undefined {
  const parsed = parseContent(type, content);
  if (parsed.ok) return undefined;
  return parsed.issues.map((i) => `${i.path.join(".") || "content"}: ${i.message}`).join("; ");
}

/**
 * Builds, signs and embeds a unit made by `op`; throws when the content is not valid for its
 * type (an op bug, reported in the op's record). The id comes from `ctx.newId`, seeded with the
 * op's inputs and the content signature, so offline runs create identical ids.
 */
export async function createUnit(
  ctx: OpContext,
  op: OpName,
  init: NewUnitInit,
  seed: readonly string[],
): Promise<MemoryUnit> {
  const problem = contentProblem(init.type, init.content);
  if (problem) {
    throw new AutomemError("internal", `${op} built invalid ${init.type} content: ${problem}`);
  }
  const signature = unitSignature(init.content);
  const draft = {
    ...init,
    id: ctx.newId(op, [...seed, signature]),
    signature,
    created_at: isoUtc(ctx.now),
    confidence: clamp(init.confidence, 0, 1),
    use_when: init.use_when ?? [],
  };
  const text = contentText(draft);
  const [vector] = await ctx.embedder.embed([text], ctx.signal);
  return MemoryUnitSchema.parse({
    ...draft,
    ...compactScope(ctx.scope),
    storage_tokens: storageTokens(text),
    embedding: isUsableVector(vector) ? Array.from(vector) : null,
  });
}

/** Recomputes signature, token estimate and embedding after a content change. */
export async function refreshDerived(ctx: OpContext, unit: MemoryUnit): Promise<void> {
  unit.signature = unitSignature(unit.content);
  const text = contentText(unit);
  unit.storage_tokens = storageTokens(text);
  const [vector] = await ctx.embedder.embed([text], ctx.signal);
  unit.embedding = isUsableVector(vector) ? Array.from(vector) : null;
}
