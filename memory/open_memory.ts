/**
 * `openMemory(plan, deps)`: wires the store, retriever, encoder and management pipeline a compiled
 * plan names into a {@linkcode MemoryProvider}. Every part has an injectable factory, so tests and
 * the search engine can substitute doubles or shared instances; the defaults are the real
 * modules (`stores/open_store.ts`, `retrieval/create_retriever.ts`, `memory/encoders`,
 * `memory/manage`).
 *
 * @module
 */
import type { ManagePlan, Plan } from "../core/compiler.ts";
import { AutomemError } from "../core/automem_error.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import { createRetriever } from "../retrieval/create_retriever.ts";
import type { RetrieverFactory } from "../retrieval/retriever_port.ts";
import { openStore } from "../stores/open_store.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import type { Encoder } from "./encoder_port.ts";
import { createEncoder } from "./encoders/mod.ts";
import { createManagementPipeline } from "./manage/mod.ts";
import type { ManageDeps, ManagementPipeline } from "./manage_port.ts";
import { GuidanceCallBudget, ManagementCalls } from "./call_budget.ts";
import { PlanMemoryProvider } from "./provider.ts";
import type { MemoryProvider } from "./provider_port.ts";
import type { SessionRegistry } from "./runtime/session.ts";
import type { TraceBook } from "./trace_book.ts";

/** Opens the store a plan names. */
export type StoreFactory = (
  plan: Plan,
  deps: { embedder: Embedder; clock: Clock; model?: ChatModel },
) => Promise<MemoryStore>;

/** Builds a management pipeline; `state.dir` holds its persisted task counter. */
export type ManagementFactory = (
  manage: ManagePlan,
  deps: ManageDeps,
  state?: { dir: string },
) => Promise<ManagementPipeline>;

/** What `openMemory` needs. */
export interface OpenMemoryDeps {
  embedder: Embedder;
  clock: Clock;
  /** Unit id generator; inject a deterministic one for offline runs. */
  newId: () => string;
  /** Memory-side model; absent offline. */
  model?: ChatModel;
  signal?: AbortSignal;
  /** Default: `createEncoder()` from `memory/encoders`. */
  encoder?: Encoder;
  /** Default: `createRetriever` from `retrieval/create_retriever.ts`. */
  retrieverFactory?: RetrieverFactory;
  /** Default: `openStore` from `stores/open_store.ts`. */
  storeFactory?: StoreFactory;
  /** Default: `createManagementPipeline` from `memory/manage`. */
  managementFactory?: ManagementFactory;
  /** Task sessions to continue (a memory reopened after another process wrote); default fresh. */
  sessions?: SessionRegistry;
  /** Task traces to continue; default a fresh book. */
  traces?: TraceBook;
}

/**
 * Opens the memory of a compiled plan: the store under `plan.store.dir` (reopened when it
 * exists), the plan's retriever over it, the encoder and the management pipeline whose task
 * counter persists beside the store. If a later part fails to build, the store is closed again.
 */
export async function openMemory(plan: Plan, deps: OpenMemoryDeps): Promise<MemoryProvider> {
  if (plan.store.embedding_dim !== deps.embedder.dim) {
    throw new AutomemError(
      "embedding_dim",
      `plan.store.embedding_dim is ${plan.store.embedding_dim} but the embedder ` +
        `'${deps.embedder.id}' produces ${deps.embedder.dim}-d vectors; compile the spec with ` +
        `embeddingDim: ${deps.embedder.dim}`,
    );
  }
  const store = await (deps.storeFactory ?? openStore)(plan, {
    embedder: deps.embedder,
    clock: deps.clock,
    model: deps.model,
  });
  // Retrieval and composition share a per-task call budget; management calls are repaid from it.
  const budget = deps.model ? new GuidanceCallBudget(deps.model) : undefined;
  try {
    const retriever = (deps.retrieverFactory ?? createRetriever)(plan.retrieve, {
      store,
      embedder: deps.embedder,
      model: budget,
      signal: deps.signal,
    });
    const management = await (deps.managementFactory ?? createManagementPipeline)(plan.manage, {
      store,
      embedder: deps.embedder,
      clock: deps.clock,
      model: deps.model && budget ? new ManagementCalls(deps.model, budget) : undefined,
      signal: deps.signal,
    }, { dir: plan.store.dir });
    return new PlanMemoryProvider({
      plan,
      store,
      retriever,
      encoder: deps.encoder ?? createEncoder(),
      management,
      embedder: deps.embedder,
      clock: deps.clock,
      newId: deps.newId,
      model: deps.model,
      callBudget: budget,
      signal: deps.signal,
      sessions: deps.sessions,
      traces: deps.traces,
    });
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
}
