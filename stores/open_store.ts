/**
 * The store factory everybody calls: `openStore(plan, deps)` opens the store the plan names in
 * `plan.store.dir`. Graph stores load Kùzu lazily inside their own `open`, so opening a json,
 * vector or hybrid store never loads the native addon.
 *
 * @module
 */
import type { Plan } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import { GraphStore } from "./graph_store.ts";
import { HybridStore } from "./hybrid_store.ts";
import { JsonStore } from "./json_store.ts";
import { LlmGraphStore } from "./llm_graph_store.ts";
import { storeConfigOf } from "./store_config.ts";
import type { MemoryStore } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { VectorStore } from "./vector_store.ts";

/** Ports the stores need. */
export interface OpenStoreDeps {
  embedder: Embedder;
  clock: Clock;
  /** Used by `llm_graph` only; without it extraction is deterministic. */
  model?: ChatModel;
}

/** Opens (or creates) the store of `plan` in `plan.store.dir`. */
export async function openStore(
  plan: Pick<Plan, "store">,
  deps: OpenStoreDeps,
): Promise<MemoryStore> {
  const config = storeConfigOf(plan);
  if (deps.embedder.dim !== config.embedding_dim) {
    throw new StoreError(
      "embedding_dim",
      ["embedder", "dim"],
      `is ${deps.embedder.dim} but the plan's store expects ${config.embedding_dim}`,
    );
  }
  switch (plan.store.kind) {
    case "json":
      return await JsonStore.open(config, deps);
    case "vector":
      return await VectorStore.open(config, deps);
    case "hybrid":
      return await HybridStore.open(config, deps);
    case "graph":
      return await GraphStore.open(config, deps);
    case "llm_graph":
      return await LlmGraphStore.open(config, deps);
    default:
      throw new StoreError(
        "invalid_argument",
        ["plan", "store", "kind"],
        `unknown store kind '${plan.store.kind}'`,
      );
  }
}
