/**
 * Opens a web benchmark from its input file: read, load (every issue named by row and field),
 * where a parquet file (GAIA's `metadata.parquet`, WebWalkerQA's converted split) is read into
 * the same rows as its JSON form, so one loader checks both;
 * filter (GAIA `level`; WebWalkerQA `difficulty`, `lang`, `domain`, `question_type`) and build.
 * Filtering keeps each task's row, so item indices and identities never shift.
 *
 * @module
 */
import { extname } from "node:path";
import { DataUnavailableError, TaskFileError } from "../errors.ts";
import { isParquet, parquetRows } from "../task_file/parquet_rows.ts";
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

/** The file's text; a parquet file becomes the JSON array of its rows. */
async function inputText(infile: string, bytes: Uint8Array): Promise<string> {
  if (!isParquet(bytes)) {
    if (extname(infile).toLowerCase() === ".parquet") {
      throw new TaskFileError(infile, [{
        code: "invalid_parquet",
        path: [],
        message: "the file has a .parquet name but no parquet magic bytes",
      }]);
    }
    return new TextDecoder().decode(bytes);
  }
  const read = await parquetRows(bytes);
  if (!read.ok) throw new TaskFileError(infile, [read.issue]);
  return JSON.stringify(read.rows);
}

/** Reads and builds; throws `DataUnavailableError` or `TaskFileError`. */
export async function openWebBenchmark(
  kind: WebBenchmarkKind,
  infile: string,
  opts: OpenWebOptions,
): Promise<WebBenchmark> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(infile);
  } catch (e) {
    throw new DataUnavailableError(
      infile,
      e instanceof Deno.errors.NotFound ? undefined : String(e),
    );
  }
  const text = await inputText(infile, bytes);
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
