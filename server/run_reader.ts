/**
 * Read-only access to the run directories under one runs directory: the list with statuses,
 * one run's protocol, split, progress, champion and budget, and its Pareto front, ledger and
 * usage. Every path is confined to the runs directory; partial files are 409s, missing ones
 * 404s. The reader never writes, locks or deletes anything.
 *
 * @module
 */
import {
  BaselineDoneSchema,
  ChampionStateSchema,
  DataSplitSchema,
  EvalProtocolSchema,
  LedgerSchema,
  ParetoFileSchema,
  SearchStateSchema,
  SummarySchema,
  UsageFileSchema,
} from "../search/artifacts.ts";
import { systemClock } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import type {
  CandidateDetail,
  LedgerView,
  ParetoView,
  RoundDetail,
  RoundSummary,
  RunDetail,
  RunListItem,
  UsageView,
} from "./api_schemas.ts";
import { EventFileCursor, type EventReadOptions } from "./event_file.ts";
import { RunReadError } from "./errors.ts";
import { applyEvent, emptyProgress, type ProgressState, wallSeconds } from "./progress_state.ts";
import { isProtectedRun } from "./redact.ts";
import { readCandidate, readRound, readRounds } from "./run_rounds.ts";
import { deriveStatus, readLock } from "./run_status.ts";
import { paretoView } from "./run_views.ts";
import {
  readJsonInRun,
  requireJsonInRun,
  requireRegularFile,
  resolveInRun,
  RunsRoot,
} from "./safe_paths.ts";
import { buildDetail, type DetailInputs } from "./run_detail.ts";

/** Files whose presence makes a folder a run directory. */
const RUN_MARKERS = [
  "events.jsonl",
  "eval_protocol.json",
  ".run_active.lock",
  "search_state.json",
  "summary.json",
];

interface CachedEvents {
  ino: number | null;
  size: number;
  cursor: EventFileCursor;
  state: ProgressState;
}

/**
 * Reads an artifact for an aggregate view: a partial file (409) or one linking outside the run
 * (404) becomes null plus a warning, so one bad file never hides the rest of the run.
 */
async function softRead<T>(
  warnings: RunDetail["warnings"],
  file: string,
  read: Promise<T | undefined>,
): Promise<T | null> {
  try {
    return (await read) ?? null;
  } catch (error) {
    if (!(error instanceof RunReadError) || !["conflict", "not_found"].includes(error.code)) {
      throw error;
    }
    warnings.push({ file, message: error.message });
    return null;
  }
}

/** Options of {@linkcode RunReader}. */
export interface RunReaderOptions {
  /** Time for wall-clock budgets of live runs (defaults to the system clock). */
  clock?: Clock;
  /** Bounds (and a byte counter) of the incremental events-file reads. */
  events?: EventReadOptions;
}

/** Read-only view of a runs directory. */
export class RunReader {
  readonly #root: RunsRoot;
  readonly #clock: Clock;
  readonly #eventReads: EventReadOptions;
  readonly #events = new Map<string, CachedEvents>();

  /** Reads runs under `runsDir`. */
  constructor(runsDir: string, opts: RunReaderOptions = {}) {
    this.#root = new RunsRoot(runsDir);
    this.#clock = opts.clock ?? systemClock;
    this.#eventReads = opts.events ?? {};
  }

  /** The real directory of run `id` (404 when invalid, missing or outside the runs directory). */
  runDir(id: string): Promise<string> {
    return this.#root.run(id);
  }

  /** The real path of a run's `events.jsonl` (it may not exist yet). */
  async eventsPath(id: string): Promise<string> {
    const dir = await this.#root.run(id);
    const path = await resolveInRun(dir, "events.jsonl");
    if (path !== undefined) await requireRegularFile(path, "events.jsonl");
    return path ?? `${dir}/events.jsonl`;
  }

