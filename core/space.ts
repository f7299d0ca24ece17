/**
 * The architecture space `automem-esrm-v1`: Encode x Store x Retrieve x Manage, its compatibility
 * rules, and enumeration. Counts are always computed by enumerating, never written down.
 *
 * @module
 */

/** Space identifier. */
export const SPACE_ID = "automem-esrm-v1";
/** The only supported spec schema version. */
export const SCHEMA_VERSION = "1";

/** Encode menu, in canonical order. */
export const ENCODE_TYPES = ["tip", "insight", "trajectory", "workflow", "shortcut"] as const;
/** Store options. */
export const STORE_KINDS = ["json", "vector", "hybrid", "graph", "llm_graph"] as const;
/** Retriever options. */
export const RETRIEVER_KINDS = [
  "hybrid",
  "contrastive",
  "cbr_rerank",
  "graph",
  "hyde",
  "mmr",
] as const;
/** Management presets. */
export const MANAGE_PRESETS = [
  "lightweight",
  "json_full",
  "tool_manager",
  "graph_consolidate",
] as const;

/** One encode type. */
export type EncodeType = typeof ENCODE_TYPES[number];
/** One store kind. */
export type StoreKind = typeof STORE_KINDS[number];
/** One retriever kind. */
export type RetrieverKind = typeof RETRIEVER_KINDS[number];
/** One management preset. */
export type ManagePreset = typeof MANAGE_PRESETS[number];

/** The five coordinates of an architecture, encode in canonical order. */
export interface Coordinates {
  encode: EncodeType[];
  store: StoreKind;
  retrieve: RetrieverKind;
  manage: ManagePreset;
}

/** Store kinds that carry a graph (edges, entities, neighbourhoods). */
export const GRAPH_STORES: readonly StoreKind[] = ["graph", "llm_graph"];

/** A violated compatibility rule: which field and why (reference wording). */
export interface CompatibilityViolation {
  field: "retrieve" | "manage";
  message: string;
}

/** Checks the two compatibility rules; an empty list means compatible. */
export function compatibilityViolations(
  c: Pick<Coordinates, "store" | "retrieve" | "manage">,
): CompatibilityViolation[] {
  const graphStore = GRAPH_STORES.includes(c.store);
  const out: CompatibilityViolation[] = [];
  if (c.retrieve === "graph" && !graphStore) {
    out.push({ field: "retrieve", message: "graph retrieval requires graph or llm_graph storage" });
  }
  if (c.manage === "graph_consolidate") {
    if (!graphStore) {
      out.push({
        field: "manage",
        message: "graph_consolidate requires graph or llm_graph storage",
      });
    }
    if (c.retrieve !== "graph") {
      out.push({
        field: "manage",
        message: "graph_consolidate requires graph retrieval with weighted SIMILAR edges feedback",
      });
    }
  }
  return out;
}

/** All 31 non-empty encode subsets, each in canonical order, ordered by bitmask. */
export function encodeSubsets(): EncodeType[][] {
  const out: EncodeType[][] = [];
  for (let mask = 1; mask < 1 << ENCODE_TYPES.length; mask++) {
    out.push(ENCODE_TYPES.filter((_, i) => mask & (1 << i)));
  }
  return out;
}

/** Every coordinate combination, valid or not, in a fixed order. */
export function* allCoordinates(): Generator<Coordinates> {
  for (const encode of encodeSubsets()) {
    for (const store of STORE_KINDS) {
      for (const retrieve of RETRIEVER_KINDS) {
        for (const manage of MANAGE_PRESETS) yield { encode, store, retrieve, manage };
      }
    }
  }
}

/** Every compatible architecture, in a fixed order (for sweeps and random search). */
export function* validCoordinates(): Generator<Coordinates> {
  for (const c of allCoordinates()) if (compatibilityViolations(c).length === 0) yield c;
}

/** The space manifest, as printed by `automem space`. */
export interface SpaceManifest {
  counts: {
    cartesian_total: number;
    compatible_total: number;
    encode: number;
    encode_subsets: number;
    manage: number;
    retrieve: number;
    store: number;
  };
  schema_version: string;
  space: { encode: string[]; manage: string[]; retrieve: string[]; store: string[] };
  space_id: string;
}

/** Builds the manifest by enumerating the space. */
export function spaceManifest(): SpaceManifest {
  let cartesian = 0;
  let compatible = 0;
  for (const c of allCoordinates()) {
    cartesian++;
    if (compatibilityViolations(c).length === 0) compatible++;
  }
  return {
    counts: {
      cartesian_total: cartesian,
      compatible_total: compatible,
      encode: ENCODE_TYPES.length,
      encode_subsets: encodeSubsets().length,
      manage: MANAGE_PRESETS.length,
      retrieve: RETRIEVER_KINDS.length,
      store: STORE_KINDS.length,
    },
    schema_version: SCHEMA_VERSION,
    space: {
      encode: [...ENCODE_TYPES],
      manage: [...MANAGE_PRESETS],
      retrieve: [...RETRIEVER_KINDS],
      store: [...STORE_KINDS],
    },
    space_id: SPACE_ID,
  };
}
