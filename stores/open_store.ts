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
import { checkEmbedder, embedderMismatch, writeEmbedderMarker } from "./embedder_marker.ts";
import { type StoreConfig, storeConfigOf } from "./store_config.ts";
import type { StoreKind } from "../core/space.ts";
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
  const recorded = await checkEmbedder(config.dir, deps.embedder);
  let store: MemoryStore;
  try {
    store = await openKind(plan.store.kind, config, deps);
  } catch (e) {
    // A store from before embedder ids were recorded: its dimension is all that is known.
    if (!recorded && e instanceof StoreError && dimensionRefusal(e)) {
      throw embedderMismatch(config.dir, { dim: e.message }, deps.embedder);
    }
    throw e;
  }
  if (!recorded) {
    try {
      await writeEmbedderMarker(config.dir, deps.embedder);
    } catch (e) {
      await store.close();
      throw e;
    }
  }
  return store;
}

/** A refusal that only says the files hold vectors of another length (snapshot or log). */
function dimensionRefusal(e: StoreError): boolean {
  return e.code === "embedding_dim" ||
    e.code === "corrupt_file" && e.path.at(-1) === "vector" && /bytes, expected/.test(e.message);
}

function openKind(
  kind: StoreKind,
  config: StoreConfig,
  deps: OpenStoreDeps,
): Promise<MemoryStore> {
  switch (kind) {
    case "json":
      return JsonStore.open(config, deps);
    case "vector":
      return VectorStore.open(config, deps);
    case "hybrid":
      return HybridStore.open(config, deps);
    case "graph":
      return GraphStore.open(config, deps);
    case "llm_graph":
      return LlmGraphStore.open(config, deps);
    default:
      throw new StoreError(
        "invalid_argument",
        ["plan", "store", "kind"],
        `unknown store kind '${kind}'`,
      );
  }
}
