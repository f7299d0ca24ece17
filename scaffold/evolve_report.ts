/**
 * The summary and Markdown report of a scaffold evolution run: every attempt with its score, the
 * paired comparison on the search seeds, and the held-out comparison of start vs final.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { AttemptRecordSchema, type EvolveConfig } from "./evolve_store.ts";
import { type EpisodeMetrics, EpisodeMetricsSchema } from "./metrics.ts";

const PairedSchema = z.object({
  seeds: z.number(),
  mean_a: z.number(),
  mean_b: z.number(),
  mean_diff: z.number(),
  wins: z.number(),
  losses: z.number(),
  ties: z.number(),
  se_diff: z.number(),
});

const ComparisonSchema = z.object({
  paired: PairedSchema,
  start_metrics: EpisodeMetricsSchema,
  final_metrics: EpisodeMetricsSchema,
});

/** The summary of a finished run. */
export const EvolveSummarySchema = z.object({
  status: z.literal("finished"),
  env: z.string(),
  proposer: z.string(),
  start_fingerprint: z.string(),
  final_fingerprint: z.string(),
  accepted: z.number().int(),
  attempts: z.number().int(),
  search: ComparisonSchema,
  heldout: ComparisonSchema.nullable(),
  history: z.array(AttemptRecordSchema),
});

/** A run summary. */
export type EvolveSummary = z.infer<typeof EvolveSummarySchema>;

const f4 = (x: number | null) => (x === null ? "-" : x.toFixed(4));

function metricsTable(a: EpisodeMetrics, b: EpisodeMetrics): string[] {
  const rows = ["| metric | start | final |", "|---|---:|---:|"];
  for (const k of Object.keys(EpisodeMetricsSchema.shape) as (keyof EpisodeMetrics)[]) {
    rows.push(`| ${k} | ${f4(a[k])} | ${f4(b[k])} |`);
  }
  return rows;
}

function comparison(title: string, c: z.infer<typeof ComparisonSchema>): string[] {
  const p = c.paired;
  return [
    `## ${title}`,
    "",
    `Mean progression ${f4(p.mean_a)} (start) → ${f4(p.mean_b)} (final), paired difference ` +
    `${f4(p.mean_diff)} ± ${
      f4(p.se_diff)
    } (SE) over ${p.seeds} seeds: ${p.wins} better, ${p.losses} worse, ${p.ties} equal.`,
    "",
    ...metricsTable(c.start_metrics, c.final_metrics),
    "",
  ];
}

/** Renders the report. */
export function renderEvolveReport(s: EvolveSummary, cfg: EvolveConfig): string {
  const seeds = (x: readonly number[]) =>
    x.length ? `${x[0]}–${x[x.length - 1]} (${x.length})` : "none";
  const lines = [
    `# Scaffold evolution on ${s.env}`,
    "",
    `Proposer: ${s.proposer}. Seeds: ${seeds(cfg.seeds)}; held-out: ${seeds(cfg.heldout_seeds)}. ` +
    `Steps per episode: ${cfg.max_steps}. Memory across episodes: ${
      cfg.persist_memory ? "persistent files kept" : "wiped"
    }.`,
    `Start ${s.start_fingerprint.slice(0, 12)} → final ${s.final_fingerprint.slice(0, 12)}; ` +
    `${s.accepted} of ${s.attempts} attempts accepted (accept iff mean progression strictly improves).`,
    "",
    "## Attempts",
    "",
    "| iter | slot | kind | changes | score | baseline | paired diff | W/L/T | accepted |",
    "|---:|---:|---|---|---:|---:|---:|---|---|",
    ...s.history.map((h) =>
      `| ${h.iteration} | ${h.slot} | ${h.kind} | ${h.changes.join(", ") || h.reason} | ${
        f4(h.score)
      } | ${f4(h.baseline)} | ` +
      `${h.paired ? f4(h.paired.mean_diff) : "-"} | ${
        h.paired ? `${h.paired.wins}/${h.paired.losses}/${h.paired.ties}` : "-"
      } | ${h.accepted ? "yes" : "no"} |`
    ),
    "",
    ...comparison("Search seeds (used for decisions)", s.search),
    ...(s.heldout ? comparison("Held-out seeds (never used for a decision)", s.heldout) : []),
  ];
  return lines.join("\n") + "\n";
}
