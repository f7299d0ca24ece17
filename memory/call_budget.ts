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
 * Calls outside a task (evaluation `search`, extraction, management) are not budgeted here.
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

  /** Drops a finished task's count. */
  forget(taskId: string): void {
    this.#used.delete(taskId);
  }

  /** Forwards the call, or rejects it with `call_budget` when the task's budget is spent. */
  chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const task = this.#task;
    if (task !== undefined) {
      const used = this.used(task);
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
