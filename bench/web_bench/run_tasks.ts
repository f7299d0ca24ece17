/**
 * The runner behind `automem run`: selects tasks by 1-based item index (`1,3,5-8`) and
 * `sample_num`, skips tasks whose result file is already valid, runs the rest (at most
 * `concurrency` at a time) and writes each result file atomically the moment it is done, so a
 * killed run resumes where it stopped. Nothing here formats text for people.
 *
 * @module
 */
import type { BenchTask, RunDeps } from "../benchmark_port.ts";
import type { Rng } from "../../core/ports.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";
import { AutomemError } from "../../core/automem_error.ts";
import type { WebBenchmark, WebTaskRecord } from "./benchmark.ts";
import { readValidTaskFile, taskFileOf, type WebTaskFile, writeTaskFile } from "./task_files.ts";

/** Parses `5`, `1-10`, `1,3,5-8` into sorted unique 1-based indices. */
export function parseTaskIndices(text: string): number[] {
  const out = new Set<number>();
  for (const token of text.split(",").map((t) => t.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(token);
    const lo = m ? Number(m[1]) : NaN;
    const hi = m?.[2] !== undefined ? Number(m[2]) : lo;
    if (!m || lo < 1 || hi < lo) {
      throw new AutomemError(
        "invalid_task_indices",
        `--task_indices: '${token}' is not a 1-based index or range like 5-8`,
      );
    }
    for (let i = lo; i <= hi; i++) out.add(i);
  }
  if (out.size === 0) throw new AutomemError("invalid_task_indices", "--task_indices is empty");
  return [...out].sort((a, b) => a - b);
}

/** The tasks to run: by item index (when given), then the first `sampleNum`. */
export function selectTasks(
  tasks: readonly BenchTask[],
  indices: readonly number[] | undefined,
  sampleNum: number | undefined,
): BenchTask[] {
  const item = (t: BenchTask) => Number(t.metadata.item_index);
  let chosen = [...tasks];
  if (indices) {
    const known = new Set(tasks.map(item));
    const missing = indices.filter((i) => !known.has(i));
    if (missing.length) {
      throw new AutomemError(
        "invalid_task_indices",
        `--task_indices: no task at item ${missing.slice(0, 5).join(", ")} ` +
          `(the file has items 1-${Math.max(...known)}, after filters ${known.size} tasks)`,
      );
    }
    const wanted = new Set(indices);
    chosen = chosen.filter((t) => wanted.has(item(t)));
  }
  return sampleNum !== undefined ? chosen.slice(0, sampleNum) : chosen;
}

/** One finished or skipped task, for progress display. */
export interface TaskProgress {
  done: number;
  total: number;
  file: WebTaskFile;
  skipped: boolean;
}

/** Options of {@linkcode runWebTasks}. */
export interface RunWebTasksOptions {
  benchmark: WebBenchmark;
  tasks: readonly BenchTask[];
  tasksDir: string;
  provider: MemoryProvider;
  deps: Omit<RunDeps, "rng">;
  rng: Rng;
  concurrency: number;
  onTask?: (p: TaskProgress) => void;
  /** Runs a task elsewhere (a queue worker) instead of `benchmark.runWebTask` here. */
  remote?: (task: BenchTask) => Promise<WebTaskRecord>;
}

/** What a run produced: one entry per selected task in item order (undefined: not valid). */
export interface RunWebTasksResult {
  files: (WebTaskFile | undefined)[];
  skipped: number;
  ran: number;
}

/** Runs the selected tasks; see the module doc. Rejects only when `deps.signal` aborts. */
export async function runWebTasks(opts: RunWebTasksOptions): Promise<RunWebTasksResult> {
  const { tasks, tasksDir } = opts;
  await Deno.mkdir(tasksDir, { recursive: true });
  const files = new Array<WebTaskFile | undefined>(tasks.length);
  const todo: number[] = [];
  let done = 0;
  let skipped = 0;
  for (const [i, t] of tasks.entries()) {
    const existing = await readValidTaskFile(tasksDir, Number(t.metadata.item_index), t.identity);
    if (existing) {
      files[i] = existing;
      skipped++;
      opts.onTask?.({ done: ++done, total: tasks.length, file: existing, skipped: true });
    } else todo.push(i);
  }
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const i = todo[next++];
      const task = tasks[i];
      if (opts.deps.signal?.aborted) return;
      const record = opts.remote
        // A remote task stops waiting on interrupt; its job may still finish on the worker.
        ? await opts.remote(task).catch((e) => {
          if (opts.deps.signal?.aborted) return undefined;
          throw e;
        })
        : await opts.benchmark.runWebTask(task, opts.provider, {
          ...opts.deps,
          rng: opts.rng.fork(task.id),
        });
      if (opts.deps.signal?.aborted || !record) return;
      const file = taskFileOf(record, task.identity);
      await writeTaskFile(tasksDir, file);
      files[i] = file.status === "success" && !file.judge_unjudged ? file : undefined;
      opts.onTask?.({ done: ++done, total: tasks.length, file, skipped: false });
    }
  };
  const n = Math.max(1, Math.min(opts.concurrency, todo.length));
  await Promise.all(Array.from({ length: n }, worker));
  // Fresh and resumed results read back the same way, so outputs do not depend on the history.
  for (const [i, t] of tasks.entries()) {
    if (files[i]) {
      files[i] = await readValidTaskFile(tasksDir, Number(t.metadata.item_index), t.identity);
    }
  }
  return { files, skipped, ran: todo.length };
}
