/**
 * What a store is opened with: its settings (from the compiled plan) and the injected ports.
 *
 * @module
 */
import type { Plan } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";

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
