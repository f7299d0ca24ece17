/**
 * What a store is opened with: its settings (from the compiled plan) and the injected ports, and
 * the table and base-store options every store derives from them.
 *
 * @module
 */
import type { Plan } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type { StoreKind } from "../core/space.ts";
import type { BaseStoreOptions } from "./base_store.ts";
import type { UnitTableOptions } from "./unit_table.ts";

/** Store settings, normally `plan.store`. */
export interface StoreConfig {
  /** Directory holding every file of the store. */
  dir: string;
  embedding_dim: number;
  cold_start_threshold: number;
  /** Log length that triggers an automatic snapshot (default 1000, or the unit count if larger). */
  checkpoint_after?: number;
}

/** Ports a store may use. */
export interface StoreDeps {
  /** Re-encodes stale units on update; embeds entity names in `llm_graph`. */
  embedder: Embedder;
  /** Timestamps of entity nodes. */
  clock: Clock;
  /** Entity and fact extraction in `llm_graph` (optional: offline extraction otherwise). */
  model?: ChatModel;
}

/** The store settings of a plan. */
export function storeConfigOf(plan: Pick<Plan, "store">): StoreConfig {
  return { ...plan.store };
}

/** The options of the unit table in `config.dir`. */
export function tableOptionsOf(config: StoreConfig): UnitTableOptions {
  return { dir: config.dir, dim: config.embedding_dim, checkpointAfter: config.checkpoint_after };
}

/** The {@linkcode BaseStoreOptions} of a `kind` store opened with `config` and `deps`. */
export function baseOptionsOf(
  kind: StoreKind,
  config: StoreConfig,
  deps: StoreDeps,
): BaseStoreOptions {
  return { kind, embedder: deps.embedder, coldStartThreshold: config.cold_start_threshold };
}
