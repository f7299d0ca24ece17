/**
 * Protected benchmarks (xBench-DeepSearch) must never have their decrypted text written out. A
 * memory trace quotes the task (the retrieval query) and units derived from earlier tasks; for
 * protected tasks both are replaced by a marker before the trace leaves the benchmark, keeping
 * ids, scores and outcomes for diagnosis.
 *
 * @module
 */
import type { TaskTrace } from "../../memory/provider_port.ts";

/** What stands in for protected text. */
export const PROTECTED = "[protected]";

/** A copy of `trace` without task or unit text. */
export function redactTrace(trace: TaskTrace | null): TaskTrace | null {
  if (!trace) return null;
  return {
    ...trace,
    retrievals: trace.retrievals.map((r) => ({
      ...r,
      query: { ...r.query, literal: PROTECTED, abstract: r.query.abstract ? PROTECTED : "" },
      candidates: r.candidates.map((c) => ({ ...c, text: PROTECTED })),
    })),
  };
}
