/**
 * Trace statistics that drive scaffold evolution (the inputs the seed's meta-model gets, plus
 * file-level ones): per-file size and duplicate writes, stuck and oscillation rates, writes
 * without a prior read, invalid actions, zero-reward streaks, budget cuts. Computed per episode,
 * stored, and pooled over the episodes of one evaluation.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { linesOf } from "../memory/files/memory_fs.ts";
import { WRITE_OPS } from "../memory/files/wire.ts";
import { BUDGET_MARK } from "./prompts.ts";
import type { StepTrace } from "./trace.ts";

/** Statistics of one file. */
export const FileStatsSchema = z.object({
  final_lines: z.number(),
  writes: z.number(),
  redundant_writes: z.number(),
  unconsulted_writes: z.number(),
  /** Lines of the final content shaped `key: text` with a repeated key. */
  repeated_keys: z.number(),
  /** The most common key shape of `key: text` lines (`d<n>(<n>,<n>)` style), if any. */
  key_shape: z.string().nullable(),
});

/** Statistics of one or more episodes. */
export const TraceStatsSchema = z.object({
  episodes: z.number().int(),
  steps: z.number().int(),
  stuck_steps: z.number().int(),
  oscillating_steps: z.number().int(),
  invalid_actions: z.number().int(),
  budget_cut_steps: z.number().int(),
  max_zero_streak: z.number().int(),
  writes: z.number().int(),
  unconsulted_writes: z.number().int(),
  files: z.record(z.string(), FileStatsSchema),
});

/** Trace statistics. */
export type TraceStats = z.infer<typeof TraceStatsSchema>;

/** Turns a key into its shape: digits become `<n>`. */
export function keyShape(key: string): string {
  return key.replace(/\d+/g, "<n>");
}

/** Statistics of one episode. */
export function episodeStats(traces: readonly StepTrace[]): TraceStats {
  const files: TraceStats["files"] = {};
  const file = (f: string) =>
    files[f] ??= {
      final_lines: 0,
      writes: 0,
      redundant_writes: 0,
      unconsulted_writes: 0,
      repeated_keys: 0,
      key_shape: null,
    };
  let streak = 0, maxStreak = 0, writes = 0, unconsulted = 0, cuts = 0;
  for (const t of traces) {
    streak = t.reward > 0 ? 0 : streak + 1;
    maxStreak = Math.max(maxStreak, streak);
    const turns = [...(t.log?.turns ?? []), ...t.plan.turns];
    if (turns.some((x) => x.prompt.includes(BUDGET_MARK))) cuts++;
    for (const o of turns.flatMap((x) => x.ops)) {
      if (!(WRITE_OPS as readonly string[]).includes(o.op)) continue;
      const s = file(o.file);
      s.writes++;
      writes++;
      if (o.redundant) s.redundant_writes++;
      if (o.consulted === false) {
        s.unconsulted_writes++;
        unconsulted++;
      }
    }
  }
  const last = traces[traces.length - 1];
  for (const [name, content] of Object.entries(last?.memory_snapshot ?? {})) {
    const s = file(name);
    const lines = linesOf(content);
    s.final_lines = lines.length;
    const keys = lines.map((l) => l.match(/^([^:\s][^:]{0,40}):/)?.[1]).filter((k): k is string =>
      !!k
    );
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    s.repeated_keys = [...counts.values()].filter((n) => n > 1).reduce((a, n) => a + n, 0);
    const shapes = new Map<string, number>();
    for (const k of keys) shapes.set(keyShape(k), (shapes.get(keyShape(k)) ?? 0) + 1);
    const top = [...shapes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    s.key_shape = top && top[1] * 2 >= lines.length && top[0].includes("<n>") ? top[0] : null;
  }
  return {
    episodes: 1,
    steps: traces.length,
    stuck_steps: traces.filter((t) => t.stuck).length,
    oscillating_steps: traces.filter((t) => t.oscillating).length,
    invalid_actions: traces.filter((t) => t.fallback || t.repaired).length,
    budget_cut_steps: cuts,
    max_zero_streak: maxStreak,
    writes,
    unconsulted_writes: unconsulted,
    files,
  };
}

/** Pools the statistics of several episodes (sums; maxima for streaks and file sizes). */
export function poolStats(all: readonly TraceStats[]): TraceStats {
  const out: TraceStats = {
    episodes: 0,
    steps: 0,
    stuck_steps: 0,
    oscillating_steps: 0,
    invalid_actions: 0,
    budget_cut_steps: 0,
    max_zero_streak: 0,
    writes: 0,
    unconsulted_writes: 0,
    files: {},
  };
  for (const s of all) {
    out.episodes += s.episodes;
    out.steps += s.steps;
    out.stuck_steps += s.stuck_steps;
    out.oscillating_steps += s.oscillating_steps;
    out.invalid_actions += s.invalid_actions;
    out.budget_cut_steps += s.budget_cut_steps;
    out.max_zero_streak = Math.max(out.max_zero_streak, s.max_zero_streak);
    out.writes += s.writes;
    out.unconsulted_writes += s.unconsulted_writes;
    for (const [name, f] of Object.entries(s.files)) {
      const o = out.files[name];
      if (!o) {
        out.files[name] = { ...f };
        continue;
      }
      o.final_lines = Math.max(o.final_lines, f.final_lines);
      o.writes += f.writes;
      o.redundant_writes += f.redundant_writes;
      o.unconsulted_writes += f.unconsulted_writes;
      o.repeated_keys += f.repeated_keys;
      o.key_shape ??= f.key_shape;
    }
  }
  return out;
}
