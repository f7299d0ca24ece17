/**
 * A scripted {@linkcode MemoryProvider} for benchmark tests: it returns canned guidance (with the
 * cited units recorded in its trace, as the real provider does), records every lifecycle call,
 * and answers `search` from a callback.
 *
 * @module
 */
import type { Plan } from "../../core/compiler.ts";
import type { EncodeType } from "../../core/space.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../../core/trajectory.ts";
import { estimateTokens } from "../../core/usage.ts";
import type {
  EndTrace,
  Guidance,
  MemoryProvider,
  RankedUnit,
  TaskTrace,
} from "../../memory/provider_port.ts";
import { emptyEndTrace } from "../../memory/no_memory.ts";
import type { StoreSnapshot } from "../../stores/store_port.ts";

/** One canned unit: cited by the guidance and listed in the trace. */
export interface CannedUnit {
  /** The unit id the guidance cites. */
  id: string;
  /** Its encode type. */
  type: EncodeType;
  /** Its text. */
  text: string;
}

/** Canned guidance: its text and the units it cites. */
export interface CannedGuidance {
  /** The guidance text. */
  text: string;
  /** The units it cites (default none). */
  units?: CannedUnit[];
}

/** Options of {@linkcode CannedProvider}. */
export interface CannedProviderOptions {
  /** The plan to report (default null, like the baseline). */
  plan?: Plan;
  /** Guidance for `beginTask` (default none). */
  begin?: (task: TaskContext) => CannedGuidance | null;
  /** Guidance for `refresh` mid-task (default none). */
  refresh?: (task: TaskContext, progress: string) => CannedGuidance | null;
  /** Results for `search` (default none). */
  search?: (query: string, k: number, exclude: readonly string[]) => RankedUnit[];
}

/** The canned provider; `plan` is null like the baseline's unless one is given. */
export class CannedProvider implements MemoryProvider {
  /** The given plan, or null. */
  readonly plan: Plan | null;
  /** Recorded calls. */
  readonly calls = {
    begin: [] as TaskContext[],
    refresh: [] as { task: TaskContext; progress: string }[],
    end: [] as { task: TaskContext; trajectory: Trajectory; outcome: TaskOutcome }[],
    ingest: [] as { task: TaskContext; trajectory: Trajectory }[],
    search: [] as { query: string; k: number; exclude: readonly string[] }[],
  };
  readonly #opts: CannedProviderOptions;
  readonly #traces = new Map<string, TaskTrace>();

  /** Builds the provider. */
  constructor(opts: CannedProviderOptions = {}) {
    this.#opts = opts;
    this.plan = opts.plan ?? null;
  }

  #guide(task: TaskContext, phase: "begin" | "in", g: CannedGuidance | null): Guidance | null {
    const trace = this.#traces.get(task.id) ?? { task_id: task.id, retrievals: [] };
    this.#traces.set(task.id, trace);
    const units = g?.units ?? [];
    trace.retrievals.push({
      phase,
      outcome: g ? "injected" : "no_candidates",
      query: { literal: task.text, abstract: "", planner: "literal" },
      retriever: "canned",
      candidates: units.map((u) => ({
        ...u,
        score: 1,
        method: "canned",
        source_task_id: "canned",
      })),
      injected_ids: units.map((u) => u.id),
      composer: g ? "fallback" : "none",
      guidance_tokens: g ? estimateTokens(g.text) : 0,
      used_edges: [],
    });
    if (!g) return null;
    return {
      phase,
      text: g.text,
      unit_ids: units.map((u) => u.id),
      tokens: estimateTokens(g.text),
    };
  }

  /** Returns the canned BEGIN guidance. */
  beginTask(task: TaskContext): Promise<Guidance | null> {
    this.calls.begin.push(task);
    this.#traces.delete(task.id);
    return Promise.resolve(this.#guide(task, "begin", this.#opts.begin?.(task) ?? null));
  }

  /** Returns the canned refresh guidance. */
  refresh(task: TaskContext, progress: string): Promise<Guidance | null> {
    this.calls.refresh.push({ task, progress });
    return Promise.resolve(this.#guide(task, "in", this.#opts.refresh?.(task, progress) ?? null));
  }

  /** Records the end of a task. */
  endTask(task: TaskContext, trajectory: Trajectory, outcome: TaskOutcome): Promise<EndTrace> {
    this.calls.end.push({ task, trajectory, outcome });
    return Promise.resolve(emptyEndTrace());
  }

  /** Records an ingestion. */
  ingest(task: TaskContext, trajectory: Trajectory): Promise<EndTrace> {
    this.calls.ingest.push({ task, trajectory });
    return Promise.resolve(emptyEndTrace());
  }

  /** Answers from the search callback (empty without one). */
  search(query: string, k: number, excludeTaskIds: readonly string[] = []): Promise<RankedUnit[]> {
    this.calls.search.push({ query, k, exclude: excludeTaskIds });
    return Promise.resolve(this.#opts.search?.(query, k, excludeTaskIds) ?? []);
  }

  /** The recorded trace of a task. */
  traceOf(taskId: string): TaskTrace | undefined {
    return this.#traces.get(taskId);
  }

  /** An empty pool. */
  exportPool(): Promise<StoreSnapshot> {
    return Promise.resolve({ units: [], edges: [] });
  }

  /** Ignores the pool. */
  importPool(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing to close. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
