/**
 * A small in-memory {@linkcode MemoryProvider} and the matching {@linkcode SearchServices} for
 * engine tests: keyword retrieval over units, one unit per successful (or, with `insight`,
 * failed) task, full traces, pool export/import and an id-keyed merge. Deterministic and fast,
 * so search tests run the real protocol without the real memory core. The baseline is the real
 * {@linkcode NoMemoryProvider}, as in production.
 *
 * @module
 */
import type { Plan } from "../../core/compiler.ts";
import { isoUtc } from "../../core/clock.ts";
import type { Clock, Embedder } from "../../core/ports.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../../core/trajectory.ts";
import { contentText, type MemoryUnit, MemoryUnitSchema, unitSignature } from "../../core/unit.ts";
import type {
  EndTrace,
  Guidance,
  MemoryProvider,
  RankedUnit,
  RetrievalTrace,
  TaskTrace,
} from "../../memory/provider_port.ts";
import { emptyEndTrace, NoMemoryProvider } from "../../memory/no_memory.ts";
import type { StoreSnapshot } from "../../stores/store_port.ts";
import type { SearchServices } from "../service_port.ts";
import type { Benchmark } from "../../bench/benchmark_port.ts";

const words = (s: string) =>
  new Set(s.toLowerCase().split(/[^a-z0-9:]+/).filter((w) => w.length > 2));

/** Keyword memory over a plain unit list. */
export class FakeMemoryProvider implements MemoryProvider {
  /** The compiled plan. */
  readonly plan: Plan;
  #units: MemoryUnit[] = [];
  readonly #traces = new Map<string, TaskTrace>();
  readonly #clock: Clock;
  readonly #newId: () => string;
  readonly #signal?: AbortSignal;
  readonly #embedder?: Embedder;

  /** A provider for `plan`. */
  constructor(
    plan: Plan,
    deps: { clock: Clock; newId: () => string; signal?: AbortSignal; embedder?: Embedder },
  ) {
    this.plan = plan;
    this.#clock = deps.clock;
    this.#newId = deps.newId;
    this.#signal = deps.signal;
    this.#embedder = deps.embedder;
  }

