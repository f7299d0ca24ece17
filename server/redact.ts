/**
 * Protected datasets: benchmarks whose task text must never leave the machine (xBench's
 * questions are published encrypted; LoCoMo conversations and GAIA have the same rule here). The
 * server never returns task text at all, and for a protected run it also withholds answers and
 * the diagnosis model's prose, which may quote a task.
 *
 * @module
 */
import type { EvalProtocol } from "../search/artifacts.ts";

/** Benchmark names whose tasks are protected. */
export const PROTECTED_BENCHMARKS: ReadonlySet<string> = new Set([
  "locomo",
  "xbench",
  "xbench_deepsearch",
  "xbench-deepsearch",
  "gaia",
]);

/** What replaces withheld prose. */
export const WITHHELD = "[withheld: protected dataset]";

const PROTECTED_HINT = /xbench|locomo|gaia/i;

function flagged(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const rec = value as Record<string, unknown>;
  if (rec.protected === true) return true;
  const benchmark = rec.benchmark;
  return typeof benchmark === "string" && PROTECTED_BENCHMARKS.has(benchmark.toLowerCase());
}

function mentionsProtectedData(record: Record<string, unknown>): boolean {
  for (const key of ["data_path", "infile", "conversations", "dataset"]) {
    const v = record[key];
    if (typeof v === "string" && PROTECTED_HINT.test(v)) return true;
  }
  return false;
}

/**
 * True when a run works on a protected dataset: its benchmark is protected, or its protocol's
 * flags or recorded settings point at protected data (a task file of xBench rows).
 */
export function isProtectedRun(
  benchmark: string | null,
  protocol: EvalProtocol | null | undefined,
): boolean {
  if (benchmark !== null && PROTECTED_BENCHMARKS.has(benchmark.toLowerCase())) return true;
  if (!protocol) return false;
  const sources = [protocol.components, protocol.recorded, protocol.components.flags];
  return sources.some((s) =>
    typeof s === "object" && s !== null &&
    (flagged(s) || mentionsProtectedData(s as Record<string, unknown>))
  );
}

/**
 * True when one stored task record carries the protected flag (`protected: true`, or
 * `metadata.protected` / `metadata.benchmark` naming a protected benchmark).
 */
export function isProtectedTaskRecord(raw: unknown): boolean {
  if (typeof raw !== "object" || raw === null) return false;
  const rec = raw as Record<string, unknown>;
  return rec.protected === true || flagged(rec.metadata);
}
