/**
 * {@linkcode createMemory}: one call from an architecture spec (e.g. a search's winner) to a
 * working memory in a directory. It parses and compiles the spec for the embedder's dimension,
 * opens (or reopens) the store, and picks unit ids that continue after the ones already stored,
 * so reopening never collides. The result is an {@linkcode AutomemMemory}; use it with
 * `await using` and it closes itself.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMemory } from "./create_memory.ts";
 * const dir = await Deno.makeTempDir();
 * {
 *   await using memory = await createMemory({
 *     spec: { schema_version: "1", encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight" },
 *     dir,
 *   });
 *   await memory.add("Open the chest before leaving the first room.");
 *   const [hit] = await memory.search("chest in the first room");
 *   assert.match(String(hit.unit.content.principle), /chest/);
 * }
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @module
 */
import { systemClock } from "../core/clock.ts";
import { compileSpec } from "../core/compiler.ts";
import { WordVectorEmbedder } from "../core/word_vector_embedder.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import { type ArchitectureSpec, parseSpec } from "../core/spec.ts";
import { openStore } from "../stores/open_store.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import { continuingIds } from "./ids.ts";
import { AutomemMemory, MemoryInputError } from "./memory_client.ts";
import { openMemory } from "./open_memory.ts";

/** The models a memory may use; without one, extraction and composition run offline rules. */
export interface MemoryModels {
  /** Extraction, query planning, composition and model-driven management ops. */
  memory?: ChatModel;
}

/** Options of {@linkcode createMemory}. */
export interface CreateMemoryOptions {
  /** An architecture spec, as JSON data or already parsed (validated here either way). */
  spec: ArchitectureSpec | unknown;
  /** Directory the store lives in (created when absent, reopened when present). */
  dir: string;
  /** Default: none (offline extraction and composition). */
  models?: MemoryModels;
  /**
   * Default: the offline word-vector embedder (`wordvec-sg100-v1`, 100-d). A store records its
   * embedder and refuses another one (`embedder_mismatch`).
   */
  embedder?: Embedder;
  /** Default: the system clock. */
  clock?: Clock;
  /** Prefix of the ids of units this memory creates (default `m`). */
  idPrefix?: string;
  /** Aborts in-flight model and embedding calls. */
  signal?: AbortSignal;
}

/** Opens the memory a spec describes in `dir`. Throws {@linkcode MemoryInputError} on a bad spec. */
export async function createMemory(options: CreateMemoryOptions): Promise<AutomemMemory> {
  const parsed = parseSpec(options.spec);
  if (!parsed.ok) throw new MemoryInputError("invalid_spec", "spec", parsed.issues);
  if (typeof options.dir !== "string" || options.dir.trim() === "") {
    throw new MemoryInputError("invalid_argument", "dir", [
      { code: "missing_field", path: ["dir"], message: "dir must be a non-empty path" },
    ]);
  }
  const prefix = options.idPrefix ?? "m";
  if (!/^[A-Za-z0-9_.:-]+$/.test(prefix)) {
    throw new MemoryInputError("invalid_argument", "idPrefix", [
      { code: "invalid_format", path: ["idPrefix"], message: "use letters, digits or _.:- only" },
    ]);
  }
  const embedder = options.embedder ?? new WordVectorEmbedder();
  const clock = options.clock ?? systemClock;
  const plan = compileSpec(parsed.value, { baseDir: options.dir, embeddingDim: embedder.dim });
  const ids = {
    prefix,
    next: (): string => {
      throw new Error("unreachable: ids are assigned once the store is open");
    },
  };
  let store: MemoryStore | undefined;
  const provider = await openMemory(plan, {
    embedder,
    clock,
    model: options.models?.memory,
    signal: options.signal,
    newId: () => ids.next(),
    storeFactory: async (p, deps) => {
      store = await openStore(p, deps);
      const existing = await store.list({ activeOnly: false });
      ids.next = continuingIds(ids.prefix, existing.map((u) => u.id));
      return store;
    },
  });
  return new AutomemMemory({
    provider,
    store: store!,
    embedder,
    clock,
    ids,
    signal: options.signal,
  });
}
