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
import { join } from "node:path";
import { AutomemError } from "../core/automem_error.ts";
import { systemClock } from "../core/clock.ts";
import { directoryStamp } from "../core/file_lock.ts";
import { SharedResource } from "../core/shared_resource.ts";
import { compileSpec } from "../core/compiler.ts";
import { WordVectorEmbedder } from "../core/word_vector_embedder.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import { type ArchitectureSpec, parseSpec } from "../core/spec.ts";
import { isEmptyScope, parseScope, type UnitScope } from "../core/unit_scope.ts";
import { openStore } from "../stores/open_store.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import { continuingIds } from "./ids.ts";
import { FORGOTTEN_FILE } from "./forget_audit.ts";
import { AutomemMemory, type OpenedMemory } from "./memory_client.ts";
import { MemoryInputError } from "./memory_input.ts";
import { ensureMemoryDir, MEMORY_LOCK_FILE } from "./memory_dir.ts";
import { openMemory } from "./open_memory.ts";
import { SessionRegistry } from "./runtime/session.ts";
import { TraceBook } from "./trace_book.ts";

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
  /**
   * Default scope (`user_id`, `agent_id`, `project`, `metadata`): stamped on every unit this
   * handle writes and required of every unit it reads, unless a call names its own fields.
   */
  scope?: UnitScope;
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
  const scope = parseScope(options.scope ?? {}, "scope");
  const embedder = options.embedder ?? new WordVectorEmbedder();
  const clock = options.clock ?? systemClock;
  const plan = compileSpec(parsed.value, { baseDir: options.dir, embeddingDim: embedder.dim });
  await ensureMemoryDir(options.dir);
  const ids = {
    prefix,
    next: (): string => {
      throw new AutomemError("closed", "unit ids are assigned once the store is open");
    },
  };
  // Kept across reopenings, so a task's session survives another process's write.
  const sessions = new SessionRegistry();
  const traces = new TraceBook();
  const open = async (): Promise<OpenedMemory> => {
    let store: MemoryStore | undefined;
    const provider = await openMemory(plan, {
      embedder,
      clock,
      model: options.models?.memory,
      signal: options.signal,
      newId: () => ids.next(),
      sessions,
      traces,
      storeFactory: async (p, deps) => {
        store = await openStore(p, deps);
        const existing = await store.list({ activeOnly: false });
        ids.next = continuingIds(ids.prefix, existing.map((u) => u.id));
        return store;
      },
    });
    return { provider, store: store! };
  };
  const shared = new SharedResource<OpenedMemory>({
    lockPath: join(options.dir, MEMORY_LOCK_FILE),
    open,
    close: (m) => m.provider.close(),
    stamp: () => directoryStamp(plan.store.dir),
    // Kùzu keeps its database locked while open; others can only open it between our turns.
    closeEachTurn: plan.store.kind === "graph" || plan.store.kind === "llm_graph",
  });
  // Open once now, so a damaged store or a foreign embedder fails here, not at the first call.
  await shared.run(() => Promise.resolve(), false);
  return new AutomemMemory({
    plan,
    shared,
    embedder,
    clock,
    ids,
    auditPath: join(options.dir, FORGOTTEN_FILE),
    ...(isEmptyScope(scope) ? {} : { scope }),
    signal: options.signal,
  });
}