  #trace(id: string): TaskTrace {
    let t = this.#traces.get(id);
    if (!t) this.#traces.set(id, t = { task_id: id, retrievals: [] });
    return t;
  }

  /** Ranks active units by shared words with the task text (never the task's own units). */
  #rank(text: string, k: number, exclude: readonly string[]): RankedUnit[] {
    const q = words(text);
    return this.#units.filter((u) => u.is_active && !exclude.includes(u.source_task_id))
      .map((unit) => ({
        unit,
        score: [...words(contentText(unit))].filter((w) => q.has(w)).length / Math.max(1, q.size),
      }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || (a.unit.id < b.unit.id ? -1 : 1))
      .slice(0, k);
  }

  /** Injects the best unit when anything matches. */
  beginTask(task: TaskContext): Promise<Guidance | null> {
    const trace = this.#trace(task.id);
    trace.retrievals = [];
    const ranked = this.#rank(task.text, this.plan.retrieve.top_k, [task.id]);
    const injected = ranked.slice(0, 1);
    const text = injected.map((r) => `${contentText(r.unit)} [memory:${r.unit.id}]`).join("\n");
    const rt: RetrievalTrace = {
      phase: "begin",
      outcome: this.#units.length === 0
        ? "empty_store"
        : injected.length
        ? "injected"
        : "no_candidates",
      query: { literal: task.text, abstract: "", planner: "literal" },
      retriever: this.plan.retrieve.kind,
      candidates: ranked.map((r) => ({
        id: r.unit.id,
        type: r.unit.type,
        score: r.score,
        method: "keyword",
        text: contentText(r.unit),
        source_task_id: r.unit.source_task_id,
      })),
      injected_ids: injected.map((r) => r.unit.id),
      composer: injected.length ? "fallback" : "none",
      guidance_tokens: Math.ceil(text.length / 4),
      used_edges: [],
    };
    trace.retrievals.push(rt);
    return Promise.resolve(
      injected.length
        ? { phase: "begin", text, unit_ids: rt.injected_ids, tokens: rt.guidance_tokens }
        : null,
    );
  }

  /** Never refreshes. */
  refresh(_task: TaskContext, _progress: string): Promise<Guidance | null> {
    return Promise.resolve(null);
  }

  /** Stores one unit of the first encode type (insight only after failures). */
  endTask(task: TaskContext, trajectory: Trajectory, outcome: TaskOutcome): Promise<EndTrace> {
    const end = emptyEndTrace();
    const trace = this.#trace(task.id);
    end.used_unit_ids = trace.retrievals.flatMap((r) => r.injected_ids);
    // Like the real management pipeline, an interrupted run skips post-task management.
    const type = this.#signal?.aborted
      ? undefined
      : outcome.success
      ? this.plan.encode.find((t) => t !== "insight")
      : this.plan.encode.includes("insight")
      ? "insight"
      : undefined;
    if (type) {
      const content = {
        principle: trajectory.final_answer ?? task.text,
        topic: String(task.metadata?.family ?? ""),
      };
      const signature = unitSignature(content);
      if (this.#units.some((u) => u.is_active && u.signature === signature)) end.deduped++;
      else {
        const unit = MemoryUnitSchema.parse({
          id: this.#newId(),
          type,
          signature,
          content,
          source_task_id: task.id,
          task_outcome: outcome.success ? "success" : "failure",
          created_at: isoUtc(this.#clock.now()),
        });
        this.#units.push(unit);
        end.inserted_ids.push(unit.id);
        end.extracted.push({ type, units: 1, mode: "offline" });
      }
    }
    trace.end = end;
    return Promise.resolve(end);
  }

  /** Stores nothing. */
  ingest(task: TaskContext, _trajectory: Trajectory): Promise<EndTrace> {
    const end = emptyEndTrace();
    this.#trace(task.id).end = end;
    return Promise.resolve(end);
  }

  /** Keyword search. */
  search(query: string, k: number, excludeTaskIds: readonly string[] = []): Promise<RankedUnit[]> {
    return Promise.resolve(this.#rank(query, k, excludeTaskIds));
  }

  /** The trace of a task. */
  traceOf(taskId: string): TaskTrace | undefined {
    return this.#traces.get(taskId);
  }

  /** All units. */
  exportPool(): Promise<StoreSnapshot> {
    return Promise.resolve({ units: this.#units.map((u) => ({ ...u })), edges: [] });
  }

  /**
   * Replaces units by id. Like the real stores, the imported units are embedded first (under the
   * run's signal), so an interrupt during an import fails the import as the real one does.
   */
  async importPool(pool: StoreSnapshot): Promise<void> {
    await this.#embedder?.embed(pool.units.map(contentText), this.#signal);
    const ids = new Set(pool.units.map((u) => u.id));
    this.#units = [
      ...this.#units.filter((u) => !ids.has(u.id)),
      ...pool.units.map((u) => ({ ...u })),
    ];
  }

  /** Nothing to release. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Services over the fake provider and `benchmark`; merge is a union by id (winner wins). */
export function fakeServices(
  benchmark: Benchmark,
  overrides: Partial<SearchServices> = {},
): SearchServices {
  return {
    createBenchmark: () => Promise.resolve(benchmark),
    openMemory: (plan, deps) => Promise.resolve(new FakeMemoryProvider(plan, deps)),
    noMemory: () => new NoMemoryProvider(),
    mergePools: (canonical, winner) => {
      const byId = new Map(canonical.units.map((u) => [u.id, u]));
      for (const u of winner.units) byId.set(u.id, u);
      return {
        units: [...byId.values()].filter((u) => u.is_active),
        edges: [...canonical.edges, ...winner.edges],
      };
    },
    maintainPool: (pool) =>
      Promise.resolve({ units: pool.units.filter((u) => u.is_active), edges: pool.edges }),
    ...overrides,
  };
}
