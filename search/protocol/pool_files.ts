/**
 * Canonical-pool files: conversion between store snapshots and `PoolFile`s, the per-candidate
 * import view (only the unit types the candidate encodes), and compact atomic writes. Embeddings
 * are not persisted: they are a pure function of a unit's text and the embedder, and providers
 * re-embed on import, which keeps pool files small.
 *
 * @module
 */
import { writeFileAtomic } from "../../core/atomic_write.ts";
import { digestOf } from "../../core/canonical_json.ts";
import type { ArchitectureSpec } from "../../core/spec.ts";
import type { StoreSnapshot } from "../../stores/store_port.ts";
import { ARTIFACT_SCHEMA_VERSION, type PoolFile, PoolFileSchema } from "../artifacts.ts";

/** An empty pool. */
export function emptyPool(): PoolFile {
  return {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    merges: [],
    maintained_rounds: [],
    units: [],
    edges: [],
  };
}

/** A pool file from a snapshot (embeddings dropped, units sorted by id for stable bytes). */
export function poolFromSnapshot(
  snapshot: StoreSnapshot,
  merges: readonly string[],
  maintained: readonly number[],
): PoolFile {
  const units = snapshot.units.map((u) => ({ ...u, embedding: null }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const key = (e: { source: string; target: string; type: string }) =>
    `${e.source}\u0000${e.target}\u0000${e.type}`;
  const edges = [...snapshot.edges].sort((
    a,
    b,
  ) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return PoolFileSchema.parse({
    schema_version: ARTIFACT_SCHEMA_VERSION,
    merges: [...merges],
    maintained_rounds: [...maintained],
    units,
    edges,
  });
}

/** The snapshot a pool file stands for. */
export function snapshotOf(pool: PoolFile): StoreSnapshot {
  return { units: pool.units.map((u) => ({ ...u })), edges: pool.edges.map((e) => ({ ...e })) };
}

/** What a candidate imports: active units of the types it encodes, and edges among them. */
export function importViewFor(pool: PoolFile, spec: ArchitectureSpec): StoreSnapshot {
  const types = new Set<string>(spec.encode);
  const units = pool.units.filter((u) => u.is_active && types.has(u.type)).map((u) => ({ ...u }));
  const live = new Set(units.map((u) => u.id));
  const edges = pool.edges.filter((e) =>
    [e.source, e.target].every((n) => !n.startsWith("m:") || live.has(n.slice(2)))
  ).map((e) => ({ ...e }));
  return { units, edges };
}

/** Counts of active units by type. */
export function poolStats(
  pool: PoolFile,
): { total_units: number; by_type: Record<string, number> } {
  const by: Record<string, number> = {};
  for (const u of pool.units) if (u.is_active) by[u.type] = (by[u.type] ?? 0) + 1;
  return { total_units: Object.values(by).reduce((s, n) => s + n, 0), by_type: by };
}

/** sha256 of a pool's canonical JSON (binds snapshots to what was read from them). */
export function poolSha(pool: PoolFile): string {
  return digestOf(pool);
}

/** A pool file's text: compact JSON (pools are the largest artifacts). */
export function poolText(pool: PoolFile): string {
  return JSON.stringify(PoolFileSchema.parse(pool)) + "\n";
}

/** Writes a pool file atomically. */
export async function writePool(path: string, pool: PoolFile): Promise<void> {
  await writeFileAtomic(path, poolText(pool));
}
