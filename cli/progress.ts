/**
 * Terminal progress of a search, driven only by its events: progress bars for rounds,
 * candidates and tasks on a TTY (with ETA, tokens and cost so far), one plain line per event when
 * piped, one JSON object per event with `--log_format json`, nothing with `--quiet`. The only
 * module that imports `cli-progress`.
 *
 * @module
 */
import cliProgress from "npm:cli-progress@3.12.0";
import { systemClock } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import type { RunEvent } from "../search/events.ts";
import { applyEvent, emptyProgress, type ProgressState } from "../server/progress_state.ts";

/** How progress is shown. */
export type ProgressMode = "bars" | "plain" | "json" | "quiet";

/** A text sink with what `cli-progress` needs of a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Options of {@linkcode createProgress}. */
export interface ProgressOptions {
  stream: ProgressStream;
  isTTY: boolean;
  quiet?: boolean;
  logFormat?: "text" | "json";
  /** Time for the ETA (defaults to the system clock). */
  clock?: Clock;
}

/** Receives a run's events and shows them; `close` restores the terminal. */
export interface ProgressReporter {
  readonly mode: ProgressMode;
  onEvent(event: RunEvent): void;
  close(): void;
}

/** Picks the display: quiet wins, then JSON, then bars on a TTY, plain lines otherwise. */
export function progressMode(
  opts: Pick<ProgressOptions, "isTTY" | "quiet" | "logFormat">,
): ProgressMode {
  if (opts.quiet) return "quiet";
  if (opts.logFormat === "json") return "json";
  return opts.isTTY ? "bars" : "plain";
}

const int = (v: number) => Math.round(v).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const s3 = (v: number | null) => (v === null ? "–" : v.toFixed(3));

/** Formats a duration in seconds as `1h 02m`, `3m 05s` or `42s`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}h ${pad(m)}m` : m > 0 ? `${m}m ${pad(r)}s` : `${r}s`;
}

/** One human-readable line for an event (the piped format). */
export function formatEventLine(e: RunEvent): string {
  const head = `#${e.seq} ${e.at.slice(11, 19)} ${e.type}`;
  switch (e.type) {
    case "run_started":
      return `${head} ${e.benchmark} proposer=${e.proposer} rounds=${e.max_rounds} candidates=${e.num_candidates}` +
        `${e.dry_run ? " dry-run" : ""}${e.resumed ? " resumed" : ""}`;
    case "phase_started":
      return `${head} ${e.phase} tasks=${e.n_tasks}`;
    case "phase_finished":
      return `${head} ${e.phase} score=${s3(e.score)}${e.reused ? " reused" : ""}`;
    case "round_started":
      return `${head} round=${e.round} fold=${e.fold} tasks=${e.n_tasks}`;
    case "proposals_ready":
      return `${head} round=${e.round} proposer=${e.proposer} ${
        e.candidates.map((c) => c.label).join(", ")
      }`;
    case "candidate_started":
      return `${head} ${e.stage}${
        e.round === null ? "" : ` round=${e.round}`
      } #${e.candidate} ${e.label} tasks=${e.n_tasks}`;
    case "task_finished":
      return `${head} ${e.stage}${e.round === null ? "" : ` round=${e.round}`}` +
        `${e.candidate === null ? "" : ` #${e.candidate}`} ${e.task_id} ${e.index}/${e.n_tasks} ` +
        `score=${s3(e.score)} tokens=${int(e.tokens)}`;
    case "candidate_finished":
      return `${head} ${e.stage}${
        e.round === null ? "" : ` round=${e.round}`
      } #${e.candidate} ${e.label} ` +
        `${e.status}${
          e.metrics ? ` score=${s3(e.metrics.score)} lift=${s3(e.metrics.lift)}` : ""
        }` +
        `${e.error ? ` error=${e.error}` : ""}`;
    case "diagnosis_ready":
      return `${head} round=${e.round} #${e.candidate} ${e.primary_signal} → ${e.recommended_action}`;
    case "champion_changed":
      return `${head} round=${e.round} ${e.label} (${e.mode}${
        e.p_value === null ? "" : `, p=${s3(e.p_value)}`
      })`;
    case "round_finished":
      return `${head} round=${e.round} best=${s3(e.best_score)} mean=${s3(e.mean_score)} ` +
        `lift=${s3(e.best_lift)} tokens=${int(e.usage.tokens)} cost=$${
          e.usage.cost_usd.toFixed(4)
        }`;
    case "run_finished":
      return `${head} ${e.status}${
        e.stop_reason ? ` (${e.stop_reason})` : ""
      } rounds=${e.rounds} ` +
        `winner=${e.winner?.label ?? "–"} tokens=${int(e.usage.tokens)} cost=$${
          e.usage.cost_usd.toFixed(4)
        }`;
    case "run_failed":
      return `${head} ${e.error}`;
    case "unit_dispatch":
      return `${head} ${e.label} ${e.state}${e.worker ? ` on ${e.worker}` : ""}`;
  }
}

