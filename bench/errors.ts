/**
 * Typed errors of the benchmarks: bad options, missing data files and invalid task files. Each
 * names the field (and line) at fault, so the CLI can print it and exit cleanly. Task-level
 * failures are not thrown but recorded as text, all through {@linkcode errorMessage}.
 *
 * @module
 */
import { AutomemError, type AutomemErrorOptions } from "../core/automem_error.ts";
import type { Issue } from "../core/issues.ts";

/** An option of a benchmark factory is invalid. */
export class BenchConfigError extends AutomemError {
  /** The option at fault. */
  readonly field: string;
  /** Builds the error. */
  constructor(field: string, reason: string) {
    super("bench_config", `invalid benchmark option '${field}': ${reason}`);
    this.name = "BenchConfigError";
    this.field = field;
  }
}

/** A data file a benchmark needs is absent; the CLI skips the benchmark with this message. */
export class DataUnavailableError extends AutomemError {
  /** The path that was looked for. */
  readonly path: string;
  /** Builds the error. */
  constructor(path: string, detail = "file not found", options?: AutomemErrorOptions) {
    super("data_unavailable", `benchmark data unavailable at ${path}: ${detail}`, options);
    this.name = "DataUnavailableError";
    this.path = path;
  }
}

/** A task file failed validation; `issues` carry the line (1-based) and field of each problem. */
export class TaskFileError extends AutomemError {
  /** Every problem found, `path[0]` being the 1-based line (JSONL) or row (JSON array). */
  readonly issues: readonly Issue[];
  /** Builds the error from its issues. */
  constructor(source: string, issues: readonly Issue[]) {
    const first = issues.slice(0, 5).map((i) => i.message).join("; ");
    super(
      "task_file",
      `invalid task file ${source}: ${first}${
        issues.length > 5 ? ` (+${issues.length - 5} more)` : ""
      }`,
    );
    this.name = "TaskFileError";
    this.issues = issues;
  }
}

/** The message of a thrown value, for task results and logs (non-errors are stringified). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Reads a dataset file; a missing one is {@linkcode DataUnavailableError} (callers skip or say so). */
export async function readDataFile(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new DataUnavailableError(path, undefined, { cause: e });
    }
    throw e;
  }
}
