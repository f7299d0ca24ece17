/**
 * The store factory everybody calls: `openStore(plan, deps)` opens the store the plan names in
 * `plan.store.dir`. The graph stores' modules are loaded only when one is opened, by a computed
 * specifier: Deno's module graph of a program that imports the library stops here, so a json,
 * vector or hybrid store never downloads Kùzu (an npm package of about 500 MB with its native
 * builds) nor loads its addon. `deno task compile` includes both modules by name.
 *
 * @module
 */
import type { Plan } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type * as GraphStoreModule from "./graph_store.ts";
import { HybridStore } from "./hybrid_store.ts";
import { JsonStore } from "./json_store.ts";
import type * as LlmGraphStoreModule from "./llm_graph_store.ts";
import { checkEmbedder, embedderMismatch, writeEmbedderMarker } from "./embedder_marker.ts";
import { type StoreConfig, storeConfigOf } from "./store_config.ts";
import type { StoreKind } from "../core/space.ts";
import type { MemoryStore } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { VectorStore } from "./vector_store.ts";

// Computed, so the graph walk of `deno run` does not follow them (see the module comment).
const GRAPH_STORE = "./graph_store.ts";
const LLM_GRAPH_STORE = "./llm_graph_store.ts";
const loadGraphStore = () => import(GRAPH_STORE) as Promise<typeof GraphStoreModule>;
const loadLlmGraphStore = () => import(LLM_GRAPH_STORE) as Promise<typeof LlmGraphStoreModule>;

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

async function openKind(
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
      return (await loadGraphStore()).GraphStore.open(config, deps);
    case "llm_graph":
      return (await loadLlmGraphStore()).LlmGraphStore.open(config, deps);
    default:
      throw new StoreError(
        "invalid_argument",
        ["plan", "store", "kind"],
        `unknown store kind '${kind}'`,
      );
  }
}
