/**
 * The memory provider of a compiled plan: the object an agent or benchmark drives through
 * `beginTask` → at most one `refresh` → `endTask`, plus `ingest` for conversations, `search` for
 * evaluation and pool export/import for the search loop. Every method runs under one
 * promise-chain mutex, so concurrent calls never interleave (the reference held an RLock).
 *
 * Build one with `openMemory` (memory/open_memory.ts), which wires the store, retriever, encoder
 * and management pipeline the plan names.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import { matchesScope, type UnitScope } from "../core/unit_scope.ts";
import type { Plan } from "../core/compiler.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";
import type { Retriever } from "../retrieval/retriever_port.ts";
import type { StoreSnapshot } from "../stores/store_port.ts";
import type { EndTrace, Guidance, MemoryProvider, RankedUnit, TaskTrace } from "./provider_port.ts";
import type { GuidanceCallBudget } from "./call_budget.ts";
import { fromExcludedTask } from "./exclusion.ts";
import { type GuidanceContext, provideGuidance } from "./provide_guidance.ts";
import { buildQuery } from "./runtime/query.ts";
import { SessionRegistry } from "./runtime/session.ts";
import { SerialQueue } from "../core/serial_queue.ts";
import { embedUnits, takeIn, type TakeInContext, type UsedMemory } from "./take_in.ts";
import { TraceBook } from "./trace_book.ts";

/** The parts a provider is assembled from: what extraction needs, plus retrieval and state. */
export interface ProviderParts extends TakeInContext {
  retriever: Retriever;
  /** Defaults to a fresh registry with the policy's refresh budget. */
  sessions?: SessionRegistry;
  /** Defaults to a fresh, bounded trace book. */
  traces?: TraceBook;
  /** When set, guidance (planner, composer) calls go through it, within each task's budget. */
  callBudget?: GuidanceCallBudget;
}

/** Error raised when a closed provider is used. */
export class ProviderClosedError extends AutomemError {
  /** Builds the error for the method that was called. */
  constructor(method: string) {
    super("provider_closed", `memory provider is closed: ${method}() cannot run`);
    this.name = "ProviderClosedError";
  }
}

/** {@linkcode MemoryProvider} over a compiled plan. */
export class PlanMemoryProvider implements MemoryProvider {
  /** The compiled plan. */
  readonly plan: Plan;
  readonly #parts: ProviderParts;
  readonly #sessions: SessionRegistry;
  readonly #traces: TraceBook;
  readonly #queue = new SerialQueue();
  #closed = false;

  /** Assembles a provider from its parts (see `openMemory`). */
  constructor(parts: ProviderParts) {
    this.plan = parts.plan;
    this.#parts = parts;
    this.#sessions = parts.sessions ?? new SessionRegistry();
    this.#traces = parts.traces ?? new TraceBook();
  }

  #guidanceContext(): GuidanceContext {
    const model = this.#parts.callBudget ?? this.#parts.model;
    return { ...this.#parts, model, sessions: this.#sessions, traces: this.#traces };
  }

  #guidance(task: TaskContext, phase: "begin" | "in", progress = ""): Promise<Guidance | null> {
    const run = () => provideGuidance(this.#guidanceContext(), task, phase, progress);
    const budget = this.#parts.callBudget;
    return budget ? budget.within(task.id, run) : run();
  }

