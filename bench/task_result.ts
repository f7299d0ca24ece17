/**
 * The bookkeeping every single-answer benchmark does around a {@linkcode TaskResult}: start from
 * a zero record, and once the task is over derive its totals, latency and trace in one place so
 * no benchmark can forget one of them.
 *
 * @module
 */
import type { Clock } from "../core/ports.ts";
import type { MemoryProvider } from "../memory/provider_port.ts";
import type { BenchTask, TaskResult } from "./benchmark_port.ts";

/** A failed, zero-cost result for `task`, to be filled in as the task runs. */
export function emptyTaskResult(
  task: BenchTask,
  judgeStatus: TaskResult["judge_status"],
): TaskResult {
  return {
    task_id: task.id,
    identity: task.identity,
    level: task.level,
    success: false,
    score: 0,
    judge_status: judgeStatus,
    steps: 0,
    tokens: {},
    total_tokens: 0,
    memory_tokens: 0,
    latency_ms: 0,
    trace: null,
  };
}

/**
 * Sets the fields derived at the end of a task: `total_tokens` over every role, `latency_ms`
 * since `started` and the provider's trace of the task. Returns `result`.
 */
export function finishTaskResult(
  result: TaskResult,
  provider: MemoryProvider,
  clock: Clock,
  started: number,
): TaskResult {
  result.total_tokens = Object.values(result.tokens).reduce(
    (n, t) => n + t.prompt + t.completion,
    0,
  );
  result.latency_ms = Math.max(0, clock.now() - started);
  result.trace = provider.traceOf(result.task_id) ?? null;
  return result;
}
