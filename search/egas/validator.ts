/**
 * Proposal validation and repair (docs/design.md#proposers). Proposals arrive in either the spec
 * shape (`encode/store/retrieve/manage`) or the reference's search shape; a repair keeps the
 * proposer's intent where the rules allow it and records every change it made.
 *
 * Deviation from the reference: graph retrieval (or `graph_consolidate`) on a non-graph store
 * switches the store to `graph` instead of dropping the retrieval to `hybrid`, because the
 * retriever is usually the deliberate choice and the store the oversight.
 *
 * @module
 */
import type { Issue } from "../../core/issues.ts";
import {
  ENCODE_TYPES,
  GRAPH_STORES,
  RETRIEVER_KINDS,
  SCHEMA_VERSION,
  STORE_KINDS,
} from "../../core/space.ts";
import { type ArchitectureSpec, parseSpec } from "../../core/spec.ts";

/** Legacy retrieval names the reference maps to current ones. */
export const LEGACY_RETRIEVALS: Readonly<Record<string, string>> = {
  semantic: "hybrid",
  keyword: "hybrid",
  tag: "hybrid",
  bm25: "hybrid",
  cbr: "cbr_rerank",
  hybrid_graph: "graph",
};

/** A validated proposal, with the repairs that made it valid. */
export type Normalised =
  | { ok: true; spec: ArchitectureSpec; repairs: string[] }
  | { ok: false; issues: Issue[] };

function asObject(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : null;
}

/** Brings either shape to spec-shaped fields, without judging validity yet. */
function toFields(arch: Record<string, unknown>): Record<string, unknown> {
  if (!("extract_types" in arch)) return { ...arch };
  const routing = asObject(arch.storage_routing) ?? {};
  const stores = Object.values(routing).filter((s): s is string => typeof s === "string");
  const counts = new Map<string, number>();
  for (const s of stores) {
    if ((STORE_KINDS as readonly string[]).includes(s)) {
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
  }
  // Majority valid store, ties by menu order; no valid store at all → json (reference).
  let store = "json";
  let best = 0;
  for (const s of STORE_KINDS) {
    if ((counts.get(s) ?? 0) > best) {
      best = counts.get(s)!;
      store = s;
    }
  }
  return {
    schema_version: SCHEMA_VERSION,
    encode: arch.extract_types,
    store: stores.length ? store : arch.store ?? "json",
    retrieve: arch.retrieval,
    manage: arch.management,
  };
}

/** Applies the repair rules; returns the repaired fields and a description of each repair. */
export function repairArchitecture(
  input: unknown,
): { fields: Record<string, unknown>; repairs: string[] } {
  const repairs: string[] = [];
  const raw = asObject(input);
  if (!raw) return { fields: {}, repairs };
  const f = toFields(raw);
  const known = ["schema_version", "encode", "store", "retrieve", "manage"];
  const shapeKeys = "extract_types" in raw
    ? ["extract_types", "storage_routing", "retrieval", "management"]
    : known;
  for (const k of Object.keys(raw).sort()) {
    if (!shapeKeys.includes(k)) repairs.push(`dropped unknown field '${k}'`);
  }
  for (const k of Object.keys(f)) if (!known.includes(k)) delete f[k];
  if ("extract_types" in raw) {
    const routing = asObject(raw.storage_routing) ?? {};
    if (new Set(Object.values(routing)).size > 1) {
      repairs.push(`storage_routing: mixed stores → one common store '${f.store}'`);
    }
  }
  f.schema_version ??= SCHEMA_VERSION;
  if (typeof f.encode === "string") f.encode = [f.encode];
  if (Array.isArray(f.encode)) {
    const kept: string[] = [];
    for (const t of f.encode) {
      if (typeof t !== "string" || !(ENCODE_TYPES as readonly string[]).includes(t)) {
        repairs.push(`encode: dropped unknown type ${JSON.stringify(t)}`);
      } else if (kept.includes(t)) repairs.push(`encode: dropped duplicate '${t}'`);
      else kept.push(t);
    }
    f.encode = kept;
  }
  if (
    typeof f.retrieve === "string" && !(RETRIEVER_KINDS as readonly string[]).includes(f.retrieve)
  ) {
    const mapped = LEGACY_RETRIEVALS[f.retrieve];
    if (mapped) {
      repairs.push(`retrieve: legacy '${f.retrieve}' → '${mapped}'`);
      f.retrieve = mapped;
    }
  }
  const graphStore = (GRAPH_STORES as readonly unknown[]).includes(f.store);
  if ((f.retrieve === "graph" || f.manage === "graph_consolidate") && !graphStore) {
    repairs.push(
      `store: '${String(f.store)}' → 'graph' (${
        f.retrieve === "graph" ? "graph retrieval" : "graph_consolidate"
      } needs a graph store)`,
    );
    f.store = "graph";
  }
  if (f.manage === "graph_consolidate" && f.retrieve !== "graph") {
    repairs.push(`manage: 'graph_consolidate' → 'json_full' (needs graph retrieval)`);
    f.manage = "json_full";
  }
  return { fields: f, repairs };
}

/** Validates a proposal strictly, then once more after repair. */
export function normaliseArchitecture(input: unknown): Normalised {
  const strict = parseSpec(input);
  if (strict.ok) return { ok: true, spec: strict.value, repairs: [] };
  const { fields, repairs } = repairArchitecture(input);
  if (typeof input !== "object" || input === null || Array.isArray(input)) return strict;
  // Proposals usually omit `schema_version`; filling it in is not worth recording as a repair.
  const again = parseSpec(fields);
  return again.ok ? { ok: true, spec: again.value, repairs } : again;
}
