/**
 * Progress of `automem run`'s task list: on a TTY one bar (tasks done of selected, correct,
 * incorrect, errors, results kept from an earlier run, ETA) with errors logged above it; piped,
 * one plain line per task; nothing with `--quiet`. Bars come from `progress.ts`, the one module
 * that imports `cli-progress`.
 *
 * @module
 */
import { systemClock } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import { createMultiBar, formatDuration, progressMode, type ProgressStream } from "./progress.ts";

/** How one task ended, as the progress display counts it. */
export type TaskOutcome = "correct" | "incorrect" | "error" | "kept";

/** One finished (or kept) task. */
export interface TaskTick {
  done: number;
  total: number;
  outcome: TaskOutcome;
  /** The plain line for this task (without the newline). */
  line: string;
}

/** Receives finished tasks; `close` restores the terminal. */
export interface TaskProgress {
  readonly mode: "bars" | "plain" | "quiet";
  task(tick: TaskTick): void;
  close(): void;
}

/** Options of {@linkcode createTaskProgress}. */
export interface TaskProgressOptions {
  stream: ProgressStream;
  isTTY: boolean;
  quiet?: boolean;
  /** Bar label, e.g. the benchmark name. */
  name: string;
  /** Tasks selected (the bar's length until a tick says otherwise). */
  total: number;
  clock?: Clock;
}

/** Builds the display: quiet, else a bar on a TTY, else plain lines. */
export function createTaskProgress(opts: TaskProgressOptions): TaskProgress {
  const mode = progressMode(opts);
  if (mode === "quiet") return { mode: "quiet", task() {}, close() {} };
  if (mode === "plain") {
    return { mode: "plain", task: (t) => opts.stream.write(t.line + "\n"), close() {} };
  }
  const clock = opts.clock ?? systemClock;
  const multi = createMultiBar(opts.stream, "{name} {bar} {value}/{total} {info}");
  const bar = multi.create(Math.max(1, opts.total), 0, { name: opts.name, info: "" });
  const counts: Record<TaskOutcome, number> = { correct: 0, incorrect: 0, error: 0, kept: 0 };
  const started = clock.now();
  return {
    mode: "bars",
    task(t) {
      counts[t.outcome]++;
      // Kept results cost nothing; the ETA counts only tasks run in this invocation.
      const ran = t.done - counts.kept;
      const eta = ran > 0 && t.done < t.total
        ? ` | ETA ${formatDuration((clock.now() - started) / ran / 1000 * (t.total - t.done))}`
        : "";
      bar.setTotal(t.total);
      bar.update(t.done, {
        info: `correct ${counts.correct} incorrect ${counts.incorrect} errors ${counts.error}` +
          `${counts.kept ? ` kept ${counts.kept}` : ""}${eta}`,
      });
      if (t.outcome === "error") multi.log(t.line + "\n");
    },
    close() {
      multi.update();
      multi.stop();
    },
  };
}