/** One progress bar; `payload` fills the format's `{fields}`. */
export interface Bar {
  update(value: number, payload?: Record<string, unknown>): void;
  setTotal(total: number): void;
}

/** Bars drawn together, with lines logged above them. */
export interface MultiBar {
  create(total: number, start: number, payload?: Record<string, unknown>): Bar;
  log(text: string): void;
  /** Redraws now (also flushes lines queued by `log`). */
  update(): void;
  stop(): void;
}

/** A set of terminal bars on `stream` (e.g. `{name} {bar} {value}/{total} {info}`). */
export function createMultiBar(stream: ProgressStream, format: string): MultiBar {
  const Multi = cliProgress.MultiBar as new (opts: unknown, preset: unknown) => MultiBar;
  return new Multi({
    stream,
    format,
    barsize: 24,
    hideCursor: true,
    clearOnComplete: false,
    autopadding: true,
    fps: 5,
  }, cliProgress.Presets.shades_classic);
}

/** Events shown as lines above the bars (the rest only move the bars). */
const MILESTONES = new Set<RunEvent["type"]>([
  "run_started",
  "phase_finished",
  "proposals_ready",
  "candidate_finished",
  "champion_changed",
  "round_finished",
  "run_finished",
  "run_failed",
]);

class BarsReporter implements ProgressReporter {
  readonly mode = "bars" as const;
  readonly #multi: MultiBar;
  readonly #bars: { rounds: Bar; candidates: Bar; tasks: Bar };
  readonly #clock: Clock;
  readonly #state: ProgressState = emptyProgress();
  #workStart: { ms: number; done: number } | null = null;

  constructor(stream: ProgressStream, clock: Clock) {
    this.#clock = clock;
    this.#multi = createMultiBar(stream, "{name} {bar} {value}/{total} {info}");
    this.#bars = {
      rounds: this.#multi.create(1, 0, { name: "rounds    ", info: "" }),
      candidates: this.#multi.create(1, 0, { name: "candidates", info: "" }),
      tasks: this.#multi.create(1, 0, { name: "tasks     ", info: "" }),
    };
  }

  onEvent(e: RunEvent): void {
    const before = this.#state.view.phase + ":" + this.#state.view.round;
    applyEvent(this.#state, e);
    const v = this.#state.view;
    if (before !== v.phase + ":" + v.round) this.#workStart = null;
    const now = this.#clock.now();
    this.#workStart ??= { ms: now, done: v.tasks_done };
    let eta = "";
    const doneHere = v.tasks_done - this.#workStart.done;
    if (v.tasks_total !== null && doneHere > 0 && v.tasks_total > v.tasks_done) {
      const perTask = (now - this.#workStart.ms) / doneHere / 1000;
      eta = `ETA ${formatDuration(perTask * (v.tasks_total - v.tasks_done))}`;
    }
    const money = `${int(v.tokens)} tok $${v.cost_usd.toFixed(4)}`;
    this.#bars.rounds.setTotal(Math.max(1, v.rounds_planned ?? 1));
    this.#bars.rounds.update(v.rounds_done, { info: v.phase ? `phase ${v.phase}` : "" });
    this.#bars.candidates.setTotal(Math.max(1, v.candidates_total ?? v.candidates.length));
    const q = v.queue;
    const queue = q
      ? `queue ${q.queued} queued ${q.active} active ${q.done} done on ${
        q.workers.map((w) => `${w.worker}:${w.active}/${w.done}`).join(" ")
      }`
      : "";
    this.#bars.candidates.update(v.candidates_done, {
      info: [v.round === null ? "" : `round ${v.round}`, queue].filter(Boolean).join(" | "),
    });
    this.#bars.tasks.setTotal(Math.max(1, v.tasks_total ?? v.tasks_done));
    this.#bars.tasks.update(v.tasks_done, { info: [eta, money].filter(Boolean).join(" | ") });
    if (MILESTONES.has(e.type)) {
      this.#multi.log(formatEventLine(e) + "\n");
      this.#multi.update();
    }
  }

  close(): void {
    this.#multi.update();
    this.#multi.stop();
  }
}

/** Builds the progress display for the given terminal and flags. */
export function createProgress(opts: ProgressOptions): ProgressReporter {
  const mode = progressMode(opts);
  const write = (line: string) => opts.stream.write(line + "\n");
  switch (mode) {
    case "quiet":
      return { mode, onEvent() {}, close() {} };
    case "json":
      return { mode, onEvent: (e) => write(JSON.stringify(e)), close() {} };
    case "plain":
      return { mode, onEvent: (e) => write(formatEventLine(e)), close() {} };
    case "bars":
      return new BarsReporter(opts.stream, opts.clock ?? systemClock);
  }
}
