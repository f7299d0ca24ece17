/**
 * Opens a web benchmark from its input file: read, load (every issue named by row and field),
 * filter (GAIA `level`; WebWalkerQA `difficulty`, `lang`, `domain`, `question_type`) and build.
 * Filtering keeps each task's row, so item indices and identities never shift.
 *
 * @module
 */
import { DataUnavailableError, TaskFileError } from "../errors.ts";
import type { AgentLimits } from "../agent/mod.ts";
import { createWebBenchmark, type WebBenchmark } from "./benchmark.ts";
import type { WebScorer } from "./judges.ts";
import type { WebBenchmarkKind } from "./kinds.ts";
import type { WebToolkit } from "./toolkit.ts";
import type { WebTask } from "./web_task.ts";

/** Task filters; each applies only to the benchmarks that have the field. */
export interface WebFilters {
  /** GAIA level 1–3. */
  level?: number;
  /** WebWalkerQA `info.difficulty_level`. */
  difficulty?: string;
  /** WebWalkerQA `info.lang`. */
  lang?: string;
  /** WebWalkerQA `info.domain`. */
  domain?: string;
  /** WebWalkerQA `info.type` (single_source | multi_source). */
  question_type?: string;
}

/** Keeps the tasks every given filter accepts. */
export function filterTasks(tasks: readonly WebTask[], f: WebFilters): WebTask[] {
  const is = (v: unknown, want: string | undefined) =>
    want === undefined || String(v ?? "").toLowerCase() === want.toLowerCase();
  return tasks.filter((t) =>
    (f.level === undefined || t.level === f.level) &&
    is(t.info.difficulty_level, f.difficulty) && is(t.info.lang, f.lang) &&
    is(t.info.domain, f.domain) && is(t.info.type, f.question_type)
  );
}

/** Options of {@linkcode openWebBenchmark}. */
export interface OpenWebOptions {
  toolkit: WebToolkit;
  filters?: WebFilters;
  limits?: Partial<AgentLimits>;
  /** False: a frozen memory (no ingestion). */
  ingest?: boolean;
  /** How answers are graded (default `official`). */
  scorer?: WebScorer;
}

/** Reads and builds; throws `DataUnavailableError` or `TaskFileError`. */
export async function openWebBenchmark(
  kind: WebBenchmarkKind,
  infile: string,
  opts: OpenWebOptions,
): Promise<WebBenchmark> {
  let text: string;
  try {
    text = await Deno.readTextFile(infile);
  } catch (e) {
    throw new DataUnavailableError(
      infile,
      e instanceof Deno.errors.NotFound ? undefined : String(e),
    );
  }
  const loaded = kind.load(text);
  if (!loaded.ok) throw new TaskFileError(infile, loaded.issues);
  const tasks = filterTasks(loaded.tasks, opts.filters ?? {});
  if (tasks.length === 0) {
    throw new TaskFileError(infile, [{
      code: "empty",
      path: [],
      message: "no task passes the filters",
    }]);
  }
  return createWebBenchmark(
    {
      kind,
      text,
      source: infile,
      toolkit: opts.toolkit,
      limits: opts.limits,
      ingest: opts.ingest,
      scorer: opts.scorer,
    },
    tasks,
  );
}
