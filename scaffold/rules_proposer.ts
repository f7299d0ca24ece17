/**
 * The offline meta-proposer: reads trace statistics and proposes one structural revision of the
 * scaffold per attempt. Rules, most evident first: duplicate `key: text` lines → a keyed file
 * with UPSERT; oversized files → pruning and a size warning; stuck or oscillating play → a
 * sensor; writes without a prior read → the consult-before-write rule; most steps' prompts cut by
 * the context budget (memory never reaches the player) → a larger budget, first of all. A
 * continuation attempt
 * keeps the failed revision and adds the next applicable rule.
 *
 * @module
 */
import { canonicalJson } from "../core/canonical_json.ts";
import { type ScaffoldSpec, ScaffoldSpecSchema, type SensorName } from "./spec.ts";
import type { TraceStats } from "./trace_stats.ts";

/** One revision proposal. */
export interface Proposal {
  spec: ScaffoldSpec;
  /** Why (what the statistics showed). */
  analysis: string;
  /** What changed. */
  description: string;
  /** Ids of the changes applied, for the history. */
  changes: string[];
}

/** The largest context budget the budget rule proposes (characters per phase). */
const MAX_BUDGET = 32000;

/** One candidate change. */
interface Change {
  id: string;
  why: string;
  what: string;
  apply(spec: ScaffoldSpec): ScaffoldSpec;
}

function regexOfShape(shape: string): string {
  return "^" + shape.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("<n>", "\\d+") + "$";
}

/** Every change the statistics support and the spec does not have yet, most evident first. */
export function candidateChanges(spec: ScaffoldSpec, stats: TraceStats): Change[] {
  const out: { score: number; change: Change }[] = [];
  const rate = (a: number, b: number) => (b === 0 ? 0 : a / b);
  for (const f of spec.files) {
    const s = stats.files[f.name];
    if (!s) continue;
    if (!f.key_pattern && s.key_shape && (s.repeated_keys > 0 || s.redundant_writes > 0)) {
      const score = rate(s.redundant_writes + s.repeated_keys, s.writes + s.final_lines);
      out.push({
        score: 1 + score,
        change: {
          id: `keyed:${f.name}`,
          why: `${f.name}: ${s.repeated_keys} lines repeat a key of shape ${s.key_shape}, ` +
            `${s.redundant_writes} of ${s.writes} writes were redundant`,
          what: `${f.name} becomes a keyed file (key ${s.key_shape}) written with UPSERT`,
          apply: (x) => ({
            ...x,
            files: x.files.map((g) =>
              g.name === f.name
                ? { ...g, key_pattern: regexOfShape(s.key_shape!), key_hint: s.key_shape! }
                : g
            ),
            log_ops: x.log_ops.includes("UPSERT") ? x.log_ops : [...x.log_ops, "UPSERT"],
          }),
        },
      });
    }
    if (!f.prune && !f.key_pattern && s.final_lines > 60) {
      out.push({
        score: 0.5 + rate(s.final_lines, 400),
        change: {
          id: `prune:${f.name}`,
          why: `${f.name} grew to ${s.final_lines} lines`,
          what: `${f.name} is pruned to its last 30 lines above 60 and warns above 40`,
          apply: (x) => ({
            ...x,
            files: x.files.map((g) =>
              g.name === f.name ? { ...g, prune: { max: 60, keep: 30 }, warn_lines: 40 } : g
            ),
          }),
        },
      });
    }
  }
  const cut = rate(stats.budget_cut_steps, stats.steps);
  if (cut > 0.3 && spec.context_budget_chars < MAX_BUDGET) {
    const next = Math.min(MAX_BUDGET, spec.context_budget_chars * 4);
    out.push({
      // Ahead of every memory change: while the prompt is cut, no memory design can matter.
      score: 2 + cut,
      change: {
        id: `budget:${next}`,
        why: `${(100 * cut).toFixed(0)}% of steps had a prompt cut by the ` +
          `${spec.context_budget_chars}-character context budget, so memory results were crowded ` +
          `out by the instructions and the screen`,
        what: `the context budget per phase grows to ${next} characters`,
        apply: (x) => ({ ...x, context_budget_chars: next }),
      },
    });
  }
  const sensor = (id: SensorName, score: number, why: string) => {
    if (spec.sensors.includes(id)) return;
    out.push({
      score,
      change: {
        id: `sensor:${id}`,
        why,
        what: `the scaffold maintains ${id}.txt from each observation`,
        apply: (x) => ({ ...x, sensors: [...x.sensors, id] }),
      },
    });
  };
  const unproductive = rate(stats.stuck_steps + stats.oscillating_steps, stats.steps);
  if (unproductive > 0.02) {
    sensor(
      "position_visits",
      0.8 + unproductive,
      `${(100 * unproductive).toFixed(1)}% of steps were stuck or oscillating`,
    );
  }
  if (rate(stats.max_zero_streak, Math.max(1, stats.steps / Math.max(1, stats.episodes))) > 0.5) {
    sensor(
      "stairs_seen",
      0.7,
      `the longest run without progress was ${stats.max_zero_streak} steps`,
    );
  }
  if (rate(stats.oscillating_steps, stats.steps) > 0.02) {
    sensor("last_actions", 0.6, `${stats.oscillating_steps} oscillating steps`);
  }
  if (rate(stats.stuck_steps, stats.steps) > 0.02) {
    sensor("stuck_counter", 0.55, `${stats.stuck_steps} steps without any effect`);
  }
  if (!spec.consult_before_write && rate(stats.unconsulted_writes, stats.writes) > 0.5) {
    out.push({
      score: 0.4,
      change: {
        id: "consult_before_write",
        why:
          `${stats.unconsulted_writes} of ${stats.writes} writes were not preceded by a read of the file`,
        what: "LOG must SEARCH or READ a file before writing it",
        apply: (x) => ({ ...x, consult_before_write: true }),
      },
    });
  }
  return out.sort((a, b) => b.score - a.score || a.change.id.localeCompare(b.change.id)).map((x) =>
    x.change
  );
}

/** True when two specs differ in more than prompt wording (rules, name). */
export function isStructural(a: ScaffoldSpec, b: ScaffoldSpec): boolean {
  const strip = (s: ScaffoldSpec) =>
    canonicalJson({ ...s, name: "", log_rules: [], plan_rules: [] });
  return strip(a) !== strip(b);
}

/**
 * The proposal of one attempt: fresh attempt `k` applies the k-th untried change; a
 * continuation applies the failed proposal's changes plus the next untried one.
 */
export function rulesProposal(
  spec: ScaffoldSpec,
  stats: TraceStats,
  tried: ReadonlySet<string>,
  nextName: string,
  continuationOf?: readonly string[],
): Proposal | undefined {
  const all = candidateChanges(spec, stats);
  const base = continuationOf ? all.filter((c) => continuationOf.includes(c.id)) : [];
  const fresh = all.filter((c) => !tried.has(c.id) && !base.some((b) => b.id === c.id));
  if (fresh.length === 0) return undefined;
  const chosen = [...base, fresh[0]];
  let next = spec;
  for (const c of chosen) next = c.apply(next);
  const parsed = ScaffoldSpecSchema.parse({ ...next, name: nextName });
  return {
    spec: parsed,
    analysis: chosen.map((c) => `- ${c.why}`).join("\n"),
    description: chosen.map((c) => `- ${c.what}`).join("\n"),
    changes: chosen.map((c) => c.id),
  };
}
