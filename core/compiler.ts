/**
 * Compiles a spec into a frozen, fully resolved {@linkcode Plan}: the store and its directory, the
 * retriever and its parameters, the management ops per trigger with their settings, and the fixed
 * runtime policy. Only settings that some module reads are included (the reference compiled seven
 * dead fields; see docs/design.md#compiler and docs/design.md#fix-dead-config).
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import { join } from "node:path";
import {
  OP_DEFAULTS,
  type OpName,
  type OpSettings,
  PERIODIC_INTERVAL,
  PRESETS,
} from "./presets.ts";
import { RUNTIME_POLICY, RUNTIME_POLICY_DIGEST, type RuntimePolicy } from "./runtime_policy.ts";
import { type ArchitectureSpec, fingerprint } from "./spec.ts";
import type { EncodeType, ManagePreset, RetrieverKind, StoreKind } from "./space.ts";

/** Units retrieved per query, for every retriever (the reference's compiled value). */
export const TOP_K = 4;

/** Parameters of each retriever (docs/design.md#retrievers); hybrid weights are explicit. */
export const RETRIEVER_DEFAULTS = {
  hybrid: {
    semantic_weight: 0.1,
    keyword_weight: 0.7,
    sub_k_min: 10,
    temporal_weight: 0.2,
    rrf_k: 0,
    feedback_docs: 0,
    feedback_weight: 0,
    length_exponent: 0,
    speaker_weight: 0,
    soft_match_weight: 0.5,
    soft_match_pool_idf: 1,
    expansion_weight: 0,
    expansion_words: 3,
    expansion_min_cosine: 0.6,
    episode_weight: 0.5,
    neighbour_weight: 0.4,
    neighbour_window: 2,
  },
  contrastive: {
    success_weight: 0.6,
    failure_weight: 0.4,
    neutral_weight: 0.5,
    success_k: 3,
    failure_k: 2,
    neutral_k: 2,
  },
  cbr_rerank: { content_weight: 0.7, rerank_pool_size: 15, cbr_weight: 0.5, llm_weight: 0.5 },
  graph: {
    seed_k: 3,
    max_hops: 1,
    decay_factor: 0.7,
    min_score: 0.1,
    expand_edge_types: ["SIMILAR", "COOCCURS", "REINFORCES", "HAS_ENTITY"],
    entity_bridge_max_degree: 25,
    entity_bridge_top_k: 8,
  },
  hyde: { n_hypotheses: 1 },
  mmr: { lambda: 0.5, candidate_pool_min: 20 },
} as const;

/** Store settings read by the stores. */
export const STORE_DEFAULTS: Readonly<Record<StoreKind, { cold_start_threshold: number }>> = {
  json: { cold_start_threshold: 5 },
  vector: { cold_start_threshold: 20 },
  hybrid: { cold_start_threshold: 20 },
  graph: { cold_start_threshold: 30 },
  llm_graph: { cold_start_threshold: 30 },
};

/** The resolved retriever section of a plan. */
export interface RetrievePlan {
  /** The retriever. */
  kind: RetrieverKind;
  /** Units retrieved per query. */
  top_k: number;
  /** Every parameter of the retriever, defaults merged with overrides. */
  params: Readonly<Record<string, number | string | readonly string[]>>;
}

/** The resolved management section of a plan. */
export interface ManagePlan {
  /** The preset the ops come from. */
  preset: ManagePreset;
  /** Ops run after every task, in order. */
  post_task: readonly OpName[];
  /** Ops run every `periodic_interval` tasks, in order. */
  periodic: readonly OpName[];
  /** Ops run when units are inserted, in order. */
  on_insert: readonly OpName[];
  /** Tasks between two periodic passes. */
  periodic_interval: number;
  /** The settings of every op above, defaults merged with overrides. */
  op_settings: Readonly<Partial<Record<OpName, OpSettings>>>;
}

/** A frozen, fully resolved architecture plan. */
export interface Plan {
  /** The spec it was compiled from. */
  spec: ArchitectureSpec;
  /** SHA-256 of the canonical spec. */
  fingerprint: string;
  /** Unit types extraction produces. */
  encode: readonly EncodeType[];
  /** Store kind, directory, embedding dimension and cold-start threshold. */
  store: { kind: StoreKind; dir: string; embedding_dim: number; cold_start_threshold: number };
  /** The retriever with every parameter explicit. */
  retrieve: RetrievePlan;
  /** The management ops per trigger, with their settings. */
  manage: ManagePlan;
  /** The frozen runtime policy and its digest. */
  runtime: RuntimePolicy & { digest: string };
}

/** Compiler options. */
export interface CompileOptions {
  /** Base directory; the store lives in `<baseDir>/store_<kind>`. */
  baseDir: string;
  /** Embedding dimension of the configured embedder (default 384). */
  embeddingDim?: number;
  /** Per-op setting overrides, merged over the defaults (validated keys only). */
  opOverrides?: Partial<Record<OpName, Record<string, number | boolean | string>>>;
  /** Retriever parameter overrides, merged over its defaults (validated keys only). */
  retrieveOverrides?: Readonly<Record<string, number>>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Compiles a valid spec into a frozen plan. */
export function compileSpec(spec: ArchitectureSpec, options: CompileOptions): Plan {
  const preset = PRESETS[spec.manage];
  const ops = [...new Set([...preset.post_task, ...preset.periodic, ...preset.on_insert])];
  const opSettings: Partial<Record<OpName, OpSettings>> = {};
  for (const op of ops) {
    const over = options.opOverrides?.[op] ?? {};
    for (const k of Object.keys(over)) {
      if (!(k in OP_DEFAULTS[op])) {
        throw new AutomemError("invalid_argument", `unknown setting '${k}' for op '${op}'`);
      }
    }
    opSettings[op] = { ...OP_DEFAULTS[op], ...over };
  }
  const params: Record<string, number | string | readonly string[]> = {
    ...RETRIEVER_DEFAULTS[spec.retrieve],
  };
  for (const [k, v] of Object.entries(options.retrieveOverrides ?? {})) {
    if (!(k in params)) {
      throw new AutomemError(
        "invalid_argument",
        `unknown parameter '${k}' for retriever '${spec.retrieve}'`,
      );
    }
    params[k] = v;
  }
  const plan: Plan = {
    spec: { ...spec, encode: [...spec.encode] },
    fingerprint: fingerprint(spec),
    encode: [...spec.encode],
    store: {
      kind: spec.store,
      dir: join(options.baseDir, `store_${spec.store}`),
      embedding_dim: options.embeddingDim ?? 384,
      cold_start_threshold: STORE_DEFAULTS[spec.store].cold_start_threshold,
    },
    retrieve: { kind: spec.retrieve, top_k: TOP_K, params },
    manage: {
      preset: spec.manage,
      post_task: [...preset.post_task],
      periodic: [...preset.periodic],
      on_insert: [...preset.on_insert],
      periodic_interval: PERIODIC_INTERVAL,
      op_settings: opSettings,
    },
    runtime: { ...RUNTIME_POLICY, digest: RUNTIME_POLICY_DIGEST },
  };
  return deepFreeze(plan);
}
