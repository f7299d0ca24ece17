/**
 * Per-step and per-episode metrics of the memory agent, computed from step traces:
 * progression, unproductive-action rate (stuck or oscillating), redundant writes, empty searches,
 * writes per search, consult-before-write compliance, memory and context characters per step.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { WRITE_OPS } from "../memory/files/wire.ts";
import type { StepTrace, TraceOp } from "./trace.ts";

/** Episode metrics. */
export const EpisodeMetricsSchema = z.object({
  progression: z.number(),
  steps: z.number(),
  unproductive_rate: z.number(),
  stuck_rate: z.number(),
  oscillation_rate: z.number(),
  invalid_action_rate: z.number(),
  writes: z.number(),
  searches: z.number(),
  redundant_write_rate: z.number(),
  empty_search_rate: z.number(),
  writes_per_search: z.number(),
  consult_before_write: z.number(),
  memory_chars_per_step: z.number(),
  mem_growth_per_step: z.number(),
  mem_written_per_step: z.number(),
  context_chars_per_step: z.number(),
});

/** Episode metrics. */
export type EpisodeMetrics = z.infer<typeof EpisodeMetricsSchema>;

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const round = (x: number) => Math.round(x * 1e6) / 1e6;

function opsOf(t: StepTrace): TraceOp[] {
  return [...(t.log?.turns ?? []), ...t.plan.turns].flatMap((turn) => turn.ops);
}

/** Computes the metrics of an episode from its traces. */
export function episodeMetrics(
  traces: readonly StepTrace[],
  progression: number,
  initialChars: number,
): EpisodeMetrics {
  const n = traces.length;
  let writes = 0, searches = 0, redundant = 0, empty = 0, consulted = 0, logWrites = 0;
  let written = 0;
  for (const t of traces) {
    for (const o of opsOf(t)) {
      if ((WRITE_OPS as readonly string[]).includes(o.op)) {
        writes++;
        if (o.redundant) redundant++;
        if (o.consulted !== undefined) {
          logWrites++;
          if (o.consulted) consulted++;
        }
        written += o.arg.length;
      } else if (o.op === "SEARCH") {
        searches++;
        if (/^\[(No lines matching|FILE IS EMPTY)/.test(o.result)) empty++;
      }
    }
  }
  const stuck = traces.filter((t) => t.stuck).length;
  const osc = traces.filter((t) => t.oscillating).length;
  const unproductive = traces.filter((t) => t.stuck || t.oscillating).length;
  const last = traces[n - 1];
  return {
    progression: round(progression),
    steps: n,
    unproductive_rate: round(ratio(unproductive, n)),
    stuck_rate: round(ratio(stuck, n)),
    oscillation_rate: round(ratio(osc, n)),
    invalid_action_rate: round(ratio(traces.filter((t) => t.fallback || t.repaired).length, n)),
    writes,
    searches,
    redundant_write_rate: round(ratio(redundant, writes)),
    empty_search_rate: round(ratio(empty, searches)),
    writes_per_search: round(ratio(writes, searches)),
    consult_before_write: round(ratio(consulted, logWrites)),
    memory_chars_per_step: round(ratio(traces.reduce((s, t) => s + t.memory_chars, 0), n)),
    mem_growth_per_step: round(ratio((last?.memory_chars ?? initialChars) - initialChars, n)),
    mem_written_per_step: round(ratio(written, n)),
    context_chars_per_step: round(ratio(traces.reduce((s, t) => s + t.context_chars, 0), n)),
  };
}

/** Mean of each metric over episodes. */
export function meanMetrics(all: readonly EpisodeMetrics[]): EpisodeMetrics {
  const keys = Object.keys(EpisodeMetricsSchema.shape) as (keyof EpisodeMetrics)[];
  const out = {} as Record<keyof EpisodeMetrics, number>;
  for (const k of keys) out[k] = round(ratio(all.reduce((s, m) => s + m[k], 0), all.length));
  return out as EpisodeMetrics;
}