  /** Every run, newest first; folders that are not runs (or escape the runs dir) are skipped. */
  async listRuns(): Promise<RunListItem[]> {
    const out: RunListItem[] = [];
    for (const id of await this.#root.entries()) {
      let dir: string;
      try {
        dir = await this.#root.run(id);
      } catch (error) {
        if (error instanceof RunReadError && error.code === "not_found") continue;
        throw error;
      }
      if (!(await this.#isRun(dir))) continue;
      // One damaged run (a special file, a symlink out) is listed with its reason, never fatal.
      out.push(
        await this.#summarize(id, dir, []).then((s) => s.item, (e) => unreadableItem(id, e)),
      );
    }
    return out.sort((a, b) =>
      (b.started ?? "").localeCompare(a.started ?? "") || a.id.localeCompare(b.id)
    );
  }

  /** One run: protocol, split, progress, champion, budget (unreadable artifacts → warnings). */
  async run(id: string): Promise<RunDetail> {
    const dir = await this.#root.run(id);
    const warnings: RunDetail["warnings"] = [];
    const soft = <T>(file: string, read: Promise<T | undefined>) => softRead(warnings, file, read);
    const { item, state, live, summary, search } = await this.#summarize(id, dir, warnings);
    const inputs: DetailInputs = {
      item,
      state,
      wall_s: wallSeconds(state, live ? this.#clock.now() : null),
      protocol: await soft(
        "eval_protocol.json",
        readJsonInRun(dir, EvalProtocolSchema, "eval_protocol.json"),
      ),
      split: await soft("data_split.json", readJsonInRun(dir, DataSplitSchema, "data_split.json")),
      champion: await soft(
        "champion_state.json",
        readJsonInRun(dir, ChampionStateSchema, "champion_state.json"),
      ),
      search,
      baseline: await soft(
        "baseline/baseline_done.json",
        readJsonInRun(dir, BaselineDoneSchema, "baseline", "baseline_done.json"),
      ),
      summary,
      warnings,
    };
    return buildDetail(inputs);
  }

  /** All rounds of a run. */
  async rounds(id: string): Promise<RoundSummary[]> {
    return await readRounds(await this.#root.run(id));
  }

  /** One round of a run. */
  async round(id: string, t: number): Promise<RoundDetail> {
    const dir = await this.#root.run(id);
    return await readRound(dir, t, await this.#protected(dir));
  }

  /** One candidate of a round. */
  async candidate(id: string, t: number, k: number): Promise<CandidateDetail> {
    const dir = await this.#root.run(id);
    return await readCandidate(dir, t, k, await this.#protected(dir));
  }

  /** The Pareto front and archive with the champion marked. */
  async pareto(id: string): Promise<ParetoView> {
    const dir = await this.#root.run(id);
    const file = await requireJsonInRun(
      dir,
      ParetoFileSchema,
      "the Pareto front",
      "pareto_front.json",
    );
    const champion = await readJsonInRun(dir, ChampionStateSchema, "champion_state.json");
    return paretoView(file, champion?.fingerprint ?? null);
  }

  /** The experience ledger. */
  async ledger(id: string): Promise<LedgerView> {
    const dir = await this.#root.run(id);
    return await requireJsonInRun(dir, LedgerSchema, "the ledger", "ledger", "ledger.json");
  }

  /** Tokens and spend per role and stage. */
  async usage(id: string): Promise<UsageView> {
    const dir = await this.#root.run(id);
    const file = await requireJsonInRun(dir, UsageFileSchema, "usage", "usage.json");
    const { schema_version: _, ...view } = file;
    return view;
  }

  async #isRun(dir: string): Promise<boolean> {
    for (const marker of RUN_MARKERS) {
      // A marker that exists but cannot be read (a symlink out) still makes a run, listed as such.
      if (await resolveInRun(dir, marker).catch(() => "unreadable")) return true;
    }
    return false;
  }

  async #protected(dir: string): Promise<boolean> {
    const state = await this.#progress(dir);
    const protocol = await readJsonInRun(dir, EvalProtocolSchema, "eval_protocol.json")
      .catch(() => undefined);
    return isProtectedRun(state.benchmark, protocol);
  }

  /** The folded events of a run, read incrementally (only bytes appended since last time). */
  async #progress(dir: string): Promise<ProgressState> {
    const path = await resolveInRun(dir, "events.jsonl");
    if (path === undefined) {
      this.#events.delete(dir);
      return emptyProgress();
    }
    await requireRegularFile(path, "events.jsonl");
    const info = await Deno.stat(path);
    let entry = this.#events.get(dir);
    // A shrunk or replaced file (truncated torn line, --force_new) is folded again from scratch.
    if (!entry || entry.ino !== info.ino || info.size < entry.size) {
      entry = {
        ino: info.ino,
        size: 0,
        cursor: new EventFileCursor(path, 0, this.#eventReads),
        state: emptyProgress(),
      };
      this.#events.set(dir, entry);
    }
    for (const e of await entry.cursor.read()) applyEvent(entry.state, e);
    entry.size = info.size;
    return entry.state;
  }

  async #summarize(id: string, dir: string, warnings: RunDetail["warnings"]) {
    const state = await this.#progress(dir);
    const lock = await readLock(dir);
    const quiet = <T>(file: string, read: Promise<T | undefined>) => softRead(warnings, file, read);
    const summary = await quiet("summary.json", readJsonInRun(dir, SummarySchema, "summary.json"));
    const usage = await quiet("usage.json", readJsonInRun(dir, UsageFileSchema, "usage.json"));
    const search = await quiet(
      "search_state.json",
      readJsonInRun(dir, SearchStateSchema, "search_state.json"),
    );
    const status = deriveStatus(lock, state.lifecycle, summary?.status ?? null);
    const v = state.view;
    const scores = v.rounds.map((r) => r.best_score);
    const lifts = v.rounds.map((r) => r.best_lift);
    const item: RunListItem = {
      id,
      status: status.status,
      interrupted: status.interrupted,
      started: state.started ?? lock?.acquired_at ?? null,
      updated: state.updated,
      benchmark: state.benchmark,
      dry_run: state.dry_run,
      synthetic: state.synthetic ?? summary?.synthetic ?? null,
      phase: v.phase ?? search?.phase ?? null,
      rounds_done: Math.max(v.rounds_done, search?.completed_rounds ?? 0),
      rounds_planned: v.rounds_planned ?? search?.max_rounds ?? null,
      best_score: scores.length ? Math.max(...scores) : null,
      best_lift: lifts.length ? Math.max(...lifts) : search?.best_lift ?? null,
      tokens: Math.max(v.tokens, usage?.total_tokens ?? 0, summary?.usage.tokens ?? 0),
      cost_usd: Math.max(v.cost_usd, usage?.cost_usd ?? 0, summary?.usage.cost_usd ?? 0),
      stop_reason: status.stop_reason ?? search?.stop_reason ?? null,
      error: status.error,
    };
    return { item, state, live: status.status === "running", summary, search };
  }
}

/** The list row of a run that cannot be read: status `failed`, with the reason. */
function unreadableItem(id: string, error: unknown): RunListItem {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    id,
    status: "failed",
    interrupted: false,
    started: null,
    updated: null,
    benchmark: null,
    dry_run: null,
    synthetic: null,
    phase: null,
    rounds_done: 0,
    rounds_planned: null,
    best_score: null,
    best_lift: null,
    tokens: 0,
    cost_usd: 0,
    stop_reason: null,
    error: `unreadable run: ${reason}`,
    unreadable: reason,
  };
}