  #takeInContext(): TakeInContext {
    return this.#parts;
  }

  #serial<T>(method: string, fn: () => Promise<T>): Promise<T> {
    return this.#queue.run(() => {
      if (this.#closed) return Promise.reject(new ProviderClosedError(method));
      return fn();
    });
  }

  /** BEGIN: starts (or restarts) the task's session and returns guidance, or null. */
  beginTask(task: TaskContext): Promise<Guidance | null> {
    return this.#serial("beginTask", () => this.#guidance(task, "begin"));
  }

  /** IN: the one refresh at an explicit boundary; `progress` is the agent's context so far. */
  refresh(task: TaskContext, progress: string): Promise<Guidance | null> {
    return this.#serial("refresh", () => this.#guidance(task, "in", progress));
  }

  #used(taskId: string): UsedMemory {
    const trace = this.#traces.get(taskId);
    const unitIds = new Set<string>();
    const edges = new Map<string, [string, string, string]>();
    for (const r of trace?.retrievals ?? []) {
      for (const id of r.injected_ids) unitIds.add(id);
      for (const e of r.used_edges) edges.set(e.join("\u0000"), e);
    }
    return { unitIds: [...unitIds], edges: [...edges.values()] };
  }

  /** Extraction, storage and management for a finished task; closes its session. */
  endTask(task: TaskContext, trajectory: Trajectory, outcome: TaskOutcome): Promise<EndTrace> {
    return this.#serial("endTask", async () => {
      const used = this.#used(task.id);
      this.#sessions.close(task.id);
      this.#parts.callBudget?.forget(task.id);
      const end = await takeIn(this.#takeInContext(), task, trajectory, outcome, used);
      this.#traces.setEnd(task.id, end);
      return end;
    });
  }

  /** Extraction and storage of material without an outcome (a conversation). */
  ingest(task: TaskContext, trajectory: Trajectory): Promise<EndTrace> {
    return this.#serial("ingest", async () => {
      const end = await takeIn(this.#takeInContext(), task, trajectory, undefined, {
        unitIds: [],
        edges: [],
      });
      this.#traces.setEnd(task.id, end);
      return end;
    });
  }

  /**
   * Ranked units for a query through the plan's retriever, never from `excludeTaskIds` nor
   * consolidated from their units (`exclusion.ts`).
   */
  search(
    query: string,
    k: number,
    excludeTaskIds: readonly string[] = [],
    scope?: UnitScope,
  ): Promise<RankedUnit[]> {
    if (!Number.isInteger(k) || k < 1) {
      return Promise.reject(new RangeError(`search: k must be a positive integer, got ${k}`));
    }
    return this.#serial("search", async () => {
      const p = this.#parts;
      if (await p.store.count() === 0) return [];
      const q = await buildQuery(p.plan.retrieve.kind, query, "", p);
      const result = await p.retriever.retrieve({ ...q, excludeTaskIds, scope }, k);
      const excluded = new Set(excludeTaskIds);
      const out: RankedUnit[] = [];
      for (const s of result.units) {
        if (out.length === k) break;
        if (!matchesScope(s.unit, scope)) continue;
        if (await fromExcludedTask(s.unit, excluded, (id) => p.store.get(id))) continue;
        out.push({ unit: s.unit, score: s.score });
      }
      return out;
    });
  }

  /** A copy of everything recorded for the task, or undefined. */
  traceOf(taskId: string): TaskTrace | undefined {
    return this.#traces.get(taskId);
  }

  /** The whole store (units and edges), for the search loop's canonical pool. */
  exportPool(): Promise<StoreSnapshot> {
    return this.#serial("exportPool", async () => {
      await this.#parts.store.flush();
      return await this.#parts.store.exportAll();
    });
  }

  /**
   * Seeds the store from a snapshot (ids kept, existing ids replaced). Units whose embedding is
   * missing or of another dimension are re-embedded with this provider's embedder first.
   */
  importPool(pool: StoreSnapshot): Promise<void> {
    return this.#serial("importPool", async () => {
      const p = this.#parts;
      const units = await embedUnits(pool.units, p.embedder, p.signal);
      await p.store.importAll({ ...pool, units });
      await p.store.flush();
    });
  }

  /** Flushes and closes the store; later calls fail with {@linkcode ProviderClosedError}. */
  close(): Promise<void> {
    return this.#serial("close", async () => {
      this.#closed = true;
      await this.#parts.store.flush();
      await this.#parts.store.close();
    });
  }
}
