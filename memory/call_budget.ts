/**
 * The per-task budget of memory-side model calls for guidance. Without it, a task with a refresh
 * costs two planner calls, two composer calls (and two rerank or HyDE calls for those retrievers)
 * plus its extraction: about 5 to 7 memory-side calls, measured by `automem bench calls`. With it,
 * the BEGIN and refresh requests of one task share {@linkcode GUIDANCE_CALLS_PER_TASK} calls; a
 * request past the budget takes each component's offline path (literal query, the retriever's
 * fallback order, the composer's top-1 fallback), exactly as it would without a model. With the one
 * batched extraction call of `endTask`, a task then costs at most 3 memory-side calls plus its
 * share of management ops. Offline nothing changes: there is no model to call.
 *
 * Management ops with a model path (batched `reflection_correction`, LLM consolidation) run after a
 * task, outside any guidance budget; each of their calls goes through {@linkcode ManagementCalls},
 * which records a debt here, and the next task that asks for guidance repays it: its first guidance
 * call is refused (the planner's, or the retriever's own call, takes its offline path) instead of
 * the memory going past 3 calls per task. So over a run the memory makes at most 3 calls per task
 * plus the debt still open at the end (the management calls of the last pass). The debt lives in
 * this object: a provider that is recreated for every task starts without it.
 *
 * Calls outside a task (evaluation `search`, extraction) are not budgeted here.
 *
 * @module
 */
import { type ChatModel, type ChatRequest, type ChatResult, ModelError } from "../core/ports.ts";

/** Model calls the guidance of one task (BEGIN plus refresh) may make. */
export const GUIDANCE_CALLS_PER_TASK = 2;

/** A model wrapper that counts calls per task and refuses those past the budget. */
export class GuidanceCallBudget implements ChatModel {
  /** Id of the wrapped model. */
  readonly id: string;
  readonly #inner: ChatModel;
  readonly #limit: number;
  readonly #used = new Map<string, number>();
  #task: string | undefined;
  #debt = 0;

  /** Wraps `inner` with `limit` calls per task. */
  constructor(inner: ChatModel, limit = GUIDANCE_CALLS_PER_TASK) {
    this.#inner = inner;
    this.#limit = limit;
    this.id = inner.id;
  }

  /** Runs `fn` with calls charged to `taskId` (callers are serialised, as the provider is). */
  async within<T>(taskId: string, fn: () => Promise<T>): Promise<T> {
    this.#task = taskId;
    try {
      return await fn();
    } finally {
      this.#task = undefined;
    }
  }

  /** Calls charged to `taskId` so far. */
  used(taskId: string): number {
    return this.#used.get(taskId) ?? 0;
  }

  /** Management calls made and not yet repaid by a later task's guidance. */
  get debt(): number {
    return this.#debt;
  }

  /** Records a management call, repaid by the next task that asks for guidance. */
  owe(): void {
    this.#debt++;
  }

  /** Drops a finished task's count. */
  forget(taskId: string): void {
    this.#used.delete(taskId);
  }

  /** Forwards the call, or rejects it with `call_budget` when the task's budget is spent. */
  chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const task = this.#task;
    if (task !== undefined) {
      const used = this.used(task);
      if (used === 0 && this.#debt > 0) {
        // This task's first guidance call repays a management call: the budget of the whole
        // memory stays at 3 calls per task, and the component takes its offline path.
        this.#debt--;
        this.#used.set(task, 1);
        return Promise.reject(
          new ModelError(
            "call_budget",
            `task ${task} repays a management call; ${
              request.purpose ?? "this call"
            } takes its offline path`,
          ),
        );
      }
      if (used >= this.#limit) {
        return Promise.reject(
          new ModelError(
            "call_budget",
            `task ${task} spent its ${this.#limit} guidance calls; ${
              request.purpose ?? "this call"
            } takes its offline path`,
          ),
        );
      }
      this.#used.set(task, used + 1);
    }
    return this.#inner.chat(request);
  }
}

/** The management pipeline's model: every call is charged to the guidance budget as a debt. */
export class ManagementCalls implements ChatModel {
  /** Id of the wrapped model. */
  readonly id: string;
  readonly #inner: ChatModel;
  readonly #budget: GuidanceCallBudget;

  /** Wraps `inner`, recording each call as a debt of `budget`. */
  constructor(inner: ChatModel, budget: GuidanceCallBudget) {
    this.#inner = inner;
    this.#budget = budget;
    this.id = inner.id;
  }

  /** Records the debt, then forwards the call. */
  chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    this.#budget.owe();
    return this.#inner.chat(request);
  }
}
